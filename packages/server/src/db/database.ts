import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import {
  type DatabaseIntrospector,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely';
import type pg from 'pg';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-knowledge-base.ts';
import * as m0003 from './migrations/0003-tickets.ts';
import * as m0004 from './migrations/0004-one-touch.ts';
import * as m0005 from './migrations/0005-kyc-choices.ts';
import * as m0006 from './migrations/0006-outbox-owner.ts';
import * as m0007 from './migrations/0007-left-belongings.ts';
import * as m0008 from './migrations/0008-bills.ts';
import * as m0009 from './migrations/0009-upload-blobs.ts';
import * as m0011 from './migrations/0011-form-token-uses.ts';
import * as m0012 from './migrations/0012-invoice-mail.ts';
import * as m0013 from './migrations/0013-open-ticket-per-order.ts';
import * as m0014 from './migrations/0014-track-event-context.ts';
import * as m0015 from './migrations/0015-article-translations.ts';
import * as m0017 from './migrations/0017-article-updated.ts';
import * as m0018 from './migrations/0018-wallet-credits.ts';
import * as m0019 from './migrations/0019-cash-claims.ts';
import * as m0020 from './migrations/0020-refund-flow.ts';
import * as m0021 from './migrations/0021-ride-coupons.ts';
import * as m0022 from './migrations/0022-driver-cab.ts';
import * as m0023 from './migrations/0023-feedback-reasons.ts';
import * as m0024 from './migrations/0024-captcha-uses.ts';
import * as m0025 from './migrations/0025-guest-ticket-claims.ts';
import * as m0027 from './migrations/0027-ticket-priority.ts';
import * as m0028 from './migrations/0028-call-us-codes.ts';
import * as m0029 from './migrations/0029-call-requests.ts';
import * as m0030 from './migrations/0030-chat-availability.ts';
import * as m0031 from './migrations/0031-chat-conversations.ts';
import * as m0032 from './migrations/0032-driver-rides.ts';
import * as m0034 from './migrations/0034-article-plain-text.ts';
import * as m0036 from './migrations/0036-driver-recompletes.ts';
import * as m0037 from './migrations/0037-driver-cars.ts';
import * as m0038 from './migrations/0038-driver-articles.ts';
import * as m0039 from './migrations/0039-staff-and-audit.ts';
import * as m0041 from './migrations/0041-agent-tickets.ts';
import * as m0042 from './migrations/0042-canned-replies.ts';
import * as m0043 from './migrations/0043-app-settings.ts';
import * as m0044 from './migrations/0044-article-authoring.ts';
import * as m0045 from './migrations/0045-kb-search-counts.ts';
import * as m0046 from './migrations/0046-kb-search-contentless.ts';
import * as m0047 from './migrations/0047-kb-search-in-memory.ts';
import * as m0048 from './migrations/0048-bookings-list-json.ts';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** PostgreSQL's connection pool (its counts are metrics, plugins/metrics.ts) */
  pool?: pg.Pool;
  /** the SQLite file (its size is a metric; `npm run backup` copies it) */
  sqliteFile?: string;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise the embedded SQLite file below is used. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to work in (tests isolate each run in its own). */
  schema?: string | undefined;
  /** SQLite file path, or ':memory:'. */
  sqliteFile?: string;
  poolSize?: number;
}

/**
 * Each driver is loaded by the first database of its kind, not at start: a process needs one of the two, and pg
 * alone is ~3.5 MB of a SQLite server (docs/performance.md "Modules loaded on first use"). A synchronous require
 * (both are CommonJS) keeps openDatabase synchronous; the bundle leaves npm packages external, so nothing of them is
 * read before this.
 */
const nodeRequire = createRequire(import.meta.url);

let pgModule: typeof pg | undefined;
function loadPg(): typeof pg {
  if (!pgModule) {
    pgModule = nodeRequire('pg') as typeof pg;
    // bigint columns hold millisecond timestamps, well inside Number's safe range.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (v) => Number(v));
    pgModule.types.setTypeParser(pgModule.types.builtins.NUMERIC, (v) => Number(v));
  }
  return pgModule;
}

