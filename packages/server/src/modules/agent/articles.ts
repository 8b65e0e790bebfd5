import {
  AGENT_ARTICLES_PAGE_SIZE,
  type AgentArticle,
  type AgentArticleRow,
  type ArticleDraftRequest,
  type ArticleStatus,
  coded,
  supportedLocales,
} from '@selfserve/contract';
import type { Kysely, Transaction } from 'kysely';
import type { ArticleDraftsTable, ArticleRow, Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditTrail, recordAudit } from '../audit/audit.ts';
import { articleFileOf, composeFile, splitFile, translationFileOf } from '../kb/article-file.ts';
import { type ContentNode, parseContentFile, parseTranslationFile, type TranslationNode } from '../kb/content.ts';
import { bumpKbVersion, deleteArticles, forgetKbVersion, upsertArticles, upsertTranslations } from '../kb/repo.ts';
import {
  deleteDrafts,
  findDrafts,
  findPublished,
  findPublishedTranslations,
  idsWithDrafts,
  listEnglishDrafts,
  listPublished,
  namesOf,
  nextArticleId,
  upsertDraft,
} from './articles-repo.ts';
import type { StaffUser } from './staff.ts';

/**
 * Article authoring (docs/agent.md "Articles"). Work is kept as content files: a draft is the file an author is
 * writing, checked by the importer's own rules on every save, so what is published is exactly what `npm run
 * kb:import` would have accepted. Publishing writes the article as an import does (its rows and a new knowledge-base
 * version: every instance shows it, and searches it, within a second); unpublishing takes it away from readers and
 * keeps its file as a draft.
 */

interface Ctx {
  db: Kysely<Database>;
}

// Where the importer's messages say a file is: the folder it would be exported to.
const fileName = (index: string, id: string, locale = 'en') =>
  locale === 'en' ? `content/kb/${index}/${id}.md` : `content/kb-i18n/${locale}/${index}/${id}.md`;

function invalid(reason: string): AppError {
  return new AppError('VALIDATION_FAILED', coded('articleInvalid', { reason }));
}

function parseArticle(index: string, id: string, source: string): ContentNode {
  const node = parseContentFile(fileName(index, id), source);
  if ('reason' in node) throw invalid(node.reason);
  if (node.id !== id || node.index_name !== index) throw invalid('the id and index of an article cannot change');
  return node;
}

function parseTranslation(article: ContentNode, locale: string, source: string): TranslationNode {
  const file = fileName(article.index_name, article.id, locale);
  const t = parseTranslationFile(file, source, locale, new Map([[article.id, article]]));
  if ('reason' in t) throw invalid(t.reason);
  return t;
}

/** The English file an editor works on: the draft, else the published article; null when there is neither. */
async function currentEnglish(ctx: Ctx, id: string) {
  const [published, drafts] = await Promise.all([findPublished(ctx.db, id), findDrafts(ctx.db, id)]);
  const draft = drafts.find((d) => d.locale === 'en');
  const source = draft?.source ?? (published ? articleFileOf(published) : null);
  if (source === null || (published && published.type !== 'article')) return null;
  const index = draft?.index_name ?? (published as ArticleRow).index_name;
  return { published, drafts, source, index };
}

function statusOf(published: unknown, drafts: { state: string }[]): ArticleStatus {
  if (published) return 'published';
  return drafts.some((d) => d.state === 'unpublished') ? 'unpublished' : 'draft';
}

export async function listArticles(
  ctx: Ctx,
  query: { q?: string; status?: ArticleStatus; changed?: 'true' | 'false'; page: number },
): Promise<{ articles: AgentArticleRow[]; total: number }> {
  const size = AGENT_ARTICLES_PAGE_SIZE;
  const offset = (query.page - 1) * size;
  const withDrafts = await idsWithDrafts(ctx.db);
  // Articles readers do not see (new and unpublished) come first: they are what authors are working on.
  const q = query.q?.trim().toLowerCase();
  const unseen = (await listEnglishDrafts(ctx.db))
    .filter((d) => !q || d.article_id === q || d.title.toLowerCase().includes(q))
    .map((d) => ({ ...d, status: d.state === 'unpublished' ? ('unpublished' as const) : ('draft' as const) }));
  const publishedIds = new Set(
    unseen.length > 0
      ? (
          await ctx.db
            .selectFrom('articles')
            .select('id')
            .where(
              'id',
              'in',
              unseen.map((d) => d.article_id),
            )
            .execute()
        ).map((r) => r.id)
      : [],
  );
  const drafted = unseen
    .filter((d) => !publishedIds.has(d.article_id))
    .filter((d) => !query.status || query.status === d.status)
    .filter((d) => query.changed !== 'true' || withDrafts.has(d.article_id))
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const rows: AgentArticleRow[] = drafted.slice(offset, offset + size).map((d) => ({
    id: d.article_id,
    index_name: d.index_name,
    title: d.title,
    status: d.status,
    has_draft: withDrafts.has(d.article_id),
    updated_at: d.updated_at,
  }));
  let total = drafted.length;
  if (!query.status || query.status === 'published') {
    const published = await listPublished(ctx.db, {
      ...(q ? { q } : {}),
      ...(query.changed === 'true' ? { onlyIds: [...withDrafts] } : {}),
      offset: Math.max(0, offset - drafted.length),
      limit: size - rows.length,
    });
    total += published.total;
    for (const r of published.rows) {
      rows.push({ ...r, status: 'published', has_draft: withDrafts.has(r.id) });
    }
  }
  return { articles: rows, total };
}

