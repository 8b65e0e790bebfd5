import type { Kysely } from 'kysely';

/**
 * The agent console's people and their trail (issue 21; docs/agent.md):
 * - `users.staff_role`: 'agent' or 'admin' for the people who answer riders; null for everyone else. A staff member
 *   signs in like anyone (one-time code); their queue is their own `country_code` (admins see every country).
 * - `audit_log`: who did what to which ticket, chat, article or user — written by every agent and admin action.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('staff_role', 'text').execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    /** JSON: what changed (never personal data beyond ids) */
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('users').dropColumn('staff_role').execute();
}
