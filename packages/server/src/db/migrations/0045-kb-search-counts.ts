import type { Kysely } from 'kysely';

/**
 * What readers search for (issue 21 item 5; docs/agent.md "Insights"): searches from the results page counted per UTC
 * day, query (normalised: trimmed, lower case, single spaces), the reader's country and language, with how many found
 * nothing. Each instance counts in memory and adds its counts every few seconds, so a search costs no write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kb_search_counts')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    /** the reader's country ('' when unknown) */
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addColumn('zero_results', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('kb_search_counts_pk', ['day', 'query', 'country', 'language'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kb_search_counts').execute();
}
