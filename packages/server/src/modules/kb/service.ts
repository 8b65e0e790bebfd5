import {
  type Article,
  type ArticleSummary,
  allIndexes,
  anonymousViewer,
  articleIndexes,
  type CategoryNode,
  coded,
  type EntryMode,
  type IndexContext,
  indexContextFor,
  indexLanguage,
  isVisibleTo,
  KB_FEEDBACK_VOTES_PER_ADDRESS_PER_DAY,
  SELECT_INDEX,
  type SupportedLocale,
  type Viewer,
  visibleCategories,
} from '@selfserve/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ArticleRow, Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmac, sha256 } from '../../lib/crypto.ts';
import { Doorkeeper } from '../../lib/doorkeeper.ts';
import { type LanguageSignals, readerLanguage } from '../../lib/reader-language.ts';
import type { SessionRecord } from '../../plugins/session-store.ts';
import { currentSubscription } from '../users/repo.ts';
import { loadProfile } from '../users/service.ts';
import { readBody } from './content.ts';
import {
  bumpFeedbackStamp,
  cachedFeedbackCounts,
  claimAddressVote,
  type FeedbackRow,
  findArticlePage,
  findBookingContext,
  findTranslation,
  forgetFeedbackCounts,
  hasFeedbackVote,
  kbVersion,
  listTranslatedTitles,
  listTree,
  mostHelpful,
  sweepAddressVotes,
  type TreeRow,
  upsertFeedback,
} from './repo.ts';

export interface KbViewer {
  viewer: Viewer;
  index: IndexContext;
  userId: string | null;
  /** the reader's language (lib/reader-language.ts): titles and bodies are served in it where translated */
  language: SupportedLocale;
}

/**
 * Who is reading: the audience flags of spec §6 and what chooses their index. A visitor reads the index of the
 * site's country (`siteCountry`: the UK site reads customer_gb, spec §6, §9); a signed-in user their own country's.
 * The entry mode may name another audience (the operator app reads the partners' index, a restaurant the
 * food-delivery one: contract entryModes, docs/embedding.md).
 */
export async function kbViewerOf(
  db: Kysely<Database>,
  session: SessionRecord | null,
  log: FastifyBaseLogger,
  siteCountry: string = 'IN',
  mode: EntryMode = 'customer_website',
  signals: LanguageSignals = { cookies: {}, headers: {} },
): Promise<KbViewer> {
  if (!session) {
    return {
      viewer: anonymousViewer,
      index: indexContextFor(mode, { role: 'visitor', country: siteCountry }),
      userId: null,
      language: readerLanguage(signals, null),
    };
  }
  const profile = await loadProfile(db, session.userId, log);
  const sub = profile.isMember ? await currentSubscription(db, session.userId) : undefined;
  const user = profile.user;
  return {
    userId: user.id,
    language: readerLanguage(signals, user),
    viewer: {
      isMember: profile.isMember,
      isPaidMember: profile.isMember && profile.info.membership_type === 'paid',
      isTrial: profile.isMember && profile.info.membership_type === 'trial',
      autorenew: sub?.autorenew === 1,
      desktop: !session.inApp,
      isDriver: user.role === 'driver',
      callRequestsAllowed: user.call_requests_allowed === 1,
    },
    index: indexContextFor(mode, {
      role: user.role,
      country: user.country_code,
      locale: user.locale,
      partnerType: user.partner_type,
      isMember: profile.isMember,
    }),
  };
}

const parseList = (json: string): string[] => JSON.parse(json) as string[];

// Summaries of the cached tree rows, made once per row (tree rows live as long as their knowledge-base version).
const summaries = new WeakMap<object, ArticleSummary>();

/** A row's summary; the same object every time for a row (never changed by callers). */
export function summaryOf(
  row: Pick<TreeRow, 'id' | 'title' | 'type' | 'index_name' | 'parent_id' | 'label_names'>,
): ArticleSummary {
  let summary = summaries.get(row);
  if (!summary) {
    summary = {
      id: row.id,
      name: row.title,
      title: row.title,
      type: row.type,
      index_name: row.index_name,
      parent_id: row.parent_id,
      label_names: parseList(row.label_names),
    };
    summaries.set(row, summary);
  }
  return summary;
}

