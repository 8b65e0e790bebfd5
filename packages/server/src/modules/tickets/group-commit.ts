import { type Kysely, SqliteAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Work = {
  fn: (trx: Transaction<Database>) => Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
};

/** Ticket writes waiting for the next shared commit, per SQLite database. */
const waiting = new WeakMap<object, Work[]>();

/**
 * Runs `fn` in a transaction and settles once it is committed. On SQLite, the writes that arrive in the same turn of
 * the event loop share one transaction, each in a savepoint of its own: a commit in WAL mode cost ~220 µs on this
 * machine, a row inside a shared one ~13 µs (docs/performance.md). A write that fails is rolled back to its savepoint
 * and rejected alone; the others are acknowledged only after the COMMIT (durable as any commit: WAL with
 * synchronous=NORMAL survives a process kill). A failed COMMIT rejects them all. PostgreSQL has a pool of connections
 * writing in parallel: a plain transaction each.
 */
export function groupCommit(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return db.transaction().execute(fn);
  return new Promise((resolve, reject) => {
    let queue = waiting.get(db);
    if (!queue) {
      queue = [];
      waiting.set(db, queue);
      setImmediate(() => void flush(db));
    }
    queue.push({ fn, resolve, reject });
  });
}

async function flush(db: Kysely<Database>): Promise<void> {
  const batch = waiting.get(db) ?? [];
  waiting.delete(db);
  const failed = new Map<Work, unknown>();
  try {
    await db.transaction().execute(async (trx) => {
      for (const work of batch) {
        await sql`savepoint ticket_write`.execute(trx);
        try {
          await work.fn(trx);
        } catch (err) {
          await sql`rollback to savepoint ticket_write`.execute(trx);
          failed.set(work, err);
        }
        await sql`release savepoint ticket_write`.execute(trx);
      }
    });
  } catch (err) {
    for (const work of batch) work.reject(err);
    return;
  }
  for (const work of batch) {
    if (failed.has(work)) work.reject(failed.get(work));
    else work.resolve();
  }
}
