import { normalizeSearchText } from '@selfserve/contract';
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * SQLite's search index becomes contentless, each index's articles in a rowid range of their own
 * (`ftsRowid` below, docs/kb-search.md): a search reads neither the index's copy of the text nor any row to filter
 * by index, which was most of its time (docs/performance.md). Rebuilt here from the stored articles. PostgreSQL's
 * tsvector is unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop table if exists articles_fts`.execute(db);
  await sql`create virtual table articles_fts using fts5(
    title, body,
    tokenize = "unicode61 remove_diacritics 2 categories 'L* N* M* Co'",
    prefix = '2 3 4',
    content = '', contentless_delete = 1
  )`.execute(db);
  const rows = await sql<{ rowid: number; index_name: string; title: string; body_text: string }>`
    select rowid, index_name, title, body_text from articles where type = 'article'`.execute(db);
  for (const r of rows.rows) {
    await sql`insert into articles_fts (rowid, title, body) values (${ftsRowid(r.index_name, r.rowid)}, ${normalizeSearchText(r.title)}, ${r.body_text})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop table if exists articles_fts`.execute(db);
  await sql`create virtual table articles_fts using fts5(
    article_id unindexed, index_name unindexed, title, body,
    tokenize = "unicode61 remove_diacritics 2 categories 'L* N* M* Co'",
    prefix = '2 3 4'
  )`.execute(db);
  await sql`insert into articles_fts (article_id, index_name, title, body)
    select id, index_name, title, body_text from articles where type = 'article'`.execute(db);
}

/**
 * An article's rowid in articles_fts, as the code of 0046's time wrote it (kept here: a migration never depends on app
 * code that changes): each index's entries in a range of their own, `indexCode(index) * 2^32 + articles.rowid`, the
 * code a 20-bit FNV-1a of the index name (times 2^32 it stays below 2^53, a safe JavaScript integer).
 */
function ftsRowid(indexName: string, articleRowid: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < indexName.length; i++) {
    h ^= indexName.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h & 0xfffff) * 2 ** 32 + articleRowid;
}