export interface Tree {
  rows: TreeRow[];
  byId: Map<string, TreeRow>;
  children: Map<string, TreeRow[]>;
  /** ids of categories labelled whitelisted (the drivers' request-a-call category) */
  whitelisted: Set<string>;
}

/**
 * The trees of index sets, cached per instance and checked against the knowledge-base version on
 * every use (kbVersion), so an import on any instance is seen by all of them within a second.
 */
const treeCache = new Map<string, { version: string; tree: Tree }>();

export async function treeOf(db: Kysely<Database>, indexes: string[], knownVersion?: string): Promise<Tree> {
  const key = indexes.join(',');
  const version = knownVersion ?? (await kbVersion(db));
  const cached = treeCache.get(key);
  if (cached?.version === version) return cached.tree;
  // Most specific index first (articleIndexes order), then position and title within each.
  const rows = (await listTree(db, indexes)).sort(
    (a, b) => indexes.indexOf(a.index_name) - indexes.indexOf(b.index_name),
  );
  const children = new Map<string, TreeRow[]>();
  for (const r of rows) {
    if (!r.parent_id) continue;
    const list = children.get(r.parent_id) ?? [];
    list.push(r);
    children.set(r.parent_id, list);
  }
  const tree: Tree = {
    rows,
    byId: new Map(rows.map((r) => [r.id, r])),
    children,
    whitelisted: new Set(rows.filter((r) => JSON.parse(r.labels).whitelisted).map((r) => r.id)),
  };
  treeCache.set(key, { version, tree });
  return tree;
}

/**
 * The translated titles of one locale, per knowledge-base version (one query per locale and import): lists, trees
 * and breadcrumbs read their titles here; null for English.
 */
const titleCache = new Map<string, { version: string; titles: Map<string, string> }>();

async function translatedTitles(
  db: Kysely<Database>,
  locale: SupportedLocale,
  version: string,
): Promise<Map<string, string> | null> {
  if (locale === 'en') return null;
  const cached = titleCache.get(locale);
  if (cached?.version === version) return cached.titles;
  const titles = new Map((await listTranslatedTitles(db, locale)).map((r) => [r.article_id, r.title]));
  titleCache.set(locale, { version, titles });
  return titles;
}

/** A summary in the reader's language: the translated title where there is one (the rules read the English). */
function localised<T extends ArticleSummary>(summary: T, titles: Map<string, string> | null): T {
  const title = titles?.get(summary.id);
  return title === undefined ? summary : { ...summary, name: title, title };
}

function localisedTree(nodes: CategoryNode[], titles: Map<string, string> | null): CategoryNode[] {
  if (!titles || titles.size === 0) return nodes;
  return nodes.map((n) => nodeOf(localised(n, titles), localisedTree(n.articles, titles)));
}

/**
 * Translated bodies recently served, per knowledge-base version and keyed locale/id; read by primary key only for
 * an article the locale's titles say is translated, so an answer makes at most one extra lookup.
 */
const translationCache = { version: '', entries: new Map<string, { title: string; body_html: string } | null>() };

async function cachedTranslation(db: Kysely<Database>, id: string, locale: SupportedLocale, version: string) {
  if (translationCache.version !== version) {
    translationCache.version = version;
    translationCache.entries.clear();
  }
  const key = `${locale}/${id}`;
  const hit = translationCache.entries.get(key);
  if (hit !== undefined) return hit;
  const found = (await findTranslation(db, id, locale)) ?? null;
  if (translationCache.version === version) {
    translationCache.entries.set(key, found);
    if (translationCache.entries.size > ARTICLE_CACHE_SIZE) {
      translationCache.entries.delete(translationCache.entries.keys().next().value as string);
    }
  }
  return found;
}

/** Indexes a viewer may read: known names, and the Select index only for members. */
export function allowedIndexes(
  requested: string[] | undefined,
  kv: KbViewer,
  ctx: Partial<IndexContext> = {},
): string[] {
  const chosen = requested ?? articleIndexes({ ...kv.index, ...ctx });
  const allowed = chosen.filter((i) => allIndexes.includes(i) && (i !== SELECT_INDEX || kv.viewer.isMember));
  if (allowed.length === 0) throw new AppError('NOT_FOUND', coded('articleNotFound'));
  return [...new Set(allowed)];
}

