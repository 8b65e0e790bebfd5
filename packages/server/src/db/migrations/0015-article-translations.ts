import type { Kysely } from 'kysely';

/**
 * Knowledge-base translations (docs/kb-content.md, content/kb-i18n/<locale>/<index>/*.md): one row per article and
 * locale with the translated title and sanitised body; everything else is the English article's. The primary key
 * is the one lookup an article answer makes for its reader's language.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('article_translations')
    .addColumn('article_id', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_translations_pk', ['article_id', 'locale'])
    .execute();
  // A locale's titles are read at once (lists and trees in that language).
  await db.schema.createIndex('article_translations_locale_idx').on('article_translations').column('locale').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('article_translations').execute();
}
