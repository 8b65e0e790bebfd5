import type { Kysely } from 'kysely';

/**
 * The survey's answer in full (guided-flows.md §4, docs/kb-feedback.md): a No's reason, one of the article's own
 * `Feedback` reasons, and the CRN of the ride the article was opened for (the answer is then that ride's: its voter
 * key carries the CRN, so the one-per-voter unique index keeps one answer per article and per CRN).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('article_feedback').addColumn('reason', 'text').execute();
  await db.schema.alterTable('article_feedback').addColumn('crn', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('article_feedback').dropColumn('crn').execute();
  await db.schema.alterTable('article_feedback').dropColumn('reason').execute();
}
