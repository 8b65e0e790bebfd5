// `npm run typecheck`: `tsc -p` for every package, as many at once as the machine has cores (each run is one
// single-threaded process; one after the other they were 77 s of CI on a slow machine, docs/performance.md). Each
// project's output is printed whole when it ends, so two projects' errors never interleave. Exits non-zero if any fails.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// The longest first, so that the short ones fill in beside them.
const projects = ['packages/server', 'packages/web', 'e2e', 'bench', 'packages/contract'];

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      if (output) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let ok = true;
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    if (!(await check(project))) ok = false;
  }
}
await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), projects.length) }, worker));
process.exit(ok ? 0 : 1);