export function openDatabase(opts: DatabaseOptions): DatabaseHandle {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // public stays on the path after the app's schema: extensions such as pg_trgm live there, once per database.
      ...(opts.schema ? { options: `-c search_path=${quoteIdent(opts.schema)},public` } : {}),
    });
    // An idle connection the server drops (a restart, a failover, a cut network) is reported on the pool; unheard,
    // that event would end the process. The pool discards the connection; the next query opens a new one and
    // readiness (/api/ready) reports the outage meanwhile.
    pool.on('error', () => {});
    // The same for a connection in use: its query fails (and is answered), the event must not end the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy(), pool };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const SQLiteDatabase = nodeRequire('better-sqlite3') as typeof SQLite;
  const sqlite = new SQLiteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own default page cache, 2 MB: better-sqlite3 builds SQLite with 16 MB, which the start's full read of
  // the articles (the search index) filled and kept for good. The operating system caches the file's pages anyway;
  // at rest 164–166 → 149 MB with the same throughput (docs/performance.md "The database's page cache").
  sqlite.pragma('cache_size = -2000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy(), sqliteFile: file };
}

/**
 * Kysely asks better-sqlite3 to prepare every query anew; the same few hundred statements run all
 * day, so prepared statements are kept (least recently used dropped first).
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) cache.delete(sql);
      else statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return name;
}

/** Migrations are listed in code so the bundled server needs no migration folder at run time. */
const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-knowledge-base': m0002,
  '0003-tickets': m0003,
  '0004-one-touch': m0004,
  '0005-kyc-choices': m0005,
  '0006-outbox-owner': m0006,
  '0007-left-belongings': m0007,
  '0008-bills': m0008,
  '0009-upload-blobs': m0009,
  '0011-form-token-uses': m0011,
  '0012-invoice-mail': m0012,
  '0013-open-ticket-per-order': m0013,
  '0014-track-event-context': m0014,
  '0015-article-translations': m0015,
  '0017-article-updated': m0017,
  '0018-wallet-credits': m0018,
  '0019-cash-claims': m0019,
  '0020-refund-flow': m0020,
  '0021-ride-coupons': m0021,
  '0022-driver-cab': m0022,
  '0023-feedback-reasons': m0023,
  '0024-captcha-uses': m0024,
  '0025-guest-ticket-claims': m0025,
  '0027-ticket-priority': m0027,
  '0032-driver-rides': m0032,
  '0030-chat-availability': m0030,
  '0028-call-us-codes': m0028,
  '0029-call-requests': m0029,
  '0031-chat-conversations': m0031,
  '0034-article-plain-text': m0034,
  '0036-driver-recompletes': m0036,
  '0037-driver-cars': m0037,
  '0038-driver-articles': m0038,
  '0046-kb-search-contentless': m0046,
  '0039-staff-and-audit': m0039,
  '0041-agent-tickets': m0041,
  '0042-canned-replies': m0042,
  '0044-article-authoring': m0044,
  '0045-kb-search-counts': m0045,
  '0043-app-settings': m0043,
  '0047-kb-search-in-memory': m0047,
  '0048-bookings-list-json': m0048,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

function migratorOf(db: Kysely<Database>, schema?: string): Migrator {
  return new Migrator({
    db: withNamesIntrospection(db),
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * The database as the migrator sees it. To find its own tables, Kysely's migrator lists every column of every table
 * of every schema on PostgreSQL, through catalog functions that fail when another schema is dropped meanwhile
 * ("schema … does not exist", "column … of relation … does not exist": another app's or a parallel test run's
 * schema). It reads only the names: on PostgreSQL these come straight from the catalogs, which never fail so.
 */
function withNamesIntrospection(db: Kysely<Database>): Kysely<Database> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return db;
  const introspection: DatabaseIntrospector = {
    getSchemas: async () =>
      (await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(db)).rows,
    getTables: async () =>
      (
        await sql<{ name: string; schema: string; view: boolean }>`
          select c.relname as name, n.nspname as schema, c.relkind = 'v' as view
          from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'v', 'p')`.execute(db)
      ).rows.map((t) => ({ name: t.name, schema: t.schema, isView: t.view, columns: [] })),
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  // Kysely keeps its state in private fields: every other member is the database's own, bound to it.
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * `schema`: the PostgreSQL schema the app works in (DATABASE_SCHEMA). Kysely's migrator must be told, or it takes
 * another schema's migration tables in the same database for its own and never creates them.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = migratorOf(db, schema);
  migrating.add(db);
  try {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
    }
  } finally {
    migrating.delete(db);
  }
}

/** Databases whose migrations run now in this process (readiness answers 503 meanwhile, modules/health). */
const migrating = new WeakSet<Kysely<Database>>();

export function isMigrating(db: Kysely<Database>): boolean {
  return migrating.has(db);
}

/** The migrations this code knows that the database has not run yet (readiness: 503 until there are none). */
export async function pendingMigrations(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const migrator = migratorOf(db, schema);
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
