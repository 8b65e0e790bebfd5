import type { Kysely } from 'kysely';

/**
 * The day an article's content last changed, from its front matter `updated` (YYYY-MM-DD, docs/kb-content.md), shown
 * as "Last updated" on the article page. Null for nodes without one (categories, older imports until re-imported).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('articles').addColumn('updated_on', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('articles').dropColumn('updated_on').execute();
}
