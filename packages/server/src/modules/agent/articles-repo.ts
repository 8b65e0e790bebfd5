import type { Kysely, Transaction } from 'kysely';
import type { ArticleDraftsTable, Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An article's published row as the editor needs it (any type: parents are checked too). */
export function findPublished(db: Db, id: string) {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPublishedTranslations(db: Db, id: string) {
  return db
    .selectFrom('article_translations')
    .select(['locale', 'title', 'body_html', 'source'])
    .where('article_id', '=', id)
    .execute();
}

export function findDrafts(db: Db, id: string) {
  return db.selectFrom('article_drafts').selectAll().where('article_id', '=', id).execute();
}

/** Every draft row in English (one per article with unpublished work): the list's drafts and their states. */
export function listEnglishDrafts(db: Db) {
  return db
    .selectFrom('article_drafts')
    .select(['article_id', 'state', 'index_name', 'title', 'updated_at'])
    .where('locale', '=', 'en')
    .execute();
}

/** Articles with a draft in any locale. */
export async function idsWithDrafts(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('article_drafts').select('article_id').where('state', '=', 'draft').execute();
  return new Set(rows.map((r) => r.article_id));
}

export async function upsertDraft(db: Db, row: ArticleDraftsTable): Promise<void> {
  const { article_id: _a, locale: _l, ...rest } = row;
  await db
    .insertInto('article_drafts')
    .values(row)
    .onConflict((oc) => oc.columns(['article_id', 'locale']).doUpdateSet(rest))
    .execute();
}

export async function deleteDrafts(db: Db, id: string, locale?: string): Promise<number> {
  let q = db.deleteFrom('article_drafts').where('article_id', '=', id);
  if (locale) q = q.where('locale', '=', locale);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Published articles (type article) matching an id or title words, a page of them, and how many match. */
export async function listPublished(db: Db, opts: { q?: string; onlyIds?: string[]; offset: number; limit: number }) {
  let q = db.selectFrom('articles').where('type', '=', 'article');
  if (opts.onlyIds) q = q.where('id', 'in', opts.onlyIds.length > 0 ? opts.onlyIds : ['']);
  if (opts.q) {
    const term = opts.q;
    q = /^\d+$/.test(term)
      ? q.where('id', '=', term)
      : q.where((eb) => eb(eb.fn('lower', ['title']), 'like', `%${term.toLowerCase().replace(/[%_\\]/g, '')}%`));
  }
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows =
    opts.limit > 0
      ? await q
          .select(['id', 'index_name', 'title', 'updated_at'])
          .orderBy('updated_at', 'desc')
          .orderBy('id')
          .offset(opts.offset)
          .limit(opts.limit)
          .execute()
      : [];
  return { total, rows };
}

/** The next free article id: one above every id in use, published or drafted (ids are digits). */
export async function nextArticleId(db: Db): Promise<string> {
  const ids = [
    ...(await db.selectFrom('articles').select('id').execute()),
    ...(await db.selectFrom('article_drafts').select('article_id as id').execute()),
  ];
  const max = ids.reduce((m, r) => (/^\d+$/.test(r.id) ? Math.max(m, Number(r.id)) : m), 0);
  return String(max + 1);
}

/** Display names of the people in an audit trail. */
export async function namesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
