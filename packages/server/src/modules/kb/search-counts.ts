import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Counts of what readers search for (docs/agent.md "Insights"): kept in memory per instance and added to
 * kb_search_counts every few seconds and when the server stops, so a search itself writes nothing (the KB search is
 * the hottest route). A crash loses at most the last few seconds of counts, which insights can afford.
 */
export interface SearchCounter {
  count(search: { query: string; country: string | null; language: string; found: number }): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** The query as counted: trimmed, lower case, single spaces, at most 200 characters. */
export function countedQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200);
}

/** The UTC day (YYYY-MM-DD) searches are counted under, made again only when the clock has left it. */
let day = { text: '', endsAt: 0 };
function today(): string {
  const now = Date.now();
  if (now >= day.endsAt || now < day.endsAt - 86_400_000) {
    const text = new Date(now).toISOString().slice(0, 10);
    day = { text, endsAt: Date.parse(`${text}T00:00:00Z`) + 86_400_000 };
  }
  return day.text;
}

/** Rows per insert of a flush (6 parameters a row): a few milliseconds of SQLite each. */
const FLUSH_ROWS_PER_STATEMENT = 200;

// The counter of each database handle, so a test (or shutdown code) can add the counts at once.
const counters = new WeakMap<Kysely<Database>, SearchCounter>();

/** Adds this process's pending counts for a database now (tests read kb_search_counts right after searching). */
export async function flushSearchCounts(db: Kysely<Database>): Promise<void> {
  await counters.get(db)?.flush();
}

export function createSearchCounter(db: Kysely<Database>, opts: { flushMs?: number } = {}): SearchCounter {
  let pending = new Map<
    string,
    { day: string; query: string; country: string; language: string; searches: number; zero: number }
  >();
  let flushing: Promise<void> = Promise.resolve();

  // The upsert's SQL for n rows, built by Kysely once per n (a flush has at most two sizes); its parameters are each
  // row's values in the order the markers below came out.
  const sqlByRows = new Map<number, string>();
  const upsertSql = (n: number) => {
    let text = sqlByRows.get(n);
    if (!text) {
      const marker = { day: 'd', query: 'q', country: 'c', language: 'l', searches: 1, zero_results: 2 };
      const compiled = db
        .insertInto('kb_search_counts')
        .values(Array.from({ length: n }, () => marker))
        .onConflict((oc) =>
          oc.columns(['day', 'query', 'country', 'language']).doUpdateSet((eb) => ({
            searches: eb('kb_search_counts.searches', '+', eb.ref('excluded.searches')),
            zero_results: eb('kb_search_counts.zero_results', '+', eb.ref('excluded.zero_results')),
          })),
        )
        .compile();
      if (JSON.stringify(compiled.parameters.slice(0, 6)) !== JSON.stringify(['d', 'q', 'c', 'l', 1, 2])) {
        throw new Error('kb_search_counts upsert: unexpected parameter order');
      }
      text = compiled.sql;
      sqlByRows.set(n, text);
    }
    return text;
  };

  const flushNow = async () => {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    // A few hundred rows a statement, each statement its own transaction with a turn of the event loop between:
    // a flush under load holds thousands of different queries, and written at once it held SQLite's synchronous
    // event loop for tens of milliseconds every few seconds (every request waiting behind it).
    for (let i = 0; i < batch.length; i += FLUSH_ROWS_PER_STATEMENT) {
      const rows = batch.slice(i, i + FLUSH_ROWS_PER_STATEMENT);
      try {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        const values = rows.flatMap((c) => [c.day, c.query, c.country, c.language, c.searches, c.zero]);
        await db.executeQuery(CompiledQuery.raw(upsertSql(rows.length), values));
      } catch {
        // The database is away: keep the counts not yet added for the next try rather than lose them.
        for (const c of batch.slice(i)) {
          const key = `${c.day}|${c.query}|${c.country}|${c.language}`;
          const now = pending.get(key);
          if (now) {
            now.searches += c.searches;
            now.zero += c.zero;
          } else pending.set(key, c);
        }
        return;
      }
    }
  };
  const flush = () => {
    flushing = flushing.then(flushNow);
    return flushing;
  };
  const timer = setInterval(() => void flush(), opts.flushMs ?? 5000);
  timer.unref();

  const counter: SearchCounter = {
    count({ query, country, language, found }) {
      const q = countedQuery(query);
      if (!q) return;
      const day = today();
      const c = country ?? '';
      const key = `${day}|${q}|${c}|${language}`;
      const entry = pending.get(key);
      if (entry) {
        entry.searches++;
        if (found === 0) entry.zero++;
      } else {
        pending.set(key, { day, query: q, country: c, language, searches: 1, zero: found === 0 ? 1 : 0 });
      }
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
  counters.set(db, counter);
  return counter;
}
