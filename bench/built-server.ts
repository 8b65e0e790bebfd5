// The built server (packages/server/dist) as its own process, for the figures a real deployment would show:
// memory, and page speed as a browser sees it (compressed assets, real network stack).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { apiPaths } from '@selfserve/contract';
import { startEnv, startFlags } from './start-script.ts';

export const serverMain = path.resolve(import.meta.dirname, '../packages/server/dist/main.js');
export const hasBuild = () => fs.existsSync(serverMain);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function waitForHealth(base: string, server: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}${apiPaths.health}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start within 2 minutes');
}

export interface BuiltServer {
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the built server in production mode on `port` as `npm start` does, with `env` added, and waits until it
 * answers.
 */
export async function startBuiltServer(port: number, env: Record<string, string>): Promise<BuiltServer> {
  const server = spawn(process.execPath, [...startFlags, serverMain], {
    env: {
      ...process.env,
      ...startEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${port}`, server);
  return {
    process: server,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
