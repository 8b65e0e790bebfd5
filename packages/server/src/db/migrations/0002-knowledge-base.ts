import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('articles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('index_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('labels', 'text', (c) => c.notNull())
    .addColumn('label_names', 'text', (c) => c.notNull())
    .addColumn('contexts', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('related', 'text', (c) => c.notNull())
    .addColumn('side_load', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('embedded', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('articles_tree_idx')
    .on('articles')
    .columns(['index_name', 'parent_id', 'position'])
    .execute();

  // The vocabulary of the knowledge base, rebuilt on import: typo-tolerant search looks up near words here.
  await db.schema
    .createTable('kb_terms')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('doc_count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('kb_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('kb_zero_result_searches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('index_names', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('article_feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('article_id', 'text', (c) => c.notNull())
    .addColumn('voter', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('helpful', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('article_feedback_voter_uq', ['article_id', 'voter'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('call_requests_allowed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Full-text search: the one dialect-specific piece (DESIGN.md). Both index the same normalised text.
  if (postgres) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`alter table articles add column search_vector tsvector`.execute(db);
    await sql`create index articles_search_idx on articles using gin (search_vector)`.execute(db);
    await sql`create index kb_terms_trgm_idx on kb_terms using gist (term gist_trgm_ops)`.execute(db);
  } else {
    await sql`create virtual table articles_fts using fts5(
      article_id unindexed, index_name unindexed, title, body,
      tokenize = "unicode61 remove_diacritics 2 categories 'L* N* M* Co'",
      prefix = '2 3 4'
    )`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists articles_fts`.execute(db);
  for (const t of ['article_feedback', 'kb_zero_result_searches', 'kb_meta', 'kb_terms', 'articles']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.alterTable('users').dropColumn('call_requests_allowed').execute();
}