export async function readArticle(ctx: Ctx, id: string): Promise<AgentArticle> {
  const current = await currentEnglish(ctx, id);
  if (!current) throw new AppError('NOT_FOUND', coded('articleNotFound'));
  const { published, drafts } = current;
  const file = splitFile(current.source);
  const fm = file?.frontMatter ?? {};
  const translations = published ? await findPublishedTranslations(ctx.db, id) : [];
  const version = (source: string | undefined) => {
    if (source === undefined) return null;
    const f = splitFile(source);
    return f ? { title: String(f.frontMatter.title ?? ''), body: f.markdown } : null;
  };
  const locales = supportedLocales.map((locale) => {
    const draft = drafts.find((d) => d.locale === locale);
    const live =
      locale === 'en'
        ? published
          ? articleFileOf(published)
          : undefined
        : (() => {
            const t = translations.find((x) => x.locale === locale);
            return t ? translationFileOf(id, t) : undefined;
          })();
    return { locale, published: version(live), draft: version(draft?.source) };
  });
  const trail = await auditTrail(ctx.db, 'article', id, 50);
  const names = await namesOf(ctx.db, [...new Set(trail.map((t) => t.actor_id))]);
  return {
    status: 'SUCCESS',
    id,
    index_name: current.index,
    parent_id: typeof fm.parent === 'string' ? fm.parent : null,
    article_status: statusOf(published, drafts),
    labels: (fm.labels ?? {}) as AgentArticle['labels'],
    tags: (fm.tags ?? []) as string[],
    side_load: (fm.side_load ?? {}) as Record<string, unknown>,
    locales,
    trail: trail.map((t) => ({ at: t.at, actor: names.get(t.actor_id) ?? t.actor_id, action: t.action })),
  };
}

/** Saves an author's work in one locale as a draft, checked by the importer's rules; readers see nothing of it. */
export async function saveDraft(ctx: Ctx, staff: StaffUser, id: string, input: ArticleDraftRequest): Promise<void> {
  const current = await currentEnglish(ctx, id);
  if (!current) throw new AppError('NOT_FOUND', coded('articleNotFound'));
  const english = parseArticle(current.index, id, current.source);
  let source: string;
  if (input.locale === 'en') {
    const fm = splitFile(current.source)?.frontMatter ?? {};
    source = composeFile(
      {
        ...fm,
        title: input.title,
        ...(input.labels ? { labels: input.labels } : {}),
        ...(input.tags ? { tags: input.tags } : {}),
        ...(input.side_load ? { side_load: input.side_load } : {}),
      },
      input.body,
    );
    parseArticle(current.index, id, source);
  } else {
    source = composeFile({ id, title: input.title }, input.body);
    parseTranslation(english, input.locale, source);
  }
  const prior = current.drafts.find((d) => d.locale === input.locale);
  await ctx.db.transaction().execute((trx) =>
    writeDraft(
      trx,
      staff,
      {
        article_id: id,
        locale: input.locale,
        // An unpublished article stays unpublished while it is edited.
        state: prior?.state === 'unpublished' ? 'unpublished' : 'draft',
        index_name: current.index,
        title: input.title,
        source,
      },
      'article_save_draft',
      { locale: input.locale },
    ),
  );
}

/** A draft row and its audit entry, in the caller's transaction. */
async function writeDraft(
  trx: Transaction<Database>,
  staff: StaffUser,
  draft: Omit<ArticleDraftsTable, 'updated_by' | 'updated_at'>,
  action: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await upsertDraft(trx, { ...draft, updated_by: staff.id, updated_at: new Date().toISOString() });
  await recordAudit(trx, { actorId: staff.id, action, targetType: 'article', targetId: draft.article_id, detail });
}

/** A new article under a category or sub-category: a draft until an admin publishes it. */
export async function createArticle(
  ctx: Ctx,
  staff: StaffUser,
  input: { parent: string; title: string; body: string },
): Promise<string> {
  const parent = await findPublished(ctx.db, input.parent);
  if (!parent || parent.type === 'article') throw invalid(`parent ${input.parent} is not a category`);
  return ctx.db.transaction().execute(async (trx) => {
    const id = await nextArticleId(trx);
    const source = composeFile(
      { id, index: parent.index_name, type: 'article', parent: parent.id, title: input.title },
      input.body,
    );
    parseArticle(parent.index_name, id, source);
    const draft = { article_id: id, locale: 'en', state: 'draft' as const, index_name: parent.index_name };
    await writeDraft(trx, staff, { ...draft, title: input.title, source }, 'article_create', { parent: parent.id });
    return id;
  });
}

