import type { Kysely } from 'kysely';

/**
 * The plain text of an article's body as written (case, punctuation and apostrophes kept; no markup, no hidden JSON
 * blocks), for search snippets people can read (docs/kb-search.md). Written by the import; rows imported before this
 * migration hold '' until the next import rewrites them (every article's content hash changes with the new column),
 * and search builds their snippets from the stored HTML meanwhile.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('articles')
    .addColumn('body_plain', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('articles').dropColumn('body_plain').execute();
}
