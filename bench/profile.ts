// Where the server's time goes on one benchmark case: `npx tsx profile.ts <case> [heap]` runs the bundled server,
// records a CPU profile over that case's load alone (or, with `heap`, writes a heap snapshot after the load) and prints
// the functions with the most self time and the packages they belong to. The data folder (seed + 10,000 articles) is kept
// in $TMPDIR/selfserve-bench-profile between runs. Cases: search1 search2 prefix typo article bookings tickets all.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bookingPaths, kbPaths } from '@selfserve/contract';
import WebSocket from 'ws';
import { load } from './load.ts';
import { bundle, signIn, startServer } from './procs.ts';
import { ARTICLES, articleId, typoOf, wordStream, writeSyntheticContent } from './synthetic-kb.ts';
import { ticketBench } from './tickets.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function summarise(file: string) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const perPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    total += dt;
    const where = frame.url.replace(/^file:\/\//, '');
    const key = `${frame.functionName || '(anonymous)'} ${path.basename(where)}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    const pkg =
      where.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? (where ? path.basename(where) : frame.functionName);
    perPackage.set(pkg, (perPackage.get(pkg) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => ({ where: k, 'self %': ((100 * v) / total).toFixed(1) }));
  console.table(top(self, 30));
  console.table(top(perPackage, 15));
}

/**
 * A CPU profile of the server over `during` only, not its start or the load's set-up: SIGUSR1 opens the process's
 * inspector (127.0.0.1:9229), and the DevTools protocol's Profiler records, one sample per 200 µs.
 */
async function profileWhile(pid: number, out: string, during: () => Promise<void>) {
  process.kill(pid, 'SIGUSR1');
  let targets: { webSocketDebuggerUrl: string }[] = [];
  for (let i = 0; i < 50 && targets.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    targets = await fetch('http://127.0.0.1:9229/json/list')
      .then((res) => res.json() as Promise<typeof targets>)
      .catch(() => []);
  }
  if (!targets[0]) throw new Error(`no inspector opened by process ${pid}`);
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const waiting = new Map<number, (result: { profile?: Profile }) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as { id?: number; result?: { profile?: Profile } };
    if (m.id !== undefined) waiting.get(m.id)?.(m.result ?? {});
  });
  let id = 0;
  const send = (method: string, params: object = {}) =>
    new Promise<{ profile?: Profile }>((resolve) => {
      waiting.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
  await during();
  const { profile } = await send('Profiler.stop');
  ws.close();
  fs.writeFileSync(out, JSON.stringify(profile));
}

/** What holds the heap: self size per constructor (or string / code kind), largest first. */
function summariseHeap(file: string) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const bySize = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt] as number] as string;
    const name =
      type === 'object' || type === 'closure' ? (snap.strings[snap.nodes[i + nameAt] as number] ?? '') : `(${type})`;
    const size = snap.nodes[i + sizeAt] as number;
    total += size;
    const entry = bySize.get(name) ?? { bytes: 0, count: 0 };
    entry.bytes += size;
    entry.count++;
    bySize.set(name, entry);
  }
  console.log(`heap: ${(total / 1048576).toFixed(1)} MB in objects`);
  console.table(
    [...bySize]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, 25)
      .map(([name, e]) => ({ name: name.slice(0, 60), MB: (e.bytes / 1048576).toFixed(1), count: e.count })),
  );
}

async function main() {
  const [kind = 'search2', heap] = process.argv.slice(2);
  const dir = path.join(os.tmpdir(), 'selfserve-bench-profile');
  const content = path.join(dir, 'content');
  if (!fs.existsSync(content)) writeSyntheticContent(content);
  const profDir = path.join(dir, 'prof');
  fs.rmSync(profDir, { recursive: true, force: true });
  const mains = await bundle();
  const env = {
    DATA_DIR: path.join(dir, 'data'),
    KB_CONTENT_DIR: content,
    SEARCH_RATE_LIMIT: '1000000000',
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    TICKET_RATE_LIMIT_PER_USER: '1000000000',
    TICKET_RATE_LIMIT_PER_IP: '1000000000',
  };
  // The first start imports the knowledge base: not profiled.
  if (!fs.existsSync(path.join(dir, 'data'))) await (await startServer(mains.server, 9310, env)).stop();
  const server = await startServer(
    mains.server,
    9310,
    env,
    heap ? ['--heapsnapshot-signal=SIGTTIN', `--diagnostic-dir=${profDir}`] : [],
  );
  fs.mkdirSync(profDir, { recursive: true });
  const measured = (during: () => Promise<void>) =>
    heap ? during() : profileWhile(server.child.pid as number, path.join(profDir, `${kind}.cpuprofile`), during);
  try {
    const words = wordStream(7);
    const search = (q: () => string) => () => `${kbPaths.search('customer')}?query=${encodeURIComponent(q())}`;
    let n = 0;
    if (kind === 'tickets') {
      const sessions = [await signIn(server.base, 'riya.customer@example.in')];
      await measured(async () =>
        console.log(await ticketBench(server.base, path.join(dir, 'data', 'selfserve.db'), sessions)),
      );
    } else if (kind === 'bookings') {
      const { cookie } = await signIn(server.base, 'riya.customer@example.in');
      await measured(async () =>
        console.log(await load(kind, server.base, () => `${bookingPaths.list}?page_no=1`, { cookie })),
      );
    } else if (kind === 'all') {
      // The whole knowledge base read, then each search kind (what the memory figures follow).
      await measured(async () => {
        console.log(await load('articles', server.base, () => `${kbPaths.articles}?id=${articleId(n++ % ARTICLES)}`));
        for (const q of [
          words,
          () => `${words()} ${words()}`,
          () => words().slice(0, 4),
          () => typoOf(words().padEnd(6, 'e')),
        ])
          console.log(await load('search', server.base, search(q)));
      });
    } else {
      const next = {
        search1: search(words),
        search2: search(() => `${words()} ${words()}`),
        prefix: search(() => words().slice(0, 4)),
        typo: search(() => typoOf(words().padEnd(6, 'e'))),
        article: () => `${kbPaths.articles}?id=${articleId((n++ * 7919) % ARTICLES)}`,
      }[kind];
      if (!next) throw new Error(`unknown case ${kind}`);
      // As in the bench, the article load comes after every article was read once (their answers kept).
      if (kind === 'article') {
        for (let i = 0; i < ARTICLES; i++) {
          await fetch(`${server.base}${kbPaths.articles}?id=${articleId(i)}`).then((res) => res.arrayBuffer());
        }
      }
      // And two words come after the one-word load, which filled most of the rankings cache.
      if (kind === 'search2') await load('one word', server.base, search(wordStream(8)));
      await measured(async () => console.log(await load(kind, server.base, next)));
    }
    console.log(`server RSS ${server.rss()} MB`);
    if (heap) {
      await server.gc();
      console.log(`after GC ${server.rss()} MB; writing a heap snapshot`);
      server.child.kill('SIGTTIN');
      // The snapshot is written when its file stops growing.
      let size = -1;
      for (;;) {
        await new Promise((r) => setTimeout(r, 2000));
        const files = fs.readdirSync(profDir).map((f) => fs.statSync(path.join(profDir, f)).size);
        const now = files.reduce((a, b) => a + b, 0);
        if (now > 0 && now === size) break;
        size = now;
      }
    }
  } finally {
    await server.stop();
  }
  for (const f of fs.readdirSync(profDir)) {
    if (f.endsWith('.cpuprofile')) summarise(path.join(profDir, f));
    if (f.endsWith('.heapsnapshot')) summariseHeap(path.join(profDir, f));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
