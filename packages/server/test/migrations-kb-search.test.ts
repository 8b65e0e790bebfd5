// Migration 0047 (the knowledge-base search in memory): up drops the database-side search storage, down rebuilds it
// from the stored articles as the code before 0047 wrote it on import, and up again leaves a working search.
import path from 'node:path';
import { normalizeSearchText } from '@selfserve/contract';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m0047 from '../src/db/migrations/0047-kb-search-in-memory.ts';
import type { Database } from '../src/db/schema.ts';
import { formatImportResult, importKnowledgeBase } from '../src/modules/kb/importer.ts';
import { forgetKbVersion, searchArticles } from '../src/modules/kb/repo.ts';
import { openTestDatabase, type TestDatabase, testDatabases } from './helpers.ts';

const contentKb = path.resolve(import.meta.dirname, '../../../content/kb');
const WORD = 'refund';

async function tableExists(db: Kysely<Database>, postgres: boolean, name: string): Promise<boolean> {
  const found = postgres
    ? await sql<{ n: string | null }>`select to_regclass(${name})::text as n`.execute(db)
    : await sql<{ n: string }>`select name as n from sqlite_master where name = ${name}`.execute(db);
  return Boolean(found.rows[0]?.n);
}

async function hasSearchVector(db: Kysely<Database>): Promise<boolean> {
  const found = await sql`select 1 from information_schema.columns
    where table_schema = current_schema() and table_name = 'articles' and column_name = 'search_vector'`.execute(db);
  return found.rows.length > 0;
}

const wordsOf = (r: { title: string; body_text: string }) =>
  new Set([...normalizeSearchText(r.title).split(' '), ...r.body_text.split(' ')]);

describe.each(testDatabases)('migration 0047-kb-search-in-memory (%s)', (dialect) => {
  let database: TestDatabase;
  const postgres = dialect === 'postgres';
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await openTestDatabase(dialect, false);
    db = database.db;
    const result = await importKnowledgeBase(database.db, contentKb);
    if (!result.ok) throw new Error(formatImportResult(result));
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function expectGone() {
    expect(await tableExists(db, postgres, 'kb_terms')).toBe(false);
    if (postgres) {
      expect(await hasSearchVector(db)).toBe(false);
      expect(await tableExists(db, postgres, 'articles_search_idx')).toBe(false);
    } else {
      expect(await tableExists(db, postgres, 'articles_fts')).toBe(false);
    }
  }

  it('leaves no database-side search storage after migrating', async () => {
    await expectGone();
  });

  it('down rebuilds the vocabulary and the search index from the articles; up drops them again', async () => {
    await m0047.down(db);
    const rows = await db.selectFrom('articles').select(['id', 'type', 'title', 'body_text']).execute();
    const holding = rows.filter((r) => wordsOf(r).has(WORD));
    expect(holding.filter((r) => r.type === 'article').length).toBeGreaterThan(3);

    // The vocabulary: every row's words with their row counts, no stop words.
    const term = await sql<{ doc_count: number }>`select doc_count from kb_terms where term = ${WORD}`.execute(db);
    expect(Number(term.rows[0]?.doc_count)).toBe(holding.length);
    expect((await sql`select term from kb_terms where term in ('the', 'and')`.execute(db)).rows).toEqual([]);

    if (postgres) {
      const found = await sql<{ id: string }>`
        select id from articles where search_vector @@ ${WORD}::tsquery order by id`.execute(db);
      expect(found.rows.map((r) => r.id)).toEqual(holding.map((r) => r.id).sort());
      expect(await tableExists(db, postgres, 'articles_search_idx')).toBe(true);
      expect(await tableExists(db, postgres, 'kb_terms_trgm_idx')).toBe(true);
    } else {
      // Contentless, each entry's rowid the article's rowid in its index's range (as 0046 wrote it).
      const found = await sql<{ rowid: number }>`
        select rowid from articles_fts where articles_fts match ${WORD}`.execute(db);
      const articleRowids = await sql<{ id: string; rowid: number }>`select id, rowid from articles`.execute(db);
      const idOf = new Map(articleRowids.rows.map((r) => [r.rowid, r.id]));
      const ids = found.rows.map((r) => idOf.get(r.rowid % 2 ** 32)).sort();
      expect(ids).toEqual(
        holding
          .filter((r) => r.type === 'article')
          .map((r) => r.id)
          .sort(),
      );
      expect(found.rows.every((r) => r.rowid >= 2 ** 32)).toBe(true);
    }

    await m0047.up(db);
    await expectGone();
  });

  it('searches and imports after down and up', async () => {
    forgetKbVersion(database.db);
    expect((await searchArticles(database.db, WORD, ['customer'], 5)).length).toBeGreaterThan(0);
    const again = await importKnowledgeBase(database.db, contentKb);
    expect(again.ok).toBe(true);
  });
});
