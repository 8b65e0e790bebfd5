import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_UK_HOST_MARKER,
  TICKET_CREATE_PER_IP_PER_MINUTE,
  TICKET_CREATE_PER_USER_PER_MINUTE,
} from '@selfserve/contract';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
// src/ in development and dist/ when bundled are both one level under packages/server.
const defaultStaticDir = path.resolve(here, '../../web/dist');
const defaultKbContentDir = path.resolve(here, '../../../content/kb');
const defaultLocalesDir = path.resolve(here, '../../contract/locales');

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** "Download the app" targets: an http(s) address or a store scheme (market://); empty counts as unset. */
function downloadUrl(name: string) {
  return z
    .string()
    .trim()
    .refine(
      (v) => v === '' || /^(https?:\/\/[^\s/?#]+[^\s]*|(market|itms-apps):\/\/\S+)$/i.test(v),
      `${name} must be an https:// address (or market:// / itms-apps://), like https://example.com/app`,
    )
    .optional()
    .transform((v) => v || undefined);
}

/** Every environment variable the server reads, with its default (README "Configuration"). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite)')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/i)
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  UPLOAD_STORAGE: z.enum(['disk', 'database'], { message: "UPLOAD_STORAGE must be 'disk' or 'database'" }).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  APP_JWT_SECRET: z.string().min(32, 'APP_JWT_SECRET must be at least 32 characters').optional(),
  APP_JWT_ISSUER: z.string().min(1).default('selfserve-host-app'),
  APP_JWT_AUDIENCE: z.string().min(1).default('selfserve'),
  DEMO_MODE: boolish.optional(),
  SEED_DEMO_DATA: boolish.default(true),
  SEED_ANCHOR: z
    .string()
    .refine((v) => v === 'now' || !Number.isNaN(Date.parse(v)), "SEED_ANCHOR must be 'now' or an ISO date")
    .default('now'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UK_HOST_MARKER: z.string().default(DEFAULT_UK_HOST_MARKER),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY must be false, the number of proxies in front (1), or their addresses (10.0.0.1,10.0.0.0/8); "true" would trust any client\'s X-Forwarded-For',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  FRAME_ANCESTORS: z
    .string()
    .default('')
    .refine(
      (v) => v.split(/[\s,]+/).every((s) => s === '' || /^(https?:\/\/[a-z0-9.*-]+(:\d+)?|'self')$/i.test(s)),
      "FRAME_ANCESTORS must list origins (https://app.example.com) or 'self', separated by spaces or commas",
    ),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600000).default(60000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600000).default(10000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(5000),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  STATIC_DIR: z.string().default(defaultStaticDir),
  KB_CONTENT_DIR: z.string().default(defaultKbContentDir),
  LOCALES_DIR: z.string().default(defaultLocalesDir),
  HIDE_WRITE_TO_US: boolish.default(false),
  HIDE_CALL_US: boolish.default(false),
  HIDE_CHAT: boolish.default(false),
  // The operators' bearer token for the admin calls (the chat configuration, docs/chat.md); unset: those calls are 404.
  ADMIN_API_TOKEN: z.string().min(32, 'ADMIN_API_TOKEN must be at least 32 characters').optional(),
  // Where /chatbot posts its form (core.md §7); unset: our own chat (docs/chat.md).
  CHAT_HANDOFF_URL: z
    .string()
    .trim()
    .regex(
      /^https?:\/\/[^\s/?#]+\S*$/,
      'CHAT_HANDOFF_URL must be an http(s):// address, like https://support.example.com/chat',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10000),
  // Worker processes of one server (node:cluster); above 1 needs REDIS_URL (docs/performance.md).
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Operations (docs/operations.md): the scrape token of /metrics (unset: no metrics, 404) and the overload limits.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  PRESSURE_MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).default(0),
  PRESSURE_MAX_RSS_BYTES: z.coerce.number().int().min(0).default(0),
  PRESSURE_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(10),
  BACKUP_DIR: z.string().optional(),
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  TICKET_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(TICKET_CREATE_PER_USER_PER_MINUTE),
  TICKET_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(TICKET_CREATE_PER_IP_PER_MINUTE),
  TELEPHONY_SECRET: z.string().min(32, 'TELEPHONY_SECRET must be at least 32 characters').optional(),
  CAPTCHA_SECRET: z.string().min(32, 'CAPTCHA_SECRET must be at least 32 characters').optional(),
  // The captcha's work: the browser tries on average half this many hashes (docs/captcha.md).
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  TELEPHONY_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(60000).default(1500),
  // A real telephony provider (docs/telephony.md): its API base and key; unset keeps the demo simulator (or no calls).
  TELEPHONY_PROVIDER_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s/?#]+\S*$/,
      'TELEPHONY_PROVIDER_URL must be an http(s):// address, like https://telephony.example.com/v1',
    )
    .optional(),
  TELEPHONY_API_KEY: z.string().min(16, 'TELEPHONY_API_KEY must be at least 16 characters').optional(),
  TELEPHONY_TIMEOUT_MS: z.coerce.number().int().min(500).max(60000).default(5000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL (leave it unset to keep mail in the outbox)')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Selfserve Help <help@selfserve.local>'),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+$/, 'PUBLIC_URL must be the site origin, like https://help.example.com (no path)')
    .optional(),
  APP_DOWNLOAD_URL: downloadUrl('APP_DOWNLOAD_URL'),
  APP_DOWNLOAD_URL_ANDROID: downloadUrl('APP_DOWNLOAD_URL_ANDROID'),
  APP_DOWNLOAD_URL_IOS: downloadUrl('APP_DOWNLOAD_URL_IOS'),
});

/** The demo app token key: public on purpose so the demo's app sign-in can be tried (docs/auth.md). */
export const DEMO_APP_JWT_SECRET = 'selfserve-demo-app-token-key-not-for-production';

/** Parses the environment or throws one readable line per bad variable (config fails fast). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return configFrom(parsed.data);
}

/** The app's configuration, made from the parsed environment: its type is AppConfig (one place, no copy to drift). */
function configFrom(e: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(e.DATA_DIR);
  const demoMode = e.DEMO_MODE ?? e.NODE_ENV !== 'production';
  const sessionSecret = e.SESSION_SECRET ?? persistedSecret(dataDir, 'session-secret');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /**
     * Where uploaded documents' bytes live: `database` (every instance reads them) or `disk` under DATA_DIR/uploads
     * (one instance). PostgreSQL means several instances may run: a file on one instance's disk would be a 404 on
     * another, so `database` is its default.
     */
    uploadStorage: e.UPLOAD_STORAGE ?? (e.DATABASE_URL ? 'database' : 'disk'),
    redisUrl: e.REDIS_URL,
    sessionSecret,
    /** shared secret of the telephony provider's callbacks; the demo simulator and the server share a derived one */
    telephonySecret:
      e.TELEPHONY_SECRET ?? crypto.createHmac('sha256', sessionSecret).update('telephony').digest('base64url'),
    /** signs the captcha's challenges (docs/captcha.md); several instances must share CAPTCHA_SECRET */
    captchaSecret: e.CAPTCHA_SECRET ?? persistedSecret(dataDir, 'captcha-secret'),
    /** the captcha's difficulty: the largest counter a challenge hides */
    captchaMaxNumber: e.CAPTCHA_MAX_NUMBER,
    appJwtSecret: e.APP_JWT_SECRET ?? (demoMode ? DEMO_APP_JWT_SECRET : undefined),
    /** the `iss` and `aud` an app sign-in token must carry */
    appJwtIssuer: e.APP_JWT_ISSUER,
    appJwtAudience: e.APP_JWT_AUDIENCE,
    demoMode,
    seedDemoData: e.SEED_DEMO_DATA,
    /** 'now' or an ISO date: the demo data's dates are offsets from it (kept after the first seed) */
    seedAnchor: e.SEED_ANCHOR,
    logLevel: e.LOG_LEVEL,
    ukHostMarker: e.UK_HOST_MARKER,
    /** false, a hop count, or the proxies' addresses/CIDRs: whose X-Forwarded-For is believed (docs/security.md) */
    trustProxy: e.TRUST_PROXY,
    /** origins allowed to frame the app (CSP frame-ancestors); empty: none */
    frameAncestors: e.FRAME_ANCESTORS.split(/[\s,]+/).filter(Boolean),
    /** a request must arrive whole within this, its headers within headersTimeoutMs (Node wants that inside) */
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
    /** open connections one instance accepts */
    maxConnections: e.MAX_CONNECTIONS,
    cookieSecure: e.COOKIE_SECURE,
    staticDir: path.resolve(e.STATIC_DIR),
    kbContentDir: path.resolve(e.KB_CONTENT_DIR),
    /** the translators' locale files (<locale>.json), read by the localised strings (docs/localisation-api.md) */
    localesDir: path.resolve(e.LOCALES_DIR),
    /** Master switches (spec §6): hide write-to-us, call-us or chat everywhere. */
    switches: { writeToUs: !e.HIDE_WRITE_TO_US, callUs: !e.HIDE_CALL_US, chat: !e.HIDE_CHAT },
    /** bearer token of the admin calls (chat configuration); undefined disables them (docs/chat.md) */
    adminApiToken: e.ADMIN_API_TOKEN,
    /** the external support UI /chatbot posts to; undefined: our own chat's hand-off (docs/chat.md) */
    chatHandoffUrl: e.CHAT_HANDOFF_URL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    /** worker processes (main.ts, node:cluster) */
    webConcurrency: e.WEB_CONCURRENCY,
    /** bearer token of /metrics; undefined: nothing is measured and the path is 404 (docs/operations.md) */
    metricsToken: e.METRICS_TOKEN,
    /** overload limits (0: not checked): past one, requests get 503 + Retry-After (plugins/pressure.ts) */
    pressure: {
      maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.PRESSURE_MAX_EVENT_LOOP_UTILIZATION,
      maxHeapUsedBytes: e.PRESSURE_MAX_HEAP_USED_BYTES,
      maxRssBytes: e.PRESSURE_MAX_RSS_BYTES,
      retryAfterSeconds: e.PRESSURE_RETRY_AFTER_S,
      /** how often the process is measured; tests shorten it */
      sampleIntervalMs: 1000,
    },
    /** where `npm run backup` writes (default DATA_DIR/backups) */
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    /** knowledge-base searches per client per minute */
    searchRateLimit: e.SEARCH_RATE_LIMIT,
    /** sign-in requests per client per minute */
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    /** new tickets per signed-in user and per client address per minute (docs/tickets.md) */
    ticketRateLimit: { perUser: e.TICKET_RATE_LIMIT_PER_USER, perIp: e.TICKET_RATE_LIMIT_PER_IP },
    /** demo telephony simulator: how long a simulated call takes; 0 answers at once */
    telephonySimulatorDelayMs: e.TELEPHONY_SIMULATOR_DELAY_MS,
    /** the telephony provider's API (docs/telephony.md); undefined: the simulator in demo mode, else no calls */
    telephonyProvider: telephonyProviderOf(e),
    /** SMTP server for outgoing mail; unset keeps mail in the outbox table */
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** the site's origin for links in mail; unset: the request's own (docs/one-touch-rules.md) */
    publicUrl: e.PUBLIC_URL,
    /** "Download the app": each platform's store link and a generic fallback; none set hides the link (README) */
    appDownload: { android: e.APP_DOWNLOAD_URL_ANDROID, ios: e.APP_DOWNLOAD_URL_IOS, generic: e.APP_DOWNLOAD_URL },
  };
}

export type AppConfig = ReturnType<typeof configFrom>;

/**
 * TRUST_PROXY: 'false', a hop count ('1': believe the last X-Forwarded-For entry, added by our one proxy) or a
 * list of proxy addresses/CIDRs. Null for anything else — including 'true', which would let every client name
 * its own address and walk past every per-client limit.
 */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0' || v === 'no' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v) <= 10 ? Number(v) : null;
  const list = v.split(/[\s,]+/).filter(Boolean);
  return list.every(isAddressOrRange) ? list : null;
}

/** 10.0.0.1, 10.0.0.0/8, fd00::/8, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isAddressOrRange(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * A single machine keeps its session (and captcha) secret in DATA_DIR so they survive restarts without
 * configuration; several instances must share SESSION_SECRET (CAPTCHA_SECRET) instead.
 */
function persistedSecret(dataDir: string, name: 'session-secret' | 'captcha-secret'): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** TELEPHONY_PROVIDER_URL needs its TELEPHONY_API_KEY: one without the other stops the start (config fails fast). */
function telephonyProviderOf(e: z.infer<typeof envSchema>) {
  if (!e.TELEPHONY_PROVIDER_URL && !e.TELEPHONY_API_KEY) return undefined;
  if (!e.TELEPHONY_PROVIDER_URL || !e.TELEPHONY_API_KEY) {
    throw new Error('Invalid configuration:\n  TELEPHONY_PROVIDER_URL and TELEPHONY_API_KEY must be set together');
  }
  return { url: e.TELEPHONY_PROVIDER_URL, apiKey: e.TELEPHONY_API_KEY, timeoutMs: e.TELEPHONY_TIMEOUT_MS };
}
