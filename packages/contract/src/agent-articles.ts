import { z } from 'zod';
import { labelValueSchema } from './kb.ts';
import { supportedLocales } from './languages.ts';

/**
 * Article authoring in the agent console (issue 21 item 4; docs/agent.md "Articles"). An article is edited as the
 * content file it came from: the editor changes its title, labels, tags, side_load and Markdown body (and each
 * translation's title and body); the server rebuilds the file and checks it with the importer's own rules.
 */
export const agentArticlePaths = {
  list: '/api/agent/v1/articles',
  one: '/api/agent/v1/articles/:id',
  draft: '/api/agent/v1/articles/:id/draft',
  preview: '/api/agent/v1/articles/preview',
  publish: '/api/agent/v1/articles/:id/publish',
  unpublish: '/api/agent/v1/articles/:id/unpublish',
  exportFiles: '/api/agent/v1/articles/:id/export',
} as const;

export const agentArticlePath = (pattern: string, id: string) => pattern.replace(':id', encodeURIComponent(id));

/** published: readers see it; draft: never published (a new article); unpublished: taken away from readers. */
export const articleStatusSchema = z.enum(['published', 'draft', 'unpublished']);
export type ArticleStatus = z.infer<typeof articleStatusSchema>;

export const articleIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,12}$/, 'must be an article id') });

export const agentArticleListQuerySchema = z.object({
  /** an id, or words of the title */
  q: z.string().trim().max(100).optional(),
  status: articleStatusSchema.optional(),
  /** only those with unpublished changes */
  changed: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const AGENT_ARTICLES_PAGE_SIZE = 25;

export const agentArticleRowSchema = z.object({
  id: z.string(),
  index_name: z.string(),
  title: z.string(),
  status: articleStatusSchema,
  /** a draft waits to be published (a published article's pending change, or a new article) */
  has_draft: z.boolean(),
  updated_at: z.string(),
});
export type AgentArticleRow = z.infer<typeof agentArticleRowSchema>;

export const agentArticleListResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  articles: z.array(agentArticleRowSchema),
  total: z.number(),
});

const jsonObjectSchema = z.record(z.string(), z.unknown());

/** What the editor edits in one locale ('en': the article itself; labels, tags and side_load are the article's). */
export const articleEditSchema = z.object({
  title: z.string().trim().min(1).max(150),
  /** Markdown (plain HTML allowed, sanitised as imported content is) */
  body: z.string().max(100_000),
});

export const articleDraftRequestSchema = articleEditSchema.extend({
  locale: z.enum(supportedLocales).default('en'),
  labels: z.record(z.string(), labelValueSchema).optional(),
  tags: z.array(z.string().max(80)).max(40).optional(),
  side_load: jsonObjectSchema.optional(),
});
export type ArticleDraftRequest = z.infer<typeof articleDraftRequestSchema>;

export const articleDraftDiscardQuerySchema = z.object({ locale: z.enum(supportedLocales).default('en') });

/** A new article: created as a draft under a category or sub-category. */
export const articleCreateRequestSchema = articleEditSchema.extend({
  parent: z.string().regex(/^\d{1,12}$/, 'must be a category id'),
});

export const articleVersionSchema = z.object({
  title: z.string(),
  body: z.string(),
});

export const agentArticleLocaleSchema = z.object({
  locale: z.enum(supportedLocales),
  /** what readers see in this locale now, or null (not published in it) */
  published: articleVersionSchema.nullable(),
  /** the waiting draft in this locale, or null */
  draft: articleVersionSchema.nullable(),
});

export const agentArticleResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  id: z.string(),
  index_name: z.string(),
  parent_id: z.string().nullable(),
  article_status: articleStatusSchema,
  labels: z.record(z.string(), labelValueSchema),
  tags: z.array(z.string()),
  side_load: jsonObjectSchema,
  locales: z.array(agentArticleLocaleSchema),
  /** who changed what, newest first */
  trail: z.array(z.object({ at: z.string(), actor: z.string(), action: z.string() })),
});
export type AgentArticle = z.infer<typeof agentArticleResponseSchema>;

export const articlePreviewRequestSchema = z.object({ body: z.string().max(100_000) });
export const articlePreviewResponseSchema = z.object({ status: z.literal('SUCCESS'), html: z.string() });

export const articleExportResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** paths relative to the content folder's parent (content/kb/…, content/kb-i18n/…) */
  files: z.array(z.object({ path: z.string(), content: z.string() })),
});
