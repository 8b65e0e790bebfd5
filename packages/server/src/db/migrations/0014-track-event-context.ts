import type { Kysely } from 'kysely';

/**
 * A page view's entry mode and language (docs/telemetry.md): two nullable columns, so events stored before this
 * migration (and events that are not page views) keep NULL. Plain `add column` works alike on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('track_events').addColumn('entry_mode', 'text').execute();
  await db.schema.alterTable('track_events').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('track_events').dropColumn('language').execute();
  await db.schema.alterTable('track_events').dropColumn('entry_mode').execute();
}
