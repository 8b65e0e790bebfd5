import crypto from 'node:crypto';
import { queryGroups, type SupportedLocale, type Synonyms } from '@selfserve/contract';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { ArticleRow, Database } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import type { ContentNode } from './content.ts';
import { type IndexHit, SearchIndex } from './search-index.ts';

type Db = Kysely<Database> | Transaction<Database>;

const treeColumns = [
  'id',
  'index_name',
  'type',
  'parent_id',
  'position',
  'title',
  'label_names',
  'labels',
  'contexts',
] as const;
export type TreeRow = Pick<ArticleRow, (typeof treeColumns)[number]>;

export function listTree(db: Db, indexes: string[]): Promise<TreeRow[]> {
  return db
    .selectFrom('articles')
    .select(treeColumns)
    .where('index_name', 'in', indexes)
    .orderBy('position')
    .orderBy('title')
    .execute();
}

/** When each of some articles last changed (the sitemap's lastmod). */
export function listUpdatedOn(db: Db, indexes: readonly string[]) {
  if (indexes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('articles')
    .select(['id', 'updated_on'])
    .where('index_name', 'in', [...indexes])
    .execute();
}

export function findArticle(db: Db, id: string) {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}

const pageColumns = [
  'id',
  'title',
  'type',
  'index_name',
  'parent_id',
  'label_names',
  'body_html',
  'updated_on',
  'labels',
  'options',
  'side_load',
  'response',
  'embedded',
  'related',
] as const;
export type ArticlePageRow = Pick<ArticleRow, (typeof pageColumns)[number]>;
const pageSql = new WeakMap<object, string>();

/**
 * What the article page shows of a row (not its search texts), by a query built once per database: article fetches
 * that miss the article cache run it (docs/performance.md).
 */
export async function findArticlePage(db: Db, id: string): Promise<ArticlePageRow | undefined> {
  let text = pageSql.get(db);
  if (!text) {
    text = db.selectFrom('articles').select(pageColumns).where('id', '=', id).compile().sql;
    pageSql.set(db, text);
  }
  return (await db.executeQuery<ArticlePageRow>(CompiledQuery.raw(text, [id]))).rows[0];
}

export function findTreeRows(db: Db, ids: string[]): Promise<TreeRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('articles').select(treeColumns).where('id', 'in', ids).execute();
}

export function listChildren(db: Db, parentId: string): Promise<TreeRow[]> {
  return db
    .selectFrom('articles')
    .select(treeColumns)
    .where('parent_id', '=', parentId)
    .orderBy('position')
    .orderBy('title')
    .execute();
}

export function listHashes(db: Db, indexes: string[]) {
  return db
    .selectFrom('articles')
    .select(['id', 'index_name', 'content_hash'])
    .where('index_name', 'in', indexes)
    .execute();
}

function toRow(n: ContentNode, now: string): ArticleRow {
  return {
    id: n.id,
    index_name: n.index_name,
    type: n.type,
    parent_id: n.parent_id,
    position: n.position,
    title: n.title,
    body_html: n.body_html,
    body_text: n.body_text,
    body_plain: n.body_plain,
    labels: JSON.stringify(n.labels),
    label_names: JSON.stringify(n.label_names),
    contexts: JSON.stringify(n.contexts),
    options: JSON.stringify(n.options),
    related: JSON.stringify(n.related),
    side_load: JSON.stringify(n.side_load),
    response: JSON.stringify(n.response),
    embedded: JSON.stringify(n.embedded),
    content_hash: n.content_hash,
    updated_at: now,
    updated_on: n.updated,
    source: n.source ?? '',
  };
}

/** Writes nodes (new or changed); the search index is built from these rows (searchIndexOf). */
export async function upsertArticles(trx: Transaction<Database>, nodes: ContentNode[], now: string) {
  for (const n of nodes) {
    const row = toRow(n, now);
    const { id: _id, ...rest } = row;
    await trx
      .insertInto('articles')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(rest))
      .execute();
  }
}

export async function deleteArticles(trx: Transaction<Database>, ids: string[]) {
  if (ids.length === 0) return;
  await trx.deleteFrom('articles').where('id', 'in', ids).execute();
  await trx.deleteFrom('article_translations').where('article_id', 'in', ids).execute();
}

// ---- translations ------------------------------------------------------------------------------

/** The stored translations of the articles of some indexes. */
export function listTranslations(db: Db, indexes: string[]) {
  return db
    .selectFrom('article_translations as t')
    .innerJoin('articles as a', 'a.id', 't.article_id')
    .select(['t.article_id', 't.locale', 't.title', 't.body_html'])
    .where('a.index_name', 'in', indexes)
    .execute();
}

