import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Non-login form tokens are single use: the nonce of each used one, kept until the token would have expired
  // anyway. The primary key makes a replay fail even when two instances see it at the same moment.
  await db.schema
    .createTable('form_token_uses')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('form_token_uses_expiry_idx').on('form_token_uses').column('expires_at').execute();

  // Article feedback from visitors, counted per article, client address (hashed) and UTC day: the cap holds when
  // the visitor cookie is dropped, and across instances (one row, incremented only while under the cap).
  await db.schema
    .createTable('article_feedback_address_votes')
    .addColumn('article_id', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('votes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_feedback_address_votes_pk', ['article_id', 'address', 'day'])
    .execute();
  await db.schema
    .createIndex('article_feedback_address_votes_day_idx')
    .on('article_feedback_address_votes')
    .column('day')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('article_feedback_address_votes').ifExists().execute();
  await db.schema.dropTable('form_token_uses').ifExists().execute();
}
