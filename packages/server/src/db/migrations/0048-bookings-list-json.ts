import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { listJsonBackfillSql, listJsonTriggerSql } from '../../modules/bookings/repo.ts';

/**
 * The bookings list page's entries kept as JSON in each row (docs/bookings.md "List entries stored", docs/performance.md
 * "Session of 2026-11-29, afternoon"): the three pieces the page sends (list_head, list_middle, list_tail) were
 * written by the database on every request, ~10 µs a row; now it writes them when a row is inserted or a shown column
 * changes, by triggers (modules/bookings/repo.ts listJsonTriggerSql), and the page reads them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  for (const column of ['list_head', 'list_middle', 'list_tail']) {
    await db.schema.alterTable('bookings').addColumn(column, 'text').execute();
  }
  await sql.raw(listJsonBackfillSql(dialect)).execute(db);
  for (const statement of listJsonTriggerSql(dialect)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists bookings_list_json on bookings`.execute(db);
    await sql`drop function if exists bookings_list_json()`.execute(db);
  } else {
    await sql`drop trigger if exists bookings_list_json_insert`.execute(db);
    await sql`drop trigger if exists bookings_list_json_update`.execute(db);
  }
  for (const column of ['list_head', 'list_middle', 'list_tail']) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
}
