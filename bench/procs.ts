// The processes of a benchmark run: the server (bundled from src the way packages/server/build.mjs does, so the figures
// are the code in the tree) and the peers (bench/peer.ts), each in its own process on ports 9300–9399; the load
// generator stays in the bench's own process. Memory is read from /proc, a full GC asked for with SIGUSR2 (the
// server's BENCH_GC flag; node --expose-gc).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiPaths, CSRF_HEADER } from '@selfserve/contract';
import { build } from 'esbuild';
import { startEnv, startFlags } from './start-script.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(import.meta.dirname, 'dist');

/** Bundles the server's main.ts and the peers into bench/dist (npm dependencies stay external). */
export async function bundle(): Promise<{ server: string; peer: string }> {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'packages/server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((name: string) => !name.startsWith('@selfserve/'));
  const common = {
    bundle: true,
    platform: 'node' as const,
    target: 'node20',
    format: 'esm' as const,
    logLevel: 'warning' as const,
    external: [...external, 'zod', 'minisearch'],
    // Bundled code that still calls require() (a CommonJS dependency inlined) needs one in ESM.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  };
  const server = path.join(outDir, 'server.js');
  const peer = path.join(outDir, 'peer.js');
  await build({ ...common, entryPoints: [path.join(root, 'packages/server/src/main.ts')], outfile: server });
  await build({ ...common, entryPoints: [path.join(import.meta.dirname, 'peer.ts')], outfile: peer });
  return { server, peer };
}

export interface HeapFigures {
  heapTotal: number;
  heapUsed: number;
  external: number;
}

export interface Proc {
  name: string;
  child: ChildProcess;
  base: string;
  /** resident memory of the process and its children (cluster workers), MB */
  rss(): number;
  /** CPU time the process and its children have used so far (user + system), ms */
  cpuMs(): number;
  /** asks every process for a full GC (SIGUSR2) and waits for it to settle */
  gc(): Promise<void>;
  /** the V8 heap (committed, used) and the buffers outside it after the last gc(), MB, summed over the workers */
  heap(): HeapFigures | null;
  stop(): Promise<void>;
}

/** The process and its descendants (a cluster's workers). */
function tree(pid: number): number[] {
  const pids = [pid];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const c of children.split(/\s+/).filter(Boolean)) pids.push(...tree(Number(c)));
    }
  } catch {
    // exited
  }
  return pids;
}

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** User + system CPU time of a process from /proc/PID/stat, in clock ticks (100 a second on Linux). */
function cpuTicks(pid: number): number {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(name: string, child: ChildProcess, ready: () => Promise<boolean>, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (await ready().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${name} did not start within ${timeoutMs / 1000} s`);
}

/** The server's `bench-memory` lines (main.ts, after each GC) as they come. */
const MEMORY_LINE = /^bench-memory (\{.*\})$/gm;

function proc(name: string, child: ChildProcess, base: string, output: () => string): Proc {
  let heap: HeapFigures | null = null;
  return {
    name,
    child,
    base,
    rss: () => Math.round(tree(child.pid as number).reduce((sum, pid) => sum + rssMb(pid), 0)),
    cpuMs: () => tree(child.pid as number).reduce((sum, pid) => sum + cpuTicks(pid), 0) * 10,
    async gc() {
      const from = output().length;
      for (const pid of tree(child.pid as number)) process.kill(pid, 'SIGUSR2');
      await sleep(1500);
      const lines = [...output().slice(from).matchAll(MEMORY_LINE)].map((m) => JSON.parse(m[1] as string));
      const mb = (key: keyof HeapFigures) =>
        Math.round(lines.reduce((sum: number, l: HeapFigures) => sum + l[key], 0) / 1048576);
      heap = lines.length ? { heapTotal: mb('heapTotal'), heapUsed: mb('heapUsed'), external: mb('external') } : null;
    },
    heap: () => heap,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The server on `port` with a data folder and content folder; WEB_CONCURRENCY and other settings in `env`. */
export async function startServer(
  main: string,
  port: number,
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<Proc> {
  const child = spawn(process.execPath, ['--expose-gc', ...startFlags, ...nodeFlags, main], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BENCH_GC: '1',
      STATIC_DIR: path.join(root, 'packages/web/dist'),
      LOCALES_DIR: path.join(root, 'packages/contract/locales'),
      ...startEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  // Every worker is listening once the start-up banner is printed.
  await waitFor(
    'server',
    child,
    async () => out.includes('is running at') && (await fetch(`${base}${apiPaths.health}`)).ok,
  );
  return proc('server', child, base, () => out);
}

export async function startPeer(main: string, port: number, args: string[]): Promise<Proc> {
  const child = spawn(process.execPath, ['--expose-gc', main, ...args], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await waitFor(`peer ${args[0]}`, child, async () => out.includes('listening'));
  return proc(args[0] as string, child, `http://127.0.0.1:${port}`, () => out);
}

/** Signs a demo account in over HTTP: its cookie header and CSRF token. */
export async function signIn(base: string, email: string): Promise<{ cookie: string; csrf: string }> {
  const cookiesOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  const session = await fetch(`${base}${apiPaths.session}`);
  const { csrf_token } = (await session.json()) as { csrf_token: string };
  const login = await fetch(`${base}${apiPaths.demoLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookiesOf(session), [CSRF_HEADER]: csrf_token },
    body: JSON.stringify({ email }),
  });
  if (!login.ok) throw new Error(`sign-in as ${email} failed: ${login.status} ${await login.text()}`);
  return { cookie: cookiesOf(login), csrf: ((await login.json()) as { csrf_token: string }).csrf_token };
}
