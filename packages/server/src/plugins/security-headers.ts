import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The security headers of every answer — pages, API, static files, uploads (docs/security.md). The app runs no
 * inline script (the page's boot data is a JSON block, which CSP does not execute), so scripts come from 'self'
 * only; nonces are for the day the server writes inline script. Inline styles stay allowed: sanitised article HTML
 * keeps style attributes. The app may be framed only by FRAME_ANCESTORS (the provider's pages for share-pass
 * popups); none by default.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  // Helmet's headers depend on the configuration only (no nonces, no per-route policy): worked out once here, not
  // rebuilt by helmet for every request (docs/performance.md "Per-request cost"). They go into the reply's own
  // headers, not onto the raw response: a header set on the raw response sends every header of the answer through
  // Node's setHeader one by one: 7–14% of an article fetch's CPU in two A/B runs (docs/performance.md "Session of
  // 2026-11-29, afternoon").
  // A route may still replace one (an uploaded file's own policy).
  const siteHeaders: Record<string, string> = {
    ...Object.fromEntries(helmetHeadersFor(helmetOptions(config)).map(([name, value]) => [name.toLowerCase(), value])),
    'permissions-policy': PERMISSIONS_POLICY,
    'reporting-endpoints': REPORTING_ENDPOINTS,
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(siteHeaders);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
const REPORTING_ENDPOINTS = 'csp="/api/csp-report"';
const HSTS = 'max-age=31536000; includeSubDomains';

function helmetOptions(config: AppConfig): Readonly<HelmetOptions> {
  const frameAncestors = config.frameAncestors.length > 0 ? config.frameAncestors : ["'none'"];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        // The /chatbot page posts its hand-off form to CHAT_HANDOFF_URL when one is set (docs/chat.md).
        formAction: ["'self'", ...(config.chatHandoffUrl ? [new URL(config.chatHandoffUrl).origin] : [])],
        frameAncestors,
        // Blocked content is reported to us (cspReportRoutes): report-to where the Reporting API is, else report-uri.
        reportUri: ['/api/csp-report'],
        reportTo: ['csp'],
      },
    },
    // Old browsers read X-Frame-Options only: deny there unless some origin may frame us (then CSP decides).
    xFrameOptions: config.frameAncestors.length > 0 ? false : { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Set by the hook, and only over TLS: on plain HTTP it means nothing and would pin a local demo to HTTPS.
    strictTransportSecurity: false,
  };
}

/**
 * The headers helmet writes for these options, in its order and with its names: its middleware run once against a
 * response that only records them. Helmet's policy parser throws on a bad directive, so a bad configuration still
 * stops the start.
 */
export function helmetHeadersFor(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) failure = err;
  });
  if (failure) throw failure;
  return [...headers.values()];
}

/** Where browsers report what the policy blocked (report-uri, and report-to through Reporting-Endpoints). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** Reports one client may send a minute: a page that breaks sends a few, a flood is not worth logging. */
export const CSP_REPORTS_PER_MINUTE = 30;
const CSP_REPORT_BODY_LIMIT = 16 * 1024;

export interface CspReportLine {
  directive: string;
  /** 'inline', 'eval', … or only the origin of a blocked URL: paths and queries may carry personal data */
  blocked: string;
  /** the page's path, without its query */
  page: string;
  source: string;
  line: number | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 300) : '');

function originOnly(value: string): string {
  if (!value.includes(':') || /^[a-z-]+$/i.test(value)) return value.slice(0, 40);
  try {
    const url = new URL(value);
    return url.origin === 'null' ? `${url.protocol}` : url.origin;
  } catch {
    return value.split(/[/?#]/)[0]?.slice(0, 40) ?? '';
  }
}

function pathOnly(value: string): string {
  try {
    return new URL(value).pathname.slice(0, 200);
  } catch {
    return '';
  }
}

/**
 * The violations in a report body, masked for the log: report-uri's `{ "csp-report": {…} }` or the Reporting API's
 * `[{ "type": "csp-violation", "body": {…} }]`. Anything else yields none.
 */
export function cspReportLines(body: unknown): CspReportLine[] {
  const raw: Record<string, unknown>[] = [];
  if (Array.isArray(body)) {
    for (const r of body.slice(0, 10)) {
      if (r && typeof r === 'object' && (r as { type?: unknown }).type === 'csp-violation') {
        const b = (r as { body?: unknown }).body;
        if (b && typeof b === 'object') raw.push(b as Record<string, unknown>);
      }
    }
  } else if (body && typeof body === 'object') {
    const r = (body as Record<string, unknown>)['csp-report'];
    if (r && typeof r === 'object') raw.push(r as Record<string, unknown>);
  }
  return raw
    .map((r) => ({
      directive: text(r['effective-directive'] ?? r.effectiveDirective ?? r['violated-directive']).split(' ')[0] ?? '',
      blocked: originOnly(text(r['blocked-uri'] ?? r.blockedURL)),
      page: pathOnly(text(r['document-uri'] ?? r.documentURL)),
      source: pathOnly(text(r['source-file'] ?? r.sourceFile)),
      line: typeof (r['line-number'] ?? r.lineNumber) === 'number' ? Number(r['line-number'] ?? r.lineNumber) : null,
    }))
    .filter((l) => l.directive !== '');
}

/**
 * POST /api/csp-report: browsers send it with no cookie and no CSRF token, as `application/csp-report` or
 * `application/reports+json`. Each violation becomes one warning line (masked: cspReportLines); 204, or 400 for a
 * body that is no CSP report. Registered after the rate limiter and the access hook (app.ts).
 */
export function cspReportRoutes(): FastifyPluginAsync {
  return async (app) => {
    for (const type of ['application/csp-report', 'application/reports+json']) {
      app.addContentTypeParser(
        type,
        { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT },
        (_request, body, done) => {
          try {
            done(null, JSON.parse(String(body)));
          } catch {
            done(new AppError('VALIDATION_FAILED'), undefined);
          }
        },
      );
    }
    app.post(
      CSP_REPORT_PATH,
      {
        // No session is read and nothing is changed for anyone: a report needs neither cookie nor CSRF token.
        config: {
          access: 'visitor',
          csrf: 'none',
          rateLimit: { max: CSP_REPORTS_PER_MINUTE, timeWindow: '1 minute' },
        },
        bodyLimit: CSP_REPORT_BODY_LIMIT,
        schema: { hide: true },
      },
      async (request, reply) => {
        const lines = cspReportLines(request.body);
        if (lines.length === 0) throw new AppError('VALIDATION_FAILED');
        for (const csp of lines) request.log.warn({ csp }, 'csp violation');
        return reply.code(204).send();
      },
    );
  };
}