export async function upsertTranslations(
  trx: Transaction<Database>,
  rows: { article_id: string; locale: string; title: string; body_html: string; source?: string }[],
) {
  for (const row of rows) {
    const values = { ...row, source: row.source ?? '' };
    await trx
      .insertInto('article_translations')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(['article_id', 'locale'])
          .doUpdateSet({ title: values.title, body_html: values.body_html, source: values.source }),
      )
      .execute();
  }
}

export async function deleteTranslations(trx: Transaction<Database>, keys: { article_id: string; locale: string }[]) {
  for (const k of keys) {
    await trx
      .deleteFrom('article_translations')
      .where('article_id', '=', k.article_id)
      .where('locale', '=', k.locale)
      .execute();
  }
}

/** One article's title and body in one locale (the primary key). */
export function findTranslation(db: Db, articleId: string, locale: string) {
  return db
    .selectFrom('article_translations')
    .select(['title', 'body_html'])
    .where('article_id', '=', articleId)
    .where('locale', '=', locale)
    .executeTakeFirst();
}

/** Every translated title of one locale, for lists and trees in that language. */
export function listTranslatedTitles(db: Db, locale: string) {
  return db.selectFrom('article_translations').select(['article_id', 'title']).where('locale', '=', locale).execute();
}

/**
 * Bumps the knowledge-base version after an import or a publish: every cache of the knowledge base keys on it (the
 * search index, rankings, tree, articles, translations), so every instance drops what it holds within a second (the
 * caller's own at once: forgetKbVersion after the commit).
 */
export async function bumpKbVersion(trx: Transaction<Database>, now: string) {
  // Unique per import (not only per millisecond): caches in every process key on it.
  const version = `${now}#${crypto.randomUUID()}`;
  await trx
    .insertInto('kb_meta')
    .values({ key: 'version', value: version })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
    .execute();
}

// ---- search ----------------------------------------------------------------------------------

/**
 * The knowledge-base version, read at most once a second per database: every cache of the knowledge base keys on
 * it, so an import by another process (kb:import, another instance) shows within a second, and one in this process
 * at once (forgetKbVersion).
 */
const VERSION_TTL_MS = 1000;
const versions = new WeakMap<object, { value: string; readAt: number }>();

export async function kbVersion(db: Db): Promise<string> {
  const known = versions.get(db);
  if (known && Date.now() - known.readAt < VERSION_TTL_MS) return known.value;
  const value =
    (await db.selectFrom('kb_meta').select('value').where('key', '=', 'version').executeTakeFirst())?.value ?? '';
  versions.set(db, { value, readAt: Date.now() });
  return value;
}

export function forgetKbVersion(db: Db): void {
  versions.delete(db);
}

