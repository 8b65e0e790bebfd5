// Soak (issue 20 item 8, docs/operations.md "Soak"): the built server in its own process (SQLite, demo data and
// knowledge base) under a steady 500 requests a second for 10 minutes over a realistic mix — knowledge-base reads,
// search, the bookings list, ticket creation — by signed-in riders. Per minute: requests, p50/p99, errors and the
// server's RSS; at the end the verdicts: no error, memory flat within 10%.
// SOAK_SECONDS (600), SOAK_RATE (500) and SOAK_SLICE_SECONDS (60, the "minute") change the run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, bookingPaths, CSRF_HEADER, kbPaths, ticketPaths } from '@selfserve/contract';
import autocannon, { type Request } from 'autocannon';
import Database from 'better-sqlite3';
import { type BuiltServer, hasBuild, serverMain, startBuiltServer } from './built-server.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 500);
const SLICE = Number(process.env.SOAK_SLICE_SECONDS ?? 60);
const CONNECTIONS = 50;
// In the reliability range of ports (9400–9499) so it never meets another bench's or test's server.
const PORT = Number(process.env.SOAK_PORT ?? 9450);
const RIDERS = [
  'riya.customer@example.in',
  'arjun.select@example.in',
  'meera.trial@example.in',
  'kabir.expired@example.in',
];
/** the mix, in parts of 100 */
const MIX = { article: 40, meta: 10, search: 25, bookings: 20, ticket: 5 } as const;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) / 1024);
}

/** CPU seconds (user + system) a process has used so far (Linux /proc, 100 ticks a second). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function signIn(base: string, email: string): Promise<{ cookie: string; csrf: string }> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const session = await fetch(`${base}${apiPaths.session}`);
  keep(session);
  const { csrf_token } = (await session.json()) as { csrf_token: string };
  const login = await fetch(`${base}${apiPaths.demoLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(), [CSRF_HEADER]: csrf_token },
    body: JSON.stringify({ email }),
  });
  if (!login.ok) throw new Error(`sign-in as ${email}: ${login.status} ${await login.text()}`);
  keep(login);
  return { cookie: cookie(), csrf: ((await login.json()) as { csrf_token: string }).csrf_token };
}

interface Minute {
  minute: number;
  requests: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx': number;
  errors: number;
  /** the mean of the samples taken every 5 s during the minute (one reading would catch a GC's high or low) */
  'RSS MB': number;
  'RSS max MB': number;
}

