import {
  type Highlighter,
  highlighterFor,
  type KbSearchResult,
  kbSearchResultSchema,
  normalizeSearchText,
  queryGroups,
  type SupportedLocale,
  stopWordLanguages,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { Doorkeeper } from '../../lib/doorkeeper.ts';
import { answerText, keptAnswer } from '../../lib/kept-bytes.ts';
import { writerOf } from '../../plugins/serializer.ts';
import { plainBodyOf } from './content.ts';
import { currentSynonyms, kbVersion, recordZeroResultSearch, searchIndexOf, type TreeRow } from './repo.ts';
import { cachedArticle, type KbViewer, summaryOf, type Tree, treeOf, viewerKind, visible } from './service.ts';

// In tests every result is checked against its schema before it is written (app.ts registerSerializer's rule).
const validateResults = process.env.NODE_ENV === 'test';

// The knowledge-base search as the API answers it (docs/kb-search.md): the ranking (search-index.ts, via repo.ts),
// cached per version, then the viewer's rules, then each shown hit's snippet and marks.

/**
 * Recent rankings, per knowledge-base version, with their answers: people (and search-as-you-type) repeat queries, and
 * the snippets cost more than the ranking. Viewer rules are applied after ranking, so one entry serves every audience,
 * each kind of viewer with its own answer, written once.
 */
const SEARCH_CACHE_BYTES = 16 * 1024 * 1024;
/** What a ranking costs the cache besides its answers' bytes: its key, query, rows list and answers map. */
const RANKING_BYTES = 2048;

interface Ranking {
  key: string;
  /** the hits, best first, as their tree rows (shared by every ranking of the version) */
  rows: TreeRow[];
  /** the hits from here on match only some of the query's groups (partial matches come last) */
  partialFrom: number;
  /** the query as asked, in the reader's language: what the highlighter is made from */
  query: string;
  reader: SupportedLocale;
  /**
   * The words as the search matched them (typed, prefix, typo, synonyms), marked in the original text; only until
   * the ranking's first answer is written. A kept ranking does not keep it (~2 KB of tables and closures each):
   * another kind of viewer's first answer makes it again.
   */
  highlight: Highlighter | null;
  /**
   * The answer of each kind of viewer (viewerKind: the audience rules read nothing else) as the JSON the route sends:
   * a few KB of bytes instead of an object graph of several times that, and nothing to build or serialise when a
   * search is repeated.
   */
  answers: Map<number, KbSearchAnswer>;
  /** what the cache counts for it: RANKING_BYTES and its answers' bytes */
  bytes: number;
}
/**
 * Once the cache is full, a ranking is kept only on its query's second sighting: most long queries are asked once, and
 * each one kept would push out a ranking people repeat. Until then, every ranking is kept (room costs nothing).
 */
const rankingDoorkeeper = new Doorkeeper(20_000);

/** In recency order (a Map's insertion order), at most `searchCacheBudget` counted: the oldest go first. */
const searchCache = new Map<string, Ranking>();
let searchCacheBytes = 0;
let searchCacheBudget = SEARCH_CACHE_BYTES;
/**
 * Whether the cache has had to push a ranking out. From then on it stays full (rankings leave it only to make room),
 * and the doorkeeper decides what comes in.
 */
let searchCacheFull = false;

/** Tests only: an empty cache with another budget (the admission rules of a full cache, without 16 MB of searches). */
export function resetSearchCache(budget = SEARCH_CACHE_BYTES) {
  searchCache.clear();
  searchCacheBytes = 0;
  searchCacheBudget = budget;
  searchCacheFull = false;
}

/** Counts `bytes` more for a ranking still in the cache, then drops the oldest rankings past the budget. */
function countInCache(ranking: Ranking, bytes: number) {
  if (searchCache.get(ranking.key) !== ranking) return;
  ranking.bytes += bytes;
  searchCacheBytes += bytes;
  for (const [key, oldest] of searchCache) {
    if (searchCacheBytes <= searchCacheBudget || oldest === ranking) break;
    searchCache.delete(key);
    searchCacheBytes -= oldest.bytes;
    searchCacheFull = true;
  }
}

/** A hit's answer: its summary with the snippet of its original text and the marks (docs/kb-search.md). */
async function searchResultOf(
  db: Kysely<Database>,
  version: string,
  row: TreeRow,
  partial: boolean,
  plain: string,
  highlight: Highlighter,
): Promise<KbSearchResult> {
  // A row imported before body_plain was stored: its plain text from the stored HTML, until the next import.
  const text = plain || plainBodyOf((await cachedArticle(db, row.id, version))?.row.body_html ?? '');
  const snippet = highlight.snippet(text);
  const s = summaryOf(row);
  // One literal, not a spread of the summary: V8 gives each object made by spreading a hidden class of its own, and
  // the rankings cache holds ~100,000 of them (docs/performance.md "What holds the memory").
  const result: KbSearchResult = {
    id: s.id,
    name: s.name,
    title: s.title,
    type: s.type,
    index_name: s.index_name,
    parent_id: s.parent_id,
    label_names: s.label_names,
    snippet: snippet.text,
    snippet_marks: snippet.marks,
    title_marks: highlight.marks(row.title),
  };
  if (partial) result.partial = true;
  return result;
}

/** The route's own compiled writer of a result (plugins/serializer.ts), so the bytes are the ones it would write. */
const writeResult = writerOf(kbSearchResultSchema);

/**
 * The results of a ranking's hits at some places as JSON, each written by the route's serialiser, their snippets from
 * the index's texts.
 */
async function writtenResults(
  db: Kysely<Database>,
  version: string,
  ranking: Ranking,
  highlight: Highlighter,
  places: number[],
) {
  const index = await searchIndexOf(db);
  const written: string[] = [];
  for (const i of places) {
    const row = ranking.rows[i] as TreeRow;
    const partial = i >= ranking.partialFrom;
    const result = await searchResultOf(db, version, row, partial, index.plainText(row.id), highlight);
    // Checked against its schema in tests, as the serialiser checks every answer there.
    if (validateResults) kbSearchResultSchema.parse(result);
    written.push(writeResult(result));
  }
  return written;
}

/**
 * A query's groups, the index and the query's highlighter: the words as the index matched them (typed, prefix, typo,
 * synonyms).
 */
async function queryHighlighter(db: Kysely<Database>, query: string, reader: SupportedLocale) {
  const groups = queryGroups(query, { reader, synonyms: await currentSynonyms(db) });
  const index = await searchIndexOf(db);
  return {
    groups,
    index,
    highlight: highlighterFor(
      groups,
      groups.map((g) => index.near(g)),
    ),
  };
}

/** The ranked hits of a query before any viewer rule (cached per version and query). */
async function rankedHits(
  db: Kysely<Database>,
  version: string,
  tree: Tree,
  query: string,
  indexes: string[],
  limit: number,
  reader: SupportedLocale,
): Promise<Ranking> {
  const key = `${version}|${indexes.join(',')}|${limit}|${stopWordLanguages(reader).join(',')}|${normalizeSearchText(query)}`;
  const cached = searchCache.get(key);
  if (cached) {
    // Move to the back: the Map's insertion order is the recency order.
    searchCache.delete(key);
    searchCache.set(key, cached);
    return cached;
  }
  const { groups, index, highlight } = await queryHighlighter(db, query, reader);
  const found = index.search(groups, indexes, limit);
  const rows: TreeRow[] = [];
  let partialFrom = -1;
  for (const h of found) {
    // A hit the tree of this version does not hold (an import landed in between) is left out.
    const row = tree.byId.get(h.id);
    if (!row) continue;
    if (h.partial && partialFrom < 0) partialFrom = rows.length;
    rows.push(row);
  }
  const ranking: Ranking = {
    key,
    rows,
    partialFrom: partialFrom < 0 ? rows.length : partialFrom,
    query,
    reader,
    highlight,
    answers: new Map(),
    bytes: 0,
  };
  if (!searchCacheFull || rankingDoorkeeper.admits(key)) {
    searchCache.set(key, ranking);
    countInCache(ranking, RANKING_BYTES);
  }
  return ranking;
}

/**
 * A search's answer: how many results, and the results as the JSON array the route sends, in UTF-8, gzip-compressed
 * when the ranking is kept (lib/kept-bytes.ts). Bytes, not a string: a snippet's "…" makes V8 keep the whole string
 * in two bytes a character, and the socket would encode it again on every send.
 */
export interface KbSearchAnswer {
  found: number;
  json: Buffer;
}

/** The search of the API (GET …/search): the best `limit` results this viewer may open. */
export async function searchKb(
  db: Kysely<Database>,
  query: string,
  indexes: string[],
  limit: number,
  kv: KbViewer,
): Promise<KbSearchAnswer> {
  const version = await kbVersion(db);
  const tree = await treeOf(db, indexes, version);
  // Ask for more than needed: hits hidden from this viewer are dropped after ranking.
  const ranking = await rankedHits(db, version, tree, query, indexes, limit * 2, kv.language);
  const kind = viewerKind(kv.viewer);
  let answer = ranking.answers.get(kind);
  if (!answer) {
    const shown: number[] = [];
    for (let i = 0; i < ranking.rows.length && shown.length < limit; i++) {
      if (visible(ranking.rows[i] as TreeRow, tree, kv)) shown.push(i);
    }
    const highlight = ranking.highlight ?? (await queryHighlighter(db, ranking.query, ranking.reader)).highlight;
    const written = await writtenResults(db, version, ranking, highlight, shown);
    const text = `[${written.join(',')}]`;
    // Compressed only to be kept: a search not kept (asked once, the cache full) is sent as the JSON it is.
    const kept = searchCache.get(ranking.key) === ranking;
    const built = { found: shown.length, json: kept ? keptAnswer(text) : Buffer.from(text) };
    // Another search of this kind may have kept its answer while the texts were read: the first one stays.
    answer = ranking.answers.get(kind);
    if (!answer) {
      answer = built;
      ranking.answers.set(kind, answer);
      countInCache(ranking, answer.json.length);
    }
    ranking.highlight = null;
  }
  if (answer.found === 0) await recordZeroResultSearch(db, query, indexes);
  return answer;
}

/** The same search's results as objects (the chat's suggestions). */
export async function searchKbResults(
  db: Kysely<Database>,
  query: string,
  indexes: string[],
  limit: number,
  kv: KbViewer,
): Promise<KbSearchResult[]> {
  return JSON.parse(answerText((await searchKb(db, query, indexes, limit, kv)).json)) as KbSearchResult[];
}
