import crypto from 'node:crypto';
import {
  indexStopWords,
  normalizeSearchText,
  type QueryGroup,
  queryGroups,
  type SupportedLocale,
  type Synonyms,
  shortWordVariants,
  typoTolerant,
  withinOneEdit,
} from '@selfserve/contract';
import { CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { ArticleRow, Database } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import type { ContentNode } from './content.ts';
import { ftsRange, ftsRowid } from './fts.ts';

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

/** The plain texts of some articles' bodies (search snippets built after the ranking). */
export function plainBodies(db: Db, ids: string[]): Promise<{ id: string; body_plain: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('articles').select(['id', 'body_plain']).where('id', 'in', ids).execute();
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

const tokens = (text: string) => text.split(' ').filter(Boolean);

/** Writes nodes (new or changed) and their search entries. */
export async function upsertArticles(
  trx: Transaction<Database>,
  dialect: DialectName,
  nodes: ContentNode[],
  now: string,
) {
  for (const n of nodes) {
    const row = toRow(n, now);
    const { id: _id, ...rest } = row;
    const previous =
      dialect === 'sqlite'
        ? (
            await sql<{
              rowid: number;
              index_name: string;
            }>`select rowid, index_name from articles where id = ${n.id} and type = 'article'`.execute(trx)
          ).rows[0]
        : undefined;
    await trx
      .insertInto('articles')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(rest))
      .execute();
    const title = searchTextOf(n.title);
    if (dialect === 'postgres') {
      // Built from our own tokens, not PostgreSQL's parser, so both databases index the same words.
      await sql`update articles set search_vector = cast(${tsvectorLiteral(title, n.body_text)} as tsvector) where id = ${n.id}`.execute(
        trx,
      );
    } else {
      // The entry of the article as it was (its index may have changed), then the new one (modules/kb/fts.ts).
      if (previous)
        await sql`delete from articles_fts where rowid = ${ftsRowid(previous.index_name, previous.rowid)}`.execute(trx);
      // Only articles are search results; categories stay out of the index.
      if (n.type !== 'article') continue;
      const { rowid } = (await sql<{ rowid: number }>`select rowid from articles where id = ${n.id}`.execute(trx))
        .rows[0] as { rowid: number };
      await sql`insert into articles_fts (rowid, title, body) values (${ftsRowid(n.index_name, rowid)}, ${title}, ${n.body_text})`.execute(
        trx,
      );
    }
  }
}

export async function deleteArticles(trx: Transaction<Database>, dialect: DialectName, ids: string[]) {
  if (ids.length === 0) return;
  if (dialect === 'sqlite') {
    const entries = await sql<{ rowid: number; index_name: string }>`
      select rowid, index_name from articles where id in (${sql.join(ids)}) and type = 'article'`.execute(trx);
    for (const e of entries.rows)
      await sql`delete from articles_fts where rowid = ${ftsRowid(e.index_name, e.rowid)}`.execute(trx);
  }
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

/** Rebuilds the vocabulary from every article and bumps the knowledge-base version. */
export async function rebuildTerms(trx: Transaction<Database>, now: string) {
  const counts = new Map<string, number>();
  const rows = await trx.selectFrom('articles').select(['title', 'body_text']).execute();
  for (const r of rows) {
    for (const t of new Set([...tokens(searchTextOf(r.title)), ...tokens(r.body_text)])) {
      // Stop words are never a typo's correction (docs/kb-search.md).
      if (!indexStopWords.has(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
  }
  await trx.deleteFrom('kb_terms').execute();
  const all = [...counts].map(([term, doc_count]) => ({ term, doc_count }));
  for (let i = 0; i < all.length; i += 500)
    await trx
      .insertInto('kb_terms')
      .values(all.slice(i, i + 500))
      .execute();
  // Unique per import (not only per millisecond): caches in every process key on it.
  const version = `${now}#${crypto.randomUUID()}`;
  await trx
    .insertInto('kb_meta')
    .values({ key: 'version', value: version })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
    .execute();
}

/**
 * A tsvector in PostgreSQL's text form with positions and weights (title A, body B), so ranking
 * sees where and how often a word occurs. Tokens hold only letters, marks and digits: no quoting needed.
 */
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

/** A title's search text: every word (searchTerms would keep only the first eight different ones). */
function searchTextOf(title: string): string {
  return normalizeSearchText(title);
}

// ---- search ----------------------------------------------------------------------------------

export interface SearchHit {
  id: string;
  /** matches some but not all of the query's words (below every full match) */
  partial?: boolean;
}

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

/** SQLite keeps the vocabulary in memory, reloaded when an import changes the knowledge-base version. */
let vocabulary: { version: string; byLength: Map<number, string[]>; near: Map<string, string[]> } | null = null;
const NEAR_CACHE_SIZE = 10_000;

async function nearTermsSqlite(db: Db, term: string): Promise<string[]> {
  const version = await kbVersion(db);
  if (vocabulary?.version !== version) {
    const byLength = new Map<number, string[]>();
    for (const { term: t } of await db.selectFrom('kb_terms').select('term').execute()) {
      const len = t.length;
      const list = byLength.get(len) ?? [];
      list.push(t);
      byLength.set(len, list);
    }
    vocabulary = { version, byLength, near: new Map() };
  }
  const known = vocabulary.near.get(term);
  if (known) return known;
  const len = term.length;
  const near: string[] = [];
  for (const l of [len - 1, len, len + 1]) {
    for (const t of vocabulary.byLength.get(l) ?? []) if (t !== term && withinOneEdit(term, t)) near.push(t);
  }
  // People repeat words: each word's neighbours are kept for the version (the most recent NEAR_CACHE_SIZE words).
  vocabulary.near.set(term, near);
  if (vocabulary.near.size > NEAR_CACHE_SIZE) vocabulary.near.delete(vocabulary.near.keys().next().value as string);
  return near;
}

/** PostgreSQL asks its trigram index for the nearest words, then keeps those one edit away. */
async function nearTermsPostgres(db: Db, term: string): Promise<string[]> {
  const rows = await sql<{ term: string }>`select term from kb_terms order by term <-> ${term} limit 30`.execute(db);
  return rows.rows.map((r) => r.term).filter((t) => t !== term && withinOneEdit(term, t));
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

interface ExpandedGroup extends QueryGroup {
  /** one-edit neighbours of a typed word of five letters or more; a shorter one's singular or plural */
  near: string[];
}

/** Each query group, with its typed word's one-edit neighbours for words of five letters or more. */
async function expandGroups(db: Db, dialect: DialectName, groups: QueryGroup[]): Promise<ExpandedGroup[]> {
  return Promise.all(
    groups.map(async (g) => {
      const word = g.typed.length === 1 ? (g.typed[0] as string) : null;
      // Search-as-you-type: the word being typed (the last) also matches as a prefix. Its near
      // words match whole: as prefixes they would pull in thousands of documents on a large base.
      const near = !word
        ? []
        : typoTolerant(word)
          ? await (dialect === 'postgres' ? nearTermsPostgres(db, word) : nearTermsSqlite(db, word))
          : shortWordVariants(word);
      return { ...g, near };
    }),
  );
}

/** A group as an FTS5 expression: the typed word or phrase, its near words and its synonyms. */
function ftsGroup(g: ExpandedGroup): string {
  const phrase = (words: string[]) => `"${words.join(' ')}"`;
  return `(${[
    `${phrase(g.typed)}${g.prefix ? '*' : ''}`,
    ...g.near.map((w) => phrase([w])),
    ...g.alternatives.map(phrase),
  ].join(' OR ')})`;
}

/** A group as a tsquery; `weight` 'A' keeps it to titles. */
function tsGroup(g: ExpandedGroup, weight = ''): string {
  const phrase = (words: string[], prefix = false) =>
    `(${words.map((w, i) => `'${w}'${prefix && i === words.length - 1 ? `:*${weight}` : weight ? `:${weight}` : ''}`).join(' <-> ')})`;
  return `(${[phrase(g.typed, g.prefix), ...g.near.map((w) => phrase([w])), ...g.alternatives.map((a) => phrase(a))].join(' | ')})`;
}

/**
 * The query ts_rank weighs a group by: ts_rank counts every word of a phrase on its own, so the stop words of a typed
 * synonym phrase ("get my money back") would reward articles that merely say "get"; they are left out of the ranking
 * (the match still needs the whole phrase).
 */
function tsRankGroup(g: ExpandedGroup): string {
  const words = g.typed.length > 1 ? g.typed.filter((w) => !indexStopWords.has(w)) : g.typed;
  return tsGroup({ ...g, typed: words.length > 0 ? words : g.typed });
}

/**
 * Full-text search over titles (weighted) and bodies, ranked; the one dialect-specific function of the knowledge
 * base (FTS5 bm25 / tsvector ts_rank). The query's groups (contract queryGroups: stop words dropped, synonyms added)
 * must all match; when fewer than `limit` articles match all of them, the best partial matches follow (`partial`),
 * ordered by how many groups they match, then by how many match in the title, then by rank.
 */
export async function searchArticles(
  db: Db,
  dialect: DialectName,
  query: string,
  indexes: string[],
  limit: number,
  reader: SupportedLocale = 'en',
): Promise<SearchHit[]> {
  const groups = queryGroups(query, { reader, synonyms: await currentSynonyms(db) });
  if (groups.length === 0 || indexes.length === 0) return [];
  const expanded = await expandGroups(db, dialect, groups);
  const full = await (dialect === 'postgres'
    ? fullMatchesPostgres(db, expanded, indexes, limit)
    : fullMatchesSqlite(db, expanded, indexes, limit));
  if (full.length >= limit || expanded.length < 2) return full;
  const room = Math.min(limit - full.length, PARTIAL_MAX);
  const partial = await (dialect === 'postgres'
    ? partialMatchesPostgres(db, expanded, indexes, room)
    : partialMatchesSqlite(db, expanded, indexes, room, new Set(full.map((h) => h.id))));
  return [...full, ...partial.map((h) => ({ ...h, partial: true }))];
}

async function fullMatchesPostgres(db: Db, groups: ExpandedGroup[], indexes: string[], limit: number) {
  const q = groups.map((g) => tsGroup(g)).join(' & ');
  const r = groups.map(tsRankGroup).join(' & ');
  const result = await sql<SearchHit>`
    select a.id
    from articles a, cast(${q} as tsquery) q, cast(${r} as tsquery) r
    where a.search_vector @@ q and a.index_name in (${sql.join(indexes)}) and a.type = 'article'
    order by ts_rank('{0.1, 0.2, 0.4, 1.0}', a.search_vector, r) desc, a.title limit ${limit}`.execute(db);
  return result.rows;
}

interface FtsHit {
  id: string;
  title: string;
  rank: number;
  rowid: number;
}

/**
 * SQLite: which article each search-index entry is (id and title by FTS rowid), read once per knowledge-base version
 * and database: looking the page of hits up in `articles` cost more than the search itself (docs/performance.md).
 */
interface IndexEntry {
  id: string;
  title: string;
  index: string;
}
const entryCache = new WeakMap<object, { version: string; entries: Map<number, IndexEntry> }>();

async function indexEntries(db: Db): Promise<Map<number, IndexEntry>> {
  const version = await kbVersion(db);
  const known = entryCache.get(db);
  if (known?.version === version) return known.entries;
  const rows = await sql<{ rowid: number; id: string; index_name: string; title: string }>`
    select rowid, id, index_name, title from articles where type = 'article'`.execute(db);
  const entries = new Map(
    rows.rows.map((r) => [ftsRowid(r.index_name, r.rowid), { id: r.id, title: r.title, index: r.index_name }]),
  );
  entryCache.set(db, { version, entries });
  return entries;
}

/**
 * The best `limit` articles of some indexes matching an FTS5 expression, by bm25 (title ×10), then title. Each index
 * is its own rowid range of the contentless index (fts.ts): FTS5 reads only that range of each word's list; the hits'
 * ids and titles come from the per-version entry map, so no row is read.
 */
async function ftsTop(db: Db, match: string, indexes: string[], limit: number): Promise<FtsHit[]> {
  const entries = await indexEntries(db);
  const hits: FtsHit[] = [];
  for (const index of indexes) {
    const [low, high] = ftsRange(index);
    const result = await sql<{ rowid: number; rank: number }>`
      select rowid, bm25(articles_fts, 10.0, 1.0) as rank
      from articles_fts
      where articles_fts match ${match} and rowid between ${low} and ${high}
      order by rank limit ${limit}`.execute(db);
    for (const r of result.rows) {
      const entry = entries.get(r.rowid);
      // An entry the map lacks was written by an import after the version was read: it shows from the next read.
      // Another index whose code is the same shares the range: its entries are left out here.
      if (entry?.index === index) hits.push({ id: entry.id, title: entry.title, rank: r.rank, rowid: r.rowid });
    }
  }
  return hits.sort((a, b) => a.rank - b.rank || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0)).slice(0, limit);
}

async function fullMatchesSqlite(db: Db, groups: ExpandedGroup[], indexes: string[], limit: number) {
  const hits = await ftsTop(db, groups.map(ftsGroup).join(' AND '), indexes, limit);
  return hits.map((h) => ({ id: h.id }));
}

/** At most this many partial matches follow the full ones: the best few, not every article sharing a word. */
export const PARTIAL_MAX = 5;
/** How many of the best-ranked articles matching any group SQLite's partial search counts the groups of. */
const PARTIAL_CANDIDATES = 50;

/** Articles matching some but not all groups: the more groups, then the more of them in the title, first. */
async function partialMatchesPostgres(db: Db, groups: ExpandedGroup[], indexes: string[], limit: number) {
  const any = groups.map((g) => tsGroup(g)).join(' | ');
  const matched = sql.join(
    groups.map((g) => sql`(a.search_vector @@ cast(${tsGroup(g)} as tsquery))::int`),
    sql` + `,
  );
  const titled = sql.join(
    groups.map((g) => sql`(a.search_vector @@ cast(${tsGroup(g, 'A')} as tsquery))::int`),
    sql` + `,
  );
  const result = await sql<SearchHit>`
    select m.id from (
      select a.id, a.title, ts_rank('{0.1, 0.2, 0.4, 1.0}', a.search_vector, r) as rank,
        ${matched} as matched, ${titled} as titled
      from articles a, cast(${any} as tsquery) q, cast(${groups.map(tsRankGroup).join(' | ')} as tsquery) r
      where a.search_vector @@ q and a.index_name in (${sql.join(indexes)}) and a.type = 'article'
    ) m
    where m.matched < ${groups.length}
    order by m.matched desc, m.titled desc, m.rank desc, m.title limit ${limit}`.execute(db);
  return result.rows.map((r) => ({ id: r.id }));
}

/**
 * SQLite: the best-ranked candidates matching any group (bm25 already puts documents with more of the words, and
 * title matches, first), then how many groups each matches: with two groups, every candidate that is not a full match
 * matches one; with more, each group's entries in the candidates' rowid ranges are asked of FTS5 (the index's own
 * answer, no text read). Titles are matched in memory.
 */
async function partialMatchesSqlite(
  db: Db,
  groups: ExpandedGroup[],
  indexes: string[],
  limit: number,
  full: ReadonlySet<string>,
) {
  const candidates = (
    await ftsTop(db, groups.map(ftsGroup).join(' OR '), indexes, Math.max(PARTIAL_CANDIDATES, limit * 4))
  ).filter((c) => !full.has(c.id));
  const counts = new Map<number, number>();
  if (groups.length > 2 && candidates.length > 0) {
    const low = Math.min(...candidates.map((c) => c.rowid));
    const high = Math.max(...candidates.map((c) => c.rowid));
    const wanted = new Set(candidates.map((c) => c.rowid));
    for (const g of groups) {
      const rows = await sql<{ rowid: number }>`
        select rowid from articles_fts where articles_fts match ${ftsGroup(g)} and rowid between ${low} and ${high}`.execute(
        db,
      );
      for (const { rowid } of rows.rows) if (wanted.has(rowid)) counts.set(rowid, (counts.get(rowid) ?? 0) + 1);
    }
  }
  return candidates
    .map((hit) => {
      const title = ` ${searchTextOf(hit.title)} `;
      let titled = 0;
      for (const g of groups) if (groupIn(g, title)) titled++;
      return { hit, matched: groups.length > 2 ? (counts.get(hit.rowid) ?? 0) : 1, titled };
    })
    .filter((c) => c.matched > 0 && c.matched < groups.length)
    .sort(
      (a, b) =>
        b.matched - a.matched ||
        b.titled - a.titled ||
        a.hit.rank - b.hit.rank ||
        a.hit.title.localeCompare(b.hit.title),
    )
    .slice(0, limit)
    .map((c) => ({ id: c.hit.id }));
}

/** Whether a group matches a normalised text (words between single spaces, one space at each end), as FTS5 would. */
function groupIn(g: ExpandedGroup, text: string): boolean {
  const typed = g.typed.join(' ');
  if (text.includes(` ${typed} `) || (g.prefix && text.includes(` ${typed}`))) return true;
  return [...g.near, ...g.alternatives.map((a) => a.join(' '))].some((w) => text.includes(` ${w} `));
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
