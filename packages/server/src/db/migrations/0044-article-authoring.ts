import type { Kysely } from 'kysely';

/**
 * Article authoring in the agent console (issue 21 item 4; docs/agent.md "Articles"):
 * - `articles.source`, `article_translations.source`: the content file as it was last imported or published (front
 *   matter and Markdown), so the editor opens what an author wrote and `npm run kb:export` writes it back. '' for a
 *   row imported before this migration (the editor then rebuilds a file from the row).
 * - `article_drafts`: unpublished work, one row per article and locale ('en' for the article itself): a draft of a
 *   published or new article, or the last published file of an unpublished one. Readers never see it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('articles')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('article_translations')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('article_drafts')
    .addColumn('article_id', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    /** 'draft' (work not yet published) | 'unpublished' (taken away from readers, kept to publish again) */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('index_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_drafts_pk', ['article_id', 'locale'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('article_drafts').execute();
  await db.schema.alterTable('article_translations').dropColumn('source').execute();
  await db.schema.alterTable('articles').dropColumn('source').execute();
}
