import type { Kysely } from 'kysely';

/**
 * Call us with a one-time code (docs/telephony.md "Call us"):
 * - `call_us_numbers.line`: null for the standard line, 'select' for the Select members' line.
 * - `call_us_codes`: each code given, stored as a keyed hash of (called number, code) — never the code itself —
 *   with whom and what it is about, when it stops working and when it was used (once). The unique hash lets any
 *   instance find the code the IVR heard.
 * - `call_us_attempts`: the wrong guesses the IVR reported, by lock key (caller number, user), for the lock-out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('call_us_numbers').addColumn('line', 'text').execute();

  await db.schema
    .createTable('call_us_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('called_number', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text')
    .addColumn('article_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text')
    .execute();
  // Expired codes and old wrong guesses are pruned by these (modules/callus/repo.ts pruneExpired).
  await db.schema.createIndex('call_us_codes_expiry_idx').on('call_us_codes').column('expires_at').execute();
  await db.schema
    .createIndex('call_us_codes_user_idx')
    .on('call_us_codes')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('call_us_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lock_key', 'text', (c) => c.notNull())
    .addColumn('called_number', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('call_us_attempts_key_idx')
    .on('call_us_attempts')
    .columns(['lock_key', 'created_at'])
    .execute();
  await db.schema.createIndex('call_us_attempts_time_idx').on('call_us_attempts').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('call_us_attempts').ifExists().execute();
  await db.schema.dropTable('call_us_codes').ifExists().execute();
  await db.schema.alterTable('call_us_numbers').dropColumn('line').execute();
}
