import type { Kysely } from 'kysely';

/**
 * A solved captcha is accepted once (docs/captcha.md): the signature of each used challenge, kept until the
 * challenge would have expired anyway. The primary key settles concurrent replays, also across instances.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('captcha_uses')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_uses_expiry_idx').on('captcha_uses').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('captcha_uses').ifExists().execute();
}
