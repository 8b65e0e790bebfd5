// The server as a real process (node --import tsx src/main.ts: the source, as tests run before the build), for what
// an in-process app cannot show: SIGKILL, SIGTERM, a restart on the same data, one instance of two dying.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { apiPaths, CSRF_HEADER } from '@selfserve/contract';
import pg from 'pg';
import { SEED_ANCHOR } from '../src/db/seed/index.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

/** The environment every child server gets: demo mode, fixed secrets, quiet logs, the seed's fixed anchor. */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DEMO_MODE: 'true',
    SEED_ANCHOR,
    LOG_LEVEL: 'warn',
    COOKIE_SECURE: 'false',
    SESSION_SECRET: 'test-session-secret-test-session-secret',
    CAPTCHA_SECRET: 'test-captcha-secret-test-captcha-secret',
    TELEPHONY_SECRET: 'test-telephony-secret-test-telephony-secret',
    TELEPHONY_SIMULATOR_DELAY_MS: '0',
    // The machine running the tests is shared and busy: its event-loop lag is not what these tests measure, so the
    // overload answer (503) stays off (docs/operations.md "Overload").
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...extra,
  };
}

export interface ChildServer {
  process: ChildProcess;
  base: string;
  /** resolves with the exit code (null when killed by a signal) and the signal */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** what the process wrote to stderr, for a failing test's message */
  stderr(): string;
}

/** Starts src/main.ts on `port` with `env` (childEnv) and waits until /api/health answers 200. */
export async function startChildServer(port: number, env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    // PATH and the like from the test's environment, nothing of the test's own DATABASE_URL or REDIS_URL
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-20_000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${err}`);
    }
    try {
      if ((await fetch(`${base}${apiPaths.health}`)).ok) return { process: child, base, exited, stderr: () => err };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within 90 s:\n${err}`);
}

/** Stops a child server if it still runs (SIGKILL: the tests that care about SIGTERM send it themselves). */
export async function killChild(server: ChildServer | undefined): Promise<void> {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
  server.process.kill('SIGKILL');
  await server.exited;
}

export interface HttpSession {
  cookie: string;
  csrf: string;
}

function cookiesOf(res: Response, jar: Map<string, string>) {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

/** Signs a demo account in over HTTP, as the web app does: the session first, then the demo sign-in. */
export async function signInOver(base: string, email: string): Promise<HttpSession> {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const session = await fetch(`${base}${apiPaths.session}`);
  cookiesOf(session, jar);
  const { csrf_token } = (await session.json()) as { csrf_token: string };
  const login = await fetch(`${base}${apiPaths.demoLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: header(), [CSRF_HEADER]: csrf_token },
    body: JSON.stringify({ email }),
  });
  if (login.status !== 200) throw new Error(`sign-in as ${email}: ${login.status} ${await login.text()}`);
  cookiesOf(login, jar);
  return { cookie: header(), csrf: ((await login.json()) as { csrf_token: string }).csrf_token };
}

/** A PostgreSQL schema of its own for a child server (DATABASE_SCHEMA), dropped by the returned function. */
export async function postgresSchema(url: string): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.query('create extension if not exists pg_trgm schema public').catch(() => {});
  await admin.end();
  return {
    schema,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}