async function main() {
  if (!hasBuild()) {
    console.error(`soak: no server build at ${serverMain} (run npm run build first)`);
    process.exit(1);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-soak-'));
  let server: BuiltServer | null = null;
  try {
    server = await startBuiltServer(PORT, {
      DATA_DIR: dir,
      // production otherwise; demo accounts to sign in with, over plain http
      DEMO_MODE: 'true',
      COOKIE_SECURE: 'false',
      // four riders on one address make thousands of requests: the per-client limits would be what is measured
      SEARCH_RATE_LIMIT: '1000000000',
      SIGN_IN_RATE_LIMIT: '1000',
      TICKET_RATE_LIMIT_PER_USER: '1000000000',
      TICKET_RATE_LIMIT_PER_IP: '1000000000',
    });
    const pid = server.process.pid as number;
    const base = `http://127.0.0.1:${PORT}`;
    // Health answers as soon as it listens; the first start's import may still hold the event loop, and the overload
    // guard answers 503 until the lag is measured again (docs/operations.md "Overload"). Start once it serves pages.
    for (let waited = 0; (await fetch(`${base}${kbPaths.meta}`)).status === 503; waited += 500) {
      if (waited > 60_000) throw new Error('the server still answers 503 a minute after it started');
      await new Promise((r) => setTimeout(r, 500));
    }

    // What the riders read and look for: the demo knowledge base's articles and their titles' words.
    const sqlite = new Database(path.join(dir, 'selfserve.db'), { readonly: true });
    const all = sqlite.prepare("select id, title from articles where type = 'article' order by id").all() as {
      id: string;
      title: string;
    }[];
    sqlite.close();
    const sessions = await Promise.all(RIDERS.map((email) => signIn(base, email)));
    // Only what every rider may open (a driver's or a members' article is a rightful 404 for others).
    const articles: typeof all = [];
    const refusals = new Map<number, number>();
    for (const a of all) {
      const statuses = await Promise.all(
        sessions.map(async (s) => {
          const res = await fetch(`${base}${kbPaths.articles}?id=${a.id}`, { headers: { cookie: s.cookie } });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      const refused = statuses.find((st) => st !== 200);
      if (refused === undefined) articles.push(a);
      else refusals.set(refused, (refusals.get(refused) ?? 0) + 1);
    }
    if (articles.length === 0) {
      throw new Error(`no article of the demo knowledge base is open to every rider: ${JSON.stringify([...refusals])}`);
    }
    // Searches as riders type them: two words of a title, kept when they find something (no result is a 404).
    const queries: string[] = [];
    for (const a of articles.slice(0, 120)) {
      const words = a.title.toLowerCase().match(/[a-z]{4,}/g) ?? [];
      if (words.length < 2) continue;
      const q = `${kbPaths.search('customer')}?query=${encodeURIComponent(`${words[0]} ${words[1]}`)}`;
      const res = await fetch(`${base}${q}`, { headers: { cookie: sessions[0]?.cookie ?? '' } });
      await res.arrayBuffer();
      if (res.status === 200) queries.push(q);
    }
    if (queries.length === 0) throw new Error('no search finds anything in the demo knowledge base');

    const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
    const counts = { article: 0, meta: 0, search: 0, bookings: 0, ticket: 0 };
    /** non-2xx answers by kind and status, e.g. "search 503" */
    const refusedBy = new Map<string, number>();
    const next = (req: Request, context: object): Request => {
      const s = pick(sessions);
      const roll = Math.random() * 100;
      const headers = { cookie: s.cookie };
      let kind: keyof typeof MIX = 'ticket';
      let acc = 0;
      for (const [k, part] of Object.entries(MIX) as [keyof typeof MIX, number][]) {
        acc += part;
        if (roll < acc) {
          kind = k;
          break;
        }
      }
      counts[kind]++;
      (context as { kind?: string }).kind = kind;
      switch (kind) {
        case 'article':
          return { ...req, method: 'GET', path: `${kbPaths.articles}?id=${pick(articles).id}`, headers, body: '' };
        case 'meta':
          return { ...req, method: 'GET', path: kbPaths.meta, headers, body: '' };
        case 'search':
          return { ...req, method: 'GET', path: pick(queries), headers, body: '' };
        case 'bookings':
          return { ...req, method: 'GET', path: `${bookingPaths.list}?page_no=1`, headers, body: '' };
        default:
          return {
            ...req,
            method: 'POST',
            path: ticketPaths.create,
            headers: {
              ...headers,
              'content-type': 'application/json',
              [CSRF_HEADER]: s.csrf,
              'idempotency-key': crypto.randomUUID(),
            },
            body: JSON.stringify({
              query: 'The driver asked me to pay extra cash for the toll at the end of the ride',
            }),
          };
      }
    };

    console.log(
      `\nSoak: ${SECONDS} s at ${RATE} req/s (${CONNECTIONS} connections) against the built server (pid ${pid}, SQLite), ` +
        `${articles.length} articles, ${queries.length} searches, mix ${Object.entries(MIX)
          .map(([k, v]) => `${k} ${v}%`)
          .join(', ')}; RSS at start ${rssMb(pid)} MB`,
    );
    const minutes: Minute[] = [];
    const cpuAtStart = cpuSeconds(pid);
    const wallAtStart = performance.now();
    const loadAtStart = os.loadavg()[0] ?? 0;
    for (let done = 0, i = 1; done < SECONDS; i++) {
      const duration = Math.min(SLICE, SECONDS - done);
      const samples: number[] = [];
      const sampler = setInterval(() => {
        // a server that died shows in the answers; the sampler just stops
        if (fs.existsSync(`/proc/${pid}`)) samples.push(rssMb(pid));
      }, 5000).unref();
      const r = await autocannon({
        url: base,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration,
        requests: [
          {
            setupRequest: next,
            onResponse: (status: number, _body: string, context: object) => {
              if (status < 200 || status > 299) {
                const key = `${(context as { kind?: string }).kind} ${status}`;
                refusedBy.set(key, (refusedBy.get(key) ?? 0) + 1);
              }
            },
          },
        ],
      });
      clearInterval(sampler);
      done += duration;
      const row: Minute = {
        minute: i,
        requests: r.requests.total,
        'req/s': Math.round(r.requests.average),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        'non-2xx': r.non2xx,
        errors: r.errors + r.timeouts,
        'RSS MB': Math.round(samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length)) || rssMb(pid),
        'RSS max MB': Math.max(rssMb(pid), ...samples),
      };
      minutes.push(row);
      console.log(
        `  minute ${row.minute}: ${row.requests} requests (${row['req/s']}/s), p50 ${row['p50 ms']} ms, ` +
          `p99 ${row['p99 ms']} ms, non-2xx ${row['non-2xx']}, errors ${row.errors}, RSS mean ${row['RSS MB']} MB (max ${row['RSS max MB']})`,
      );
    }
    console.table(minutes);

    const total = minutes.reduce((n, m) => n + m.requests, 0);
    const bad = minutes.reduce((n, m) => n + m['non-2xx'] + m.errors, 0);
    // The first minute warms up (caches, JIT, SQLite pages); memory is judged from the second on when there is one.
    const steady = minutes.length > 1 ? minutes.slice(1) : minutes;
    const rss = steady.map((m) => m['RSS MB']);
    const low = Math.min(...rss);
    const high = Math.max(...rss);
    const spread = low > 0 ? (high - low) / low : 0;
    const seconds = minutes.length ? SECONDS : 1;
    console.log(
      `requests: ${total} (${Math.round(total / seconds)}/s of the ${RATE}/s asked for); by kind: ${JSON.stringify(counts)}`,
    );
    console.log(
      bad === 0
        ? 'errors: 0 — PASS'
        : `errors: ${bad} — FAIL (non-2xx: ${[...refusedBy].map(([c, n]) => `${n}× ${c}`).join(', ') || 'none'}; the rest timeouts or socket errors)`,
    );
    console.log(
      `RSS (per-minute means) from minute ${steady[0]?.minute}: ${low}–${high} MB, spread ${(spread * 100).toFixed(1)}% — ${
        spread <= 0.1 ? 'PASS (flat within 10%)' : 'FAIL (more than 10%)'
      }`,
    );
    // On a shared machine the server may not get the CPU the rate needs: say how much it had.
    const cpu = cpuSeconds(pid) - cpuAtStart;
    const wall = (performance.now() - wallAtStart) / 1000;
    console.log(
      `server CPU: ${cpu.toFixed(0)} s in ${wall.toFixed(0)} s (${((cpu / wall) * 100).toFixed(0)}% of one core, ` +
        `${((cpu / Math.max(1, total)) * 1000).toFixed(2)} ms a request); ` +
        `load average ${loadAtStart.toFixed(1)} at the start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end on ${os.cpus().length} cores`,
    );
    const p99s = minutes.map((m) => m['p99 ms']);
    console.log(`p99 per minute: ${p99s.join(', ')} ms (worst ${Math.max(...p99s)} ms)`);
    if (bad > 0 || spread > 0.1) process.exitCode = 1;
  } finally {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
