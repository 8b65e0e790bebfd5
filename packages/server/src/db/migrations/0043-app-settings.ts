import type { Kysely } from 'kysely';

/**
 * Settings an admin changes at run time from the agent console (issue 21 item 6; docs/agent.md "Settings"): one row
 * per key with its JSON value. Today the master switches (`switches`: write_to_us, call_us, chat); a key without a
 * row keeps the environment's value (HIDE_WRITE_TO_US, HIDE_CALL_US, HIDE_CHAT).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_settings').execute();
}