/** The category tree of some indexes for one booking context (or the home categories when none). */
export async function categoryTree(
  db: Kysely<Database>,
  indexes: string[],
  context: string | null,
  kv: KbViewer,
): Promise<CategoryNode[]> {
  const version = await kbVersion(db);
  const { rows, children, whitelisted } = await treeOf(db, indexes, version);
  const build = (row: TreeRow): CategoryNode => nodeOf(summaryOf(row), (children.get(row.id) ?? []).map(build));
  // Context categories show only for a booking in that state; the others are the home categories.
  const top = rows
    .filter((r) => r.type === 'category' && !r.parent_id)
    .filter((r) => {
      const contexts = parseList(r.contexts);
      return context ? contexts.includes(context) : contexts.length === 0;
    })
    .map(build);
  // Translated after the audience rules, which read the English titles.
  return localisedTree(
    visibleCategories(top, kv.viewer, whitelisted),
    await translatedTitles(db, kv.language, version),
  );
}

function ancestorsOf(row: Pick<TreeRow, 'parent_id'>, byId: Map<string, TreeRow>): TreeRow[] {
  const path: TreeRow[] = [];
  let parentId = row.parent_id;
  while (parentId) {
    const parent = byId.get(parentId);
    if (!parent || path.includes(parent)) break;
    path.unshift(parent);
    parentId = parent.parent_id;
  }
  return path;
}

/**
 * A summary with its children, written out field by field: objects made by spreading (`{ ...summary, articles }`)
 * each get a hidden class of their own in V8, a few hundred bytes apiece, kept as long as the object is.
 */
function nodeOf(s: ArticleSummary, articles: CategoryNode[]): CategoryNode {
  return {
    id: s.id,
    name: s.name,
    title: s.title,
    type: s.type,
    index_name: s.index_name,
    parent_id: s.parent_id,
    label_names: s.label_names,
    articles,
  };
}

const nodes = new WeakMap<TreeRow, CategoryNode>();
/** A tree row as the audience rules read it (childless), made once per row. */
function asNode(row: TreeRow): CategoryNode {
  let node = nodes.get(row);
  if (!node) {
    node = nodeOf(summaryOf(row), []);
    nodes.set(row, node);
  }
  return node;
}

/**
 * Whether a viewer may open a row, remembered per tree (so per knowledge-base version) and kind of viewer: the rules
 * read only the viewer's seven flags, and a search checks up to 40 rows a query.
 */
const visibility = new WeakMap<Tree, Map<number, Map<TreeRow, boolean>>>();
// Every flag of Viewer, each a bit of the kind (a flag added to Viewer must be added here: the type says so).
const viewerBits: Record<keyof Viewer, number> = {
  isMember: 1,
  isPaidMember: 2,
  isTrial: 4,
  autorenew: 8,
  desktop: 16,
  isDriver: 32,
  callRequestsAllowed: 64,
};
const viewerFlags = Object.entries(viewerBits) as [keyof Viewer, number][];

/** A viewer's kind for the audience rules: a bit per flag (viewerBits). */
export function viewerKind(viewer: Viewer): number {
  let kind = 0;
  for (const flag of viewerFlags) if (viewer[flag[0]]) kind |= flag[1];
  return kind;
}

export function visible(row: TreeRow, tree: Tree, kv: KbViewer): boolean {
  const kind = viewerKind(kv.viewer);
  let kinds = visibility.get(tree);
  if (!kinds) {
    kinds = new Map();
    visibility.set(tree, kinds);
  }
  let rows = kinds.get(kind);
  if (!rows) {
    rows = new Map();
    kinds.set(kind, rows);
  }
  let known = rows.get(row);
  if (known === undefined) {
    known = visibleNow(row, tree, kv.viewer);
    rows.set(row, known);
  }
  return known;
}

