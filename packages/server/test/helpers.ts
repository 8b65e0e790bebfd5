import crypto from 'node:crypto';
import path from 'node:path';
import { apiPaths, CSRF_HEADER, captchaPaths } from '@selfserve/contract';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type AppConfig, DEMO_APP_JWT_SECRET } from '../src/config.ts';
import { type DatabaseHandle, type DialectName, migrateToLatest, openDatabase } from '../src/db/database.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { formatImportResult, importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { testConfig } from './test-config.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabases: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends DatabaseHandle {
  dispose(): Promise<void>;
}

/** A migrated, seeded database; on PostgreSQL each call gets a schema of its own. */
export async function openTestDatabase(dialect: DialectName, seed = true): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let schema: string | undefined;
  let dropSchema = async () => {};
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    // pg_trgm (migration 0002 creates it and indexes with it; 0047 drops that index) once per database in public,
    // not in the first test schema that migrates (dropping that schema would take it from every other test running
    // at the same time).
    await admin.query('create extension if not exists pg_trgm schema public').catch(() => {});
    await admin.end();
    handle = openDatabase({ databaseUrl: url, schema, poolSize: 4 });
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  } else {
    handle = openDatabase({ sqliteFile: ':memory:' });
  }
  await migrateToLatest(handle.db, schema);
  if (seed) await seedDemoData(handle.db);
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await dropSchema();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export const fixtureKb = path.join(import.meta.dirname, 'fixtures', 'kb');

export async function createTestApp(
  dialect: DialectName,
  overrides: Partial<AppConfig> = {},
  opts: { kb?: string } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(dialect);
  if (opts.kb) {
    const result = await importKnowledgeBase(database.db, opts.kb);
    if (!result.ok) throw new Error(formatImportResult(result));
  }
  const app = await buildApp(testConfig(overrides), database);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/**
 * A solved captcha for a visitor's form (the `captcha` field; docs/captcha.md): fetches a challenge from the app and
 * solves it as the browser's widget would. Each call is a new one (a captcha is accepted once).
 */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: captchaPaths.challenge });
  if (res.statusCode !== 200) throw new Error(`captcha challenge: ${res.statusCode} ${res.body}`);
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A browser-like client: keeps cookies and the CSRF token between requests. */
export class TestClient {
  cookies = new Map<string, string>();
  csrf = '';

  constructor(private readonly app: FastifyInstance) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: 'GET' | 'HEAD' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.app.inject({
      method,
      url,
      headers: {
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...(method !== 'GET' && this.csrf ? { [CSRF_HEADER]: this.csrf } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.keep(res);
    return res;
  }

  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    // (A compressed answer, asked for with Accept-Encoding, carries no token.)
    const json =
      res.headers['content-type']?.toString().includes('json') && !res.headers['content-encoding']
        ? (res.json() as { csrf_token?: string })
        : {};
    if (json.csrf_token) this.csrf = json.csrf_token;
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }

  /** Opens the session like the web app does, then signs in as a demo account. */
  async signInAs(email: string) {
    await this.get(apiPaths.session);
    const res = await this.post(apiPaths.demoLogin, { email });
    if (res.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${res.body}`);
    return res;
  }
}

/** A client already signed in as a demo account. */
export async function signedIn(app: FastifyInstance, email: string): Promise<TestClient> {
  const c = new TestClient(app);
  await c.signInAs(email);
  return c;
}

/** A client signed in as the user with this id (looked up in the seeded users). */
export async function signedInAsUser(t: TestApp, userId: string): Promise<TestClient> {
  const { email } = await t.database.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return signedIn(t.app, email);
}

/**
 * A host app's sign-in token as the apps mint it: HS256 with the configured issuer and audience, iat now and a
 * five-minute expiry unless the test says otherwise (iat: null leaves it out).
 */
export function signAppToken(
  claims: Record<string, unknown>,
  opts: {
    secret?: string;
    issuer?: string;
    audience?: string;
    iat?: number | null;
    exp?: string | number;
  } = {},
): Promise<string> {
  const testDefaults = testConfig();
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(opts.issuer ?? testDefaults.appJwtIssuer)
    .setAudience(opts.audience ?? testDefaults.appJwtAudience)
    .setExpirationTime(opts.exp ?? '5m');
  if (opts.iat !== null) jwt.setIssuedAt(opts.iat);
  return jwt.sign(new TextEncoder().encode(opts.secret ?? DEMO_APP_JWT_SECRET));
}

export const accounts = {
  customer: 'riya.customer@example.in',
  paidMember: 'arjun.select@example.in',
  trialMember: 'meera.trial@example.in',
  expiredMember: 'kabir.expired@example.in',
  driverIn: 'ramesh.driver@example.in',
  driverAu: 'jack.taylor@example.com.au',
  /** the agent console's people (docs/agent.md) */
  agentIn: 'anita.agent@example.in',
  agentIn2: 'karthik.agent@example.in',
  agentGb: 'emma.agent@example.co.uk',
  admin: 'meghna.admin@example.in',
} as const;