/** The synonym table (content/kb/synonyms.yml), stored with the knowledge base as one kb_meta row. */
export async function storeSynonyms(trx: Transaction<Database>, synonyms: Synonyms) {
  const value = JSON.stringify(synonyms);
  await trx
    .insertInto('kb_meta')
    .values({ key: 'synonyms', value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function storedSynonyms(db: Db): Promise<Synonyms> {
  const row = await db.selectFrom('kb_meta').select('value').where('key', '=', 'synonyms').executeTakeFirst();
  return row ? (JSON.parse(row.value) as Synonyms) : {};
}

/** The synonym table read once per knowledge-base version and database. */
const synonymCache = new WeakMap<object, { version: string; synonyms: Synonyms }>();
export async function currentSynonyms(db: Db): Promise<Synonyms> {
  const version = await kbVersion(db);
  const known = synonymCache.get(db);
  if (known?.version === version) return known.synonyms;
  const synonyms = await storedSynonyms(db);
  synonymCache.set(db, { version, synonyms });
  return synonyms;
}

/**
 * The search index of the current knowledge-base version (search-index.ts), built from the articles' rows when a
 * search first needs it and kept per instance and database until an import changes the version: the same search on
 * SQLite and PostgreSQL, answered from memory (docs/kb-search.md).
 */
const searchIndexes = new WeakMap<object, { version: string; index: Promise<SearchIndex> }>();

export async function searchIndexOf(db: Db): Promise<SearchIndex> {
  const version = await kbVersion(db);
  const known = searchIndexes.get(db);
  if (known?.version === version) return known.index;
  const index = db
    .selectFrom('articles')
    .select(['id', 'index_name', 'title', 'body_text', 'body_plain'])
    .where('type', '=', 'article')
    .orderBy('id')
    .execute()
    .then((rows) => new SearchIndex(rows));
  const entry = { version, index };
  searchIndexes.set(db, entry);
  // A failed read is not kept: the next search tries again.
  index.catch(() => searchIndexes.get(db) === entry && searchIndexes.delete(db));
  return index;
}

/**
 * Full-text search over titles (weighted) and bodies, ranked (search-index.ts). The query's groups (contract
 * queryGroups: stop words dropped, synonyms added) must all match; when fewer than `limit` articles match all of
 * them, the best partial matches follow (`partial`), ordered by how many groups they match, then by how many match in
 * the title, then by rank.
 */
export async function searchArticles(
  db: Db,
  query: string,
  indexes: string[],
  limit: number,
  reader: SupportedLocale = 'en',
): Promise<IndexHit[]> {
  const groups = queryGroups(query, { reader, synonyms: await currentSynonyms(db) });
  if (groups.length === 0 || indexes.length === 0) return [];
  return (await searchIndexOf(db)).search(groups, indexes, limit);
}

export function recordZeroResultSearch(db: Db, query: string, indexes: string[]) {
  return db
    .insertInto('kb_zero_result_searches')
    .values({
      id: newId('zs'),
      query: query.slice(0, 200),
      index_names: indexes.join(','),
      created_at: new Date().toISOString(),
    })
    .execute();
}

export interface FeedbackRow {
  article_id: string;
  voter: string;
  user_id: string | null;
  helpful: boolean;
  /** a No's reason (one of the article's Feedback reasons) */
  reason: string | null;
  crn: string | null;
}

export function upsertFeedback(db: Db, row: FeedbackRow) {
  const now = new Date().toISOString();
  const answer = { helpful: row.helpful ? 1 : 0, reason: row.reason, created_at: now };
  return db
    .insertInto('article_feedback')
    .values({ id: newId('fb'), ...row, ...answer })
    .onConflict((oc) => oc.columns(['article_id', 'voter']).doUpdateSet(answer))
    .execute();
}

/** A voter's stored answer on an article (their own, or their answer for one ride: the voter key carries the CRN). */
export function findFeedback(db: Db, articleId: string, voter: string) {
  return db
    .selectFrom('article_feedback')
    .select(['helpful', 'reason'])
    .where('article_id', '=', articleId)
    .where('voter', '=', voter)
    .executeTakeFirst();
}

/** The counts query's SQL per database, built once: every article fetch runs it (docs/performance.md). */
const countsSql = new WeakMap<object, string>();

/** How many voters answered 'Was this helpful?' on an article, and how many of them said yes. */
export async function feedbackCounts(db: Db, articleId: string): Promise<{ helpful: number; total: number }> {
  let text = countsSql.get(db);
  if (!text) {
    text = db
      .selectFrom('article_feedback')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.sum<number | string | null>('helpful').as('helpful'),
      ])
      .where('article_id', '=', articleId)
      .compile().sql;
    countsSql.set(db, text);
  }
  const result = await db.executeQuery<{ total: number | string; helpful: number | string | null }>(
    CompiledQuery.raw(text, [articleId]),
  );
  const row = result.rows[0];
  return { helpful: Number(row?.helpful ?? 0), total: Number(row?.total ?? 0) };
}

/**
 * Helpful counts kept per instance between votes (docs/performance.md "Article fetch"): every article fetch shows
 * them, and reading them from the database was the largest part of a fetch. The instance that records a vote drops
 * that article's counts at once (forgetFeedbackCounts), so the voter sees the vote in the next answer; every vote
 * also writes a new feedback stamp (bumpFeedbackStamp), which each instance reads at most once a second, dropping
 * all its counts when it changed: another instance shows a vote within about a second, as with kbVersion.
 */
const FEEDBACK_STAMP_KEY = 'feedback';
const FEEDBACK_STAMP_TTL_MS = 1000;
const FEEDBACK_COUNTS_CACHE_SIZE = 20_000;

interface FeedbackCounts {
  helpful: number;
  total: number;
}

interface CountsCache {
  stamp: string | null;
  checkedAt: number;
  checking: Promise<void> | null;
  /** moves on at every drop: counts read before a drop are not kept after it */
  generation: number;
  entries: Map<string, FeedbackCounts>;
}

const countsCaches = new WeakMap<object, CountsCache>();

function countsCacheOf(db: Db): CountsCache {
  let cache = countsCaches.get(db);
  if (!cache) {
    cache = { stamp: null, checkedAt: 0, checking: null, generation: 0, entries: new Map() };
    countsCaches.set(db, cache);
  }
  return cache;
}

async function checkFeedbackStamp(db: Db, cache: CountsCache): Promise<void> {
  const row = await db.selectFrom('kb_meta').select('value').where('key', '=', FEEDBACK_STAMP_KEY).executeTakeFirst();
  const stamp = row?.value ?? '';
  if (stamp !== cache.stamp) {
    cache.entries.clear();
    cache.generation++;
    cache.stamp = stamp;
  }
  cache.checkedAt = Date.now();
}

/** An article's helpful counts: this instance's copy, checked against the feedback stamp at most once a second. */
export async function cachedFeedbackCounts(db: Db, articleId: string): Promise<FeedbackCounts> {
  const cache = countsCacheOf(db);
  if (Date.now() - cache.checkedAt >= FEEDBACK_STAMP_TTL_MS) {
    // One read of the stamp however many requests arrive meanwhile.
    cache.checking ??= checkFeedbackStamp(db, cache).finally(() => {
      cache.checking = null;
    });
    await cache.checking;
  }
  const hit = cache.entries.get(articleId);
  if (hit) return hit;
  const generation = cache.generation;
  const counts = await feedbackCounts(db, articleId);
  // A vote recorded (or seen) while the counts were read may not be in them: keep them only if none was.
  if (cache.generation === generation) {
    cache.entries.set(articleId, counts);
    if (cache.entries.size > FEEDBACK_COUNTS_CACHE_SIZE) {
      cache.entries.delete(cache.entries.keys().next().value as string);
    }
  }
  return counts;
}

/** Drops this instance's counts of an article after it recorded a vote on it (the voter sees it at once). */
export function forgetFeedbackCounts(db: Db, articleId: string): void {
  const cache = countsCaches.get(db);
  if (!cache) return;
  cache.entries.delete(articleId);
  cache.generation++;
}

/**
 * A new feedback stamp, written after (or with) every vote: the other instances drop their counts when they next
 * read it (within a second). Unique per write, like the knowledge-base version.
 */
export async function bumpFeedbackStamp(db: Db): Promise<void> {
  const value = `${new Date().toISOString()}#${crypto.randomUUID()}`;
  await db
    .insertInto('kb_meta')
    .values({ key: FEEDBACK_STAMP_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Articles of some indexes by their helpful votes, most first (only those with at least one). */
export async function mostHelpful(db: Db, indexes: string[], limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('article_feedback as f')
    .innerJoin('articles as a', 'a.id', 'f.article_id')
    .select(['f.article_id', (eb) => eb.fn.sum<number | string>('f.helpful').as('helpful')])
    .where('a.index_name', 'in', indexes)
    .where('a.type', '=', 'article')
    .where('f.helpful', '=', 1)
    .groupBy('f.article_id')
    .orderBy('helpful', 'desc')
    .orderBy('f.article_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.article_id);
}

export function hasFeedbackVote(db: Db, articleId: string, voter: string) {
  return db
    .selectFrom('article_feedback')
    .select('id')
    .where('article_id', '=', articleId)
    .where('voter', '=', voter)
    .executeTakeFirst();
}

/**
 * Takes one of the address's `cap` votes on the article for the day: the count goes up by one only while under the
 * cap, in one statement, so concurrent votes (on any instance) never take more. Answers the new count, or null when
 * the cap is reached.
 */
export async function claimAddressVote(
  db: Db,
  key: { article_id: string; address: string; day: string },
  cap: number,
): Promise<number | null> {
  const row = await db
    .insertInto('article_feedback_address_votes')
    .values({ ...key, votes: 1 })
    .onConflict((oc) =>
      oc
        .columns(['article_id', 'address', 'day'])
        .doUpdateSet((eb) => ({ votes: eb(eb.ref('article_feedback_address_votes.votes'), '+', 1) }))
        .where('article_feedback_address_votes.votes', '<', cap),
    )
    .returning('votes')
    .executeTakeFirst();
  return row ? Number(row.votes) : null;
}

/** Forgets per-address vote counts of days before `keepFrom` (YYYY-MM-DD). */
export function sweepAddressVotes(db: Db, keepFrom: string) {
  return db.deleteFrom('article_feedback_address_votes').where('day', '<', keepFrom).execute();
}

/** What the help pages need of a user's booking, named by its id or its CRN. */
export function findBookingContext(db: Kysely<Database>, userId: string, idOrCrn: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'status', 'sub_status', 'fare', 'cab_category', 'saas_ride'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('id', '=', idOrCrn), eb('crn', '=', idOrCrn)]))
    .executeTakeFirst();
}