function visibleNow(row: TreeRow, tree: Tree, viewer: Viewer): boolean {
  const path = ancestorsOf(row, tree.byId);
  if (!isVisibleTo(asNode(row), path.map(asNode), viewer)) return false;
  // The whitelisted (request-a-call) driver category is for partners allowed to request calls.
  const top = path[0] ?? row;
  return !(viewer.isDriver && !viewer.callRequestsAllowed && tree.whitelisted.has(top.id));
}

/**
 * Every category and article of some indexes that an anonymous visitor may open: the rule articleById applies to
 * one article (the Select index never; select_members, select_paid_members and hide_desktop nodes and all below them
 * not). The sitemap reads it (site-map.ts).
 */
export async function publicRows(db: Kysely<Database>, indexes: readonly string[]): Promise<TreeRow[]> {
  const version = await kbVersion(db);
  const kv: KbViewer = {
    viewer: anonymousViewer,
    index: { role: 'visitor', country: null },
    userId: null,
    language: 'en',
  };
  const found: TreeRow[] = [];
  for (const index of indexes) {
    if (index === SELECT_INDEX) continue;
    const tree = await treeOf(db, [index], version);
    for (const row of tree.rows) if (visible(row, tree, kv)) found.push(row);
  }
  return found;
}

/** An article row with its JSON columns read, as the article page needs it. */
interface CachedArticle {
  /** what the page shows of the row (not its search text) */
  row: Pick<
    ArticleRow,
    'id' | 'title' | 'type' | 'index_name' | 'parent_id' | 'label_names' | 'body_html' | 'updated_on'
  >;
  labels: Article['labels'];
  options: Article['options'];
  side_load: Article['side_load'];
  response: Article['response'];
  embedded: Article['embedded'];
  related: string[];
}

/**
 * The most recently read articles of the current knowledge-base version (a missing id is remembered as null),
 * read for building an answer (the article, its related ones, a legacy snippet). Emptied when the version changes.
 * The answers themselves are kept as bytes (article-answer.ts), so an article fetch comes here only for an answer not
 * written yet, a related list or a legacy snippet: the 500 most read (~2 KB of objects each), not a whole knowledge
 * base held twice (docs/performance.md).
 */
const ARTICLE_CACHE_SIZE = 500;
const articleCache = { version: '', entries: new Map<string, CachedArticle | null>() };
/** An article is kept on its second reading: reading a whole knowledge base once (a crawler, an export) keeps none. */
const articleDoorkeeper = new Doorkeeper(20_000);

export async function cachedArticle(db: Kysely<Database>, id: string, version: string): Promise<CachedArticle | null> {
  if (articleCache.version !== version) {
    articleCache.version = version;
    articleCache.entries.clear();
  }
  const hit = articleCache.entries.get(id);
  if (hit !== undefined) {
    // Least recently used goes first: move a hit to the end.
    articleCache.entries.delete(id);
    articleCache.entries.set(id, hit);
    return hit;
  }
  const row = await findArticlePage(db, id);
  const entry: CachedArticle | null = row
    ? {
        row: {
          id: row.id,
          title: row.title,
          type: row.type,
          index_name: row.index_name,
          parent_id: row.parent_id,
          label_names: row.label_names,
          body_html: row.body_html,
          updated_on: row.updated_on ?? null,
        },
        labels: JSON.parse(row.labels),
        options: JSON.parse(row.options),
        side_load: JSON.parse(row.side_load),
        response: JSON.parse(row.response),
        embedded: JSON.parse(row.embedded),
        related: parseList(row.related),
      }
    : null;
  // An import may have moved the version on while the row was read: keep it only for the version it belongs to.
  if (articleCache.version === version && articleDoorkeeper.admits(id)) {
    articleCache.entries.set(id, entry);
    if (articleCache.entries.size > ARTICLE_CACHE_SIZE) {
      articleCache.entries.delete(articleCache.entries.keys().next().value as string);
    }
  }
  return entry;
}

/**
 * One node with its children, related articles and ancestors, if this viewer may see it. What it answers depends on
 * the knowledge-base version, the article, the viewer's kind (viewerKind), the reader's language and `withRelated`
 * only, apart from `feedback`; the index filter and the Select rule decide whether it answers at all (article-answer.ts
 * keeps the written answers on that basis).
 */