/** Throws away a draft in one locale; a new article's English draft is the article, so it goes whole. */
export async function discardDraft(ctx: Ctx, staff: StaffUser, id: string, locale: string): Promise<void> {
  const current = await currentEnglish(ctx, id);
  if (!current) throw new AppError('NOT_FOUND', coded('articleNotFound'));
  const draft = current.drafts.find((d) => d.locale === locale);
  if (draft?.state !== 'draft') throw new AppError('NOT_FOUND');
  await ctx.db.transaction().execute(async (trx) => {
    await deleteDrafts(trx, id, !current.published && locale === 'en' ? undefined : locale);
    await recordAudit(trx, {
      actorId: staff.id,
      action: 'article_discard_draft',
      targetType: 'article',
      targetId: id,
      detail: { locale },
    });
  });
}

/**
 * Publishes an article's drafts (or an unpublished article again): written as an import writes it, one new
 * knowledge-base version. Its "Last updated" day moves to today when what the English article says changed.
 */
export async function publishArticle(ctx: Ctx, staff: StaffUser, id: string): Promise<void> {
  const current = await currentEnglish(ctx, id);
  if (!current) throw new AppError('NOT_FOUND', coded('articleNotFound'));
  if (current.published && current.drafts.length === 0)
    throw new AppError('CONFLICT', coded('articleNothingToPublish'));
  let english = parseArticle(current.index, id, current.source);
  if (english.parent_id) {
    const parent = await findPublished(ctx.db, english.parent_id);
    if (!parent || parent.type === 'article' || parent.index_name !== english.index_name) {
      throw invalid(`parent ${english.parent_id} is not a published category of ${english.index_name}`);
    }
  }
  const today = new Date().toISOString().slice(0, 10);
  if (current.published?.body_text !== english.body_text && english.updated !== today) {
    const file = splitFile(current.source);
    if (file)
      english = parseArticle(current.index, id, composeFile({ ...file.frontMatter, updated: today }, file.markdown));
  }
  const translations = current.drafts
    .filter((d) => d.locale !== 'en')
    .map((d) => parseTranslation(english, d.locale, d.source));
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await upsertArticles(trx, [english], now);
    await upsertTranslations(
      trx,
      translations.map((t) => ({
        article_id: t.article_id,
        locale: t.locale,
        title: t.title,
        body_html: t.body_html,
        ...(t.source ? { source: t.source } : {}),
      })),
    );
    await deleteDrafts(trx, id);
    await bumpKbVersion(trx, now);
    await recordAudit(trx, {
      actorId: staff.id,
      action: 'article_publish',
      targetType: 'article',
      targetId: id,
      detail: { locales: ['en', ...translations.map((t) => t.locale)].filter((l, i, all) => all.indexOf(l) === i) },
    });
  });
  forgetKbVersion(ctx.db);
}

/** Takes an article away from readers ('Article not found.'), keeping its files (and any draft) to publish again. */
export async function unpublishArticle(ctx: Ctx, staff: StaffUser, id: string): Promise<void> {
  const published = await findPublished(ctx.db, id);
  if (published?.type !== 'article') throw new AppError('NOT_FOUND', coded('articleNotFound'));
  const [drafts, translations] = await Promise.all([findDrafts(ctx.db, id), findPublishedTranslations(ctx.db, id)]);
  const now = new Date().toISOString();
  const kept = (locale: string, title: string, source: string) => {
    const draft = drafts.find((d) => d.locale === locale);
    return {
      article_id: id,
      locale,
      state: 'unpublished' as const,
      index_name: published.index_name,
      title: draft?.title ?? title,
      source: draft?.source ?? source,
      updated_by: staff.id,
      updated_at: now,
    };
  };
  await ctx.db.transaction().execute(async (trx) => {
    await deleteDrafts(trx, id);
    await upsertDraft(trx, kept('en', published.title, articleFileOf(published)));
    for (const t of translations) await upsertDraft(trx, kept(t.locale, t.title, translationFileOf(id, t)));
    for (const d of drafts.filter((x) => x.locale !== 'en' && !translations.some((t) => t.locale === x.locale))) {
      await upsertDraft(trx, kept(d.locale, d.title, d.source));
    }
    await deleteArticles(trx, [id]);
    await bumpKbVersion(trx, now);
    await recordAudit(trx, { actorId: staff.id, action: 'article_unpublish', targetType: 'article', targetId: id });
  });
  forgetKbVersion(ctx.db);
}
