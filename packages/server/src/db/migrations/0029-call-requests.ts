import type { Kysely } from 'kysely';

/**
 * Every call or text the help centre asks the telephony provider for on a user's behalf (docs/telephony.md):
 * click-to-call, call-back, the masked rider ↔ driver and driver → customer calls, the app link by SMS. The rows make a
 * retried request answer the first one instead of ringing again (`dedupe_key`, unique while the request stands) and
 * let support see what was asked and what the provider said.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('call_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // click_to_call | callback | masked_call | partner_lab_call | app_link
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text')
    .addColumn('article_id', 'text')
    // what the request is about, as one string (booking|article): a repeat is the same kind, user and subject
    .addColumn('subject', 'text', (c) => c.notNull())
    // kind:user:subject:window while the request stands; cleared when it failed, so a retry may ask again
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    // placing → placed | failed
    .addColumn('status', 'text', (c) => c.notNull())
    // the answer given (a click-to-call value, SUCCESS/FAILURE) and the provider's own outcome
    .addColumn('outcome', 'text')
    .addColumn('provider_outcome', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('call_requests_user_idx')
    .on('call_requests')
    .columns(['user_id', 'kind', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('call_requests').execute();
}