export async function articleById(
  db: Kysely<Database>,
  id: string,
  indexes: string[] | null,
  kv: KbViewer,
  withRelated: boolean,
  knownVersion?: string,
): Promise<Article> {
  const version = knownVersion ?? (await kbVersion(db));
  const entry = await cachedArticle(db, id, version);
  const row = entry?.row;
  if (
    !entry ||
    !row ||
    (indexes && !indexes.includes(row.index_name)) ||
    (row.index_name === SELECT_INDEX && !kv.viewer.isMember)
  ) {
    throw new AppError('NOT_FOUND', coded('articleNotFound'));
  }
  const tree = await treeOf(db, [row.index_name], version);
  const self = tree.byId.get(row.id);
  if (!self || !visible(self, tree, kv)) throw new AppError('NOT_FOUND', coded('articleNotFound'));
  const related = withRelated ? await relatedSummaries(db, entry.related, kv, version) : [];
  const titles = await translatedTitles(db, kv.language, version);
  const translation = titles?.has(row.id) ? await cachedTranslation(db, row.id, kv.language, version) : null;
  const body = translation?.body_html ?? row.body_html;
  const s = summaryOf(row);
  // Written out, not spread from the summary (a hidden class per answer otherwise: see nodeOf).
  return {
    id: s.id,
    name: translation ? translation.title : s.name,
    title: translation ? translation.title : s.title,
    type: s.type,
    index_name: s.index_name,
    parent_id: s.parent_id,
    label_names: s.label_names,
    // The language actually served: the web says "not yet translated" when it is not the reader's.
    language: translation ? kv.language : indexLanguage(row.index_name),
    body,
    html_body: body,
    labels: entry.labels,
    options: entry.options,
    related: related.map((r) => localised(r, titles)),
    side_load: entry.side_load,
    response: entry.response,
    // A translation's own blocks (its Feedback and Csat reasons in the reader's language; keys as in English).
    embedded: translation ? { ...entry.embedded, ...readBody(translation.body_html).embedded } : entry.embedded,
    articles: (tree.children.get(row.id) ?? [])
      .filter((r) => visible(r, tree, kv))
      .map((r) => localised(summaryOf(r), titles)),
    ancestors: ancestorsOf(self, tree.byId).map((r) => localised(summaryOf(r), titles)),
    updated: row.updated_on,
    // Never cached with the article: this instance's counts show its own votes at once and the other instances'
    // within a second (cachedFeedbackCounts).
    feedback: await cachedFeedbackCounts(db, row.id),
  };
}

/** The related articles of one article that this viewer may open (any index). */
async function relatedSummaries(
  db: Kysely<Database>,
  ids: readonly string[],
  kv: KbViewer,
  version: string,
): Promise<ArticleSummary[]> {
  const found: ArticleSummary[] = [];
  for (const id of ids) {
    const target = (await cachedArticle(db, id, version))?.row;
    if (!target || (target.index_name === SELECT_INDEX && !kv.viewer.isMember)) continue;
    const tree = await treeOf(db, [target.index_name], version);
    const node = tree.byId.get(id);
    if (node && visible(node, tree, kv)) found.push(summaryOf(node));
  }
  return found;
}

export async function relatedArticles(
  db: Kysely<Database>,
  index: string,
  id: string,
  kv: KbViewer,
): Promise<ArticleSummary[]> {
  const version = await kbVersion(db);
  const entry = await cachedArticle(db, id, version);
  if (!entry || entry.row.index_name !== index) throw new AppError('NOT_FOUND', coded('articleNotFound'));
  const titles = await translatedTitles(db, kv.language, version);
  return (await relatedSummaries(db, entry.related, kv, version)).map((r) => localised(r, titles));
}

/**
 * The articles of some indexes most found helpful (votes), then the first ones of the indexes in their own order, that
 * this viewer may open, in the reader's language: the next step after a search with no result.
 */
