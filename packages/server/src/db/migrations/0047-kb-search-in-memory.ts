import { indexStopWords, normalizeSearchText } from '@selfserve/contract';
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The knowledge-base search runs from an index in memory, built per knowledge-base version from the articles' rows
 * (modules/kb/search-index.ts, docs/kb-search.md): the database-side search storage is dropped. SQLite's FTS5 table
 * (0002, contentless since 0046), PostgreSQL's tsvector column and its GIN index (0002), and on both the typo
 * vocabulary `kb_terms` (0002; with a pg_trgm GiST index on PostgreSQL). The pg_trgm extension stays: migration 0002
 * creates it, once per database, and other schemas of the same database may use it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists articles_search_idx`.execute(db);
    await sql`alter table articles drop column if exists search_vector`.execute(db);
  } else {
    await sql`drop table if exists articles_fts`.execute(db);
  }
  // Its index (kb_terms_trgm_idx on PostgreSQL) goes with it.
  await db.schema.dropTable('kb_terms').ifExists().execute();
}

/**
 * Everything back as the code before 0047 wrote it on import, rebuilt from the stored articles: an import only
 * rewrites changed articles, so empty search tables would have stayed empty for every unchanged one.
 */
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rows = (
    await sql<{ rowid: number; id: string; index_name: string; type: string; title: string; body_text: string }>`
      select ${postgres ? sql`0` : sql`rowid`} as rowid, id, index_name, type, title, body_text from articles`.execute(
      db,
    )
  ).rows;

  // The typo vocabulary: each word of every row with the number of rows holding it, stop words left out.
  await db.schema
    .createTable('kb_terms')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('doc_count', 'integer', (c) => c.notNull())
    .execute();
  const counts = new Map<string, number>();
  for (const r of rows) {
    for (const t of new Set([...tokens(normalizeSearchText(r.title)), ...tokens(r.body_text)])) {
      if (!indexStopWords.has(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
  }
  const terms = [...counts].map(([term, doc_count]) => ({ term, doc_count }));
  for (let i = 0; i < terms.length; i += 500) {
    await db
      .insertInto('kb_terms')
      .values(terms.slice(i, i + 500))
      .execute();
  }

  if (postgres) {
    await sql`alter table articles add column search_vector tsvector`.execute(db);
    for (const r of rows) {
      await sql`update articles set search_vector = cast(${tsvectorLiteral(normalizeSearchText(r.title), r.body_text)} as tsvector) where id = ${r.id}`.execute(
        db,
      );
    }
    await sql`create index articles_search_idx on articles using gin (search_vector)`.execute(db);
    await sql`create index kb_terms_trgm_idx on kb_terms using gist (term gist_trgm_ops)`.execute(db);
  } else {
    // As 0046 made it: contentless, each index's articles in a rowid range of their own.
    await sql`create virtual table articles_fts using fts5(
      title, body,
      tokenize = "unicode61 remove_diacritics 2 categories 'L* N* M* Co'",
      prefix = '2 3 4',
      content = '', contentless_delete = 1
    )`.execute(db);
    for (const r of rows) {
      if (r.type !== 'article') continue;
      await sql`insert into articles_fts (rowid, title, body) values (${ftsRowid(r.index_name, r.rowid)}, ${normalizeSearchText(r.title)}, ${r.body_text})`.execute(
        db,
      );
    }
  }
}

// What the code before 0047 used, kept here as it was: a migration never depends on app code that changes.

const tokens = (text: string) => text.split(' ').filter(Boolean);

/** An article's rowid in articles_fts: a 20-bit FNV-1a code of its index name times 2^32, plus articles.rowid. */
function ftsRowid(indexName: string, articleRowid: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < indexName.length; i++) {
    h ^= indexName.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h & 0xfffff) * 2 ** 32 + articleRowid;
}

/** A tsvector in PostgreSQL's text form from our own tokens, with positions and weights (title A, body B). */
function tsvectorLiteral(title: string, body: string): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  for (const [text, weight] of [
    [title, 'A'],
    [body, 'B'],
  ] as const) {
    for (const token of tokens(text)) {
      pos = Math.min(pos + 1, 16383);
      const list = positions.get(token) ?? [];
      if (list.length < 256) list.push(`${pos}${weight}`);
      positions.set(token, list);
    }
  }
  return [...positions].map(([token, list]) => `'${token}':${list.join(',')}`).join(' ');
}