export async function popularArticles(
  db: Kysely<Database>,
  indexes: string[],
  limit: number,
  kv: KbViewer,
): Promise<ArticleSummary[]> {
  const version = await kbVersion(db);
  const tree = await treeOf(db, indexes, version);
  const voted = (await mostHelpful(db, indexes, limit * 4)).flatMap((id) => tree.byId.get(id) ?? []);
  const picked = new Map<string, ArticleSummary>();
  for (const row of [...voted, ...tree.rows]) {
    if (picked.size >= limit) break;
    if (row.type !== 'article' || picked.has(row.id) || !visible(row, tree, kv)) continue;
    picked.set(row.id, summaryOf(row));
  }
  const titles = await translatedTitles(db, kv.language, version);
  return [...picked.values()].map((s) => localised(s, titles));
}

/** Ranked matches this viewer may open; a search with none is recorded for the support team. */
/**
 * A helpful / not-helpful vote: one per person per article (the user, or the visitor cookie), changed by voting
 * again. A visitor's new vote also takes one of the KB_FEEDBACK_VOTES_PER_ADDRESS_PER_DAY votes of their client
 * address on that article for the UTC day, so dropping the cookie does not buy more; past the cap the vote is
 * accepted and has no effect (docs/kb-feedback.md). Signed-in users have one vote per account and are not capped.
 * Answers whether the vote was recorded.
 */
export async function recordFeedback(
  db: Kysely<Database>,
  vote: FeedbackRow & { address: string | null },
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<boolean> {
  const { address, ...row } = vote;
  if (!address) {
    // The stamp after the vote, so an instance that sees the new stamp reads counts with the vote in them.
    await db.transaction().execute(async (trx) => {
      await upsertFeedback(trx, row);
      await bumpFeedbackStamp(trx);
    });
    forgetFeedbackCounts(db, row.article_id);
    return true;
  }
  const day = now.toISOString().slice(0, 10);
  let firstToday = false;
  const recorded = await db.transaction().execute(async (trx) => {
    if (!(await hasFeedbackVote(trx, row.article_id, row.voter))) {
      const votes = await claimAddressVote(
        trx,
        { article_id: row.article_id, address, day },
        KB_FEEDBACK_VOTES_PER_ADDRESS_PER_DAY,
      );
      if (votes === null) return false;
      firstToday = votes === 1;
    }
    await upsertFeedback(trx, row);
    await bumpFeedbackStamp(trx);
    return true;
  });
  if (recorded) forgetFeedbackCounts(db, row.article_id);
  if (firstToday) {
    // Counts are needed for the day they count; yesterday's is kept for clocks that differ between instances.
    const yesterday = new Date(now.getTime() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    await sweepAddressVotes(db, yesterday).catch((err: unknown) => log.warn({ err }, 'feedback count sweep failed'));
  }
  return recorded;
}

/**
 * Who casts a feedback vote: the user, or a hash of the visitor cookie (one vote per person per article). A
 * visitor's votes are also capped per client address, kept only as an HMAC of it, so dropping the cookie buys no
 * more; past the cap the answer is the same and the vote has no effect.
 */
export function feedbackVoter(
  secret: string,
  userId: string | null,
  visitorBinding: string | undefined,
  ip: string,
): { voter: string; address: string | null } {
  if (userId) return { voter: userId, address: null };
  return { voter: `v:${sha256(visitorBinding ?? ip)}`, address: hmac(secret, `feedback-address:${ip}`) };
}

/** A reader's survey answer for one ride (the article opened for its CRN): a voter of its own, one answer per CRN. */
export const rideVoter = (voter: string, crn: string) => `${voter}|crn:${crn}`;

/** A booking named in a query must be the signed-in user's own (by id or CRN); anyone else's does not exist. */
export async function viewerBooking(db: Kysely<Database>, userId: string | undefined, bookingId: string | undefined) {
  if (!bookingId) return null;
  const booking = userId ? await findBookingContext(db, userId, bookingId) : undefined;
  if (!booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
  return booking;
}

/** A meta call's answer: the indexes read, the help context, and their category tree for this viewer. */
export async function metaAnswer(db: Kysely<Database>, indexes: string[], context: string | null, kv: KbViewer) {
  return {
    status: 'SUCCESS' as const,
    index_name: indexes,
    context,
    data: await categoryTree(db, indexes, context, kv),
  };
}
