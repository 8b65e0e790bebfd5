import { z } from 'zod';
import { CRN_SHAPE } from './crn.ts';
import { supportedLocales } from './languages.ts';
import { says } from './messages.ts';
import { orderContextSchema } from './orders.ts';
import { REASON_KEY } from './survey.ts';

/** Article labels of the spec (core.md §3, guided-flows.md §3). A label is a key with a value. */
export const articleLabels = [
  'chat_bot',
  'one_touch',
  'api_call',
  'context',
  'sd_call_us',
  'whitelisted',
  'actionable',
  'should_reload',
  'minus_write_to_us',
  'minus_call_us',
  'minus_call_back',
  'structured_email_param',
  'cab_attachment',
  'cab_attachment_customer',
  'call_type',
  'hide_body',
  'show_title',
  'phone',
  'article_popup',
  'tag',
  'one_touch_source',
] as const;

/** Tags (label_names) of the spec; `emergency_time:{x}` and `call_driver_expiry_time:{x}` carry a value. */
export const articleTags = [
  'select_members',
  'select_paid_members',
  'one_touch__other_help_issues',
  'article_ondc',
  'neft_refund_option',
  'api_call__v3_submit',
  'hide_desktop',
  'hide_description',
  'hide_email',
  'send_invoice',
  'do_your_kyc',
  'article_feedback',
  'driver_cleaning_fee',
  'plus_live_chat',
  'add_chat_with_us',
  'article_refresh',
  'emergency_time:{x}',
  'call_driver_expiry_time:{x}',
  'krutrim_bot',
  'food_delivery_redirect',
] as const;

export const articleTypeSchema = z.enum(['category', 'sub_category', 'article']);
export type ArticleType = z.infer<typeof articleTypeSchema>;

export const labelValueSchema = z.union([z.string(), z.number(), z.boolean()]);

export const oneTouchOptionSchema = z.object({
  text: z.string(),
  value: z.string(),
  action: z.string().optional(),
  type: z.string().optional(),
  article_id: z.string().optional(),
  showCustomMessage: z.boolean().optional(),
  customMessage: z.string().optional(),
  customMessageHeading: z.string().optional(),
  bill_amount: z.number().optional(),
});
export type OneTouchOption = z.infer<typeof oneTouchOptionSchema>;

/** A node of the tree as lists show it: enough to render a link. */
export const articleSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  type: articleTypeSchema,
  index_name: z.string(),
  parent_id: z.string().nullable(),
  label_names: z.array(z.string()),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export interface CategoryNode extends ArticleSummary {
  articles: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = articleSummarySchema.extend({
  articles: z.lazy(() => z.array(categoryNodeSchema)),
});

/** The stored answers to 'Was this helpful?' for one article (docs/kb-feedback.md): one vote per voter. */
export const articleFeedbackCountsSchema = z.object({
  helpful: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type ArticleFeedbackCounts = z.infer<typeof articleFeedbackCountsSchema>;

/** A full article: body HTML (sanitised on import and again on display), labels, options, related. */
export const articleSchema = articleSummarySchema.extend({
  body: z.string(),
  html_body: z.string(),
  labels: z.record(z.string(), labelValueSchema),
  options: z.array(oneTouchOptionSchema),
  related: z.array(articleSummarySchema),
  side_load: z.record(z.string(), z.unknown()),
  response: z.record(z.string(), z.unknown()),
  /** JSON blocks embedded in the body (ids refund-initiated, Csat, Feedback, driver_app_city_numbers). */
  embedded: z.record(z.string(), z.unknown()),
  articles: z.array(articleSummarySchema),
  /** The path from the top category down to this node's parent, for breadcrumbs and back. */
  ancestors: z.array(articleSummarySchema),
  /** The language the title and body are in: the reader's when translated, else 'en' ("not yet translated"). */
  language: z.enum(supportedLocales),
  /** The day the content last changed (front matter `updated`, YYYY-MM-DD), or null: shown as "Last updated". */
  updated: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** 'Was this helpful?' so far: `helpful` of `total` voters said yes ("N of M found this helpful" when M > 0). */
  feedback: articleFeedbackCountsSchema,
});
export type Article = z.infer<typeof articleSchema>;

const indexNames = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(
    z
      .array(z.string().regex(/^[a-z0-9_]{2,40}$/, says('unknownIndexName')))
      .min(1)
      .max(5),
  );

/** GET /api/kb/v3/meta/ (and the marketplace variants): the category tree for the viewer. */
export const kbMetaQuerySchema = z.object({
  index_name: indexNames.optional(),
  cab_category: z.string().max(40).optional(),
  booking_id: z.string().max(64).optional(),
  ride_type: z.string().max(40).optional(),
  context: z.string().max(64).optional(),
  source: z.string().max(40).optional(),
});
export const kbMetaResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  index_name: z.array(z.string()),
  context: z.string().nullable(),
  data: z.array(categoryNodeSchema),
  /** The marketplace metas, asked with an order_id, also answer that order's context. */
  order: orderContextSchema.optional(),
});
export type KbMetaResponse = z.infer<typeof kbMetaResponseSchema>;

/** GET /api/kb/v3/articles: one node by id (an article, or a category with its children). */
export const kbArticleQuerySchema = z.object({
  index_name: indexNames.optional(),
  id: z.string().regex(/^[\w-]{1,40}$/, says('invalidArticleId')),
  related: z.enum(['true', 'false']).optional(),
  context: z.string().max(64).optional(),
});
export const kbArticleResponseSchema = z.object({ status: z.literal('SUCCESS'), data: articleSchema });

/** GET /api/kb/v3/related_article/{index}/articles: articles related to one, for a booking or order. */
export const kbRelatedQuerySchema = z.object({
  id: z.string().regex(/^[\w-]{1,40}$/, says('invalidArticleId')),
  booking_id: z.string().max(64).optional(),
  car_category: z.string().max(40).optional(),
  order_id: z.string().max(64).optional(),
  date_entered_time_stamp: z.string().max(20).optional(),
});
export const kbRelatedResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: z.array(articleSummarySchema),
});
export type KbRelatedResponse = z.infer<typeof kbRelatedResponseSchema>;

export const kbSearchQuerySchema = z.object({
  query: z.string().trim().min(3, says('searchTooShort')).max(200),
  index_name: indexNames.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
/** A highlighted range of a text, [start, end) in UTF-16 code units (contract kb-snippet.ts, TextMark). */
const textMarkSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
export const kbSearchResultSchema = articleSummarySchema.extend({
  /** the article's original text around the best match, "…" where it was cut (docs/kb-search.md) */
  snippet: z.string(),
  /** where the matched words are in `snippet`: plain text plus ranges, so the web never reads a text as HTML */
  snippet_marks: z.array(textMarkSchema),
  /** where the matched words are in `title` */
  title_marks: z.array(textMarkSchema),
  /** true: matches some of the query's words, not all (listed below every full match; docs/kb-search.md) */
  partial: z.boolean().optional(),
});
export type KbSearchResult = z.infer<typeof kbSearchResultSchema>;
/** A list (spec §7); no match answers the error 'No Articles Found'. */
export const kbSearchResponseSchema = z.array(kbSearchResultSchema);

/**
 * GET /api/kb/v3/popular_articles: the articles of the viewer's index (or the one {type} names, as for search) most
 * found helpful, then the first of the index in its own order; what a search with no result shows next.
 */
export const kbPopularQuerySchema = z.object({
  type: z.enum(['customer', 'driver', 'food_delivery_rider', 'select']).optional(),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});
export const kbPopularResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: z.array(articleSummarySchema),
});
export type KbPopularResponse = z.infer<typeof kbPopularResponseSchema>;

/**
 * POST /api/kb/v3/article_feedback (docs/kb-feedback.md): the survey's answer. A No may name one of the article's own
 * `Feedback` reasons (checked against the article); `crn` when the article was opened for a ride: the answer is then
 * that ride's (remembered per article and per CRN).
 */
export const kbFeedbackSchema = z.object({
  article_id: z.string().regex(/^[\w-]{1,40}$/),
  helpful: z.boolean(),
  reason: z.string().regex(REASON_KEY, says('reasonNotOffered')).nullish(),
  crn: z.string().regex(CRN_SHAPE).nullish(),
});
export type KbFeedback = z.infer<typeof kbFeedbackSchema>;

/** GET /api/kb/v3/article_feedback?article_id=&crn=: the caller's remembered answer (null before one). */
export const kbFeedbackQuerySchema = kbFeedbackSchema.pick({ article_id: true, crn: true });
export const kbFeedbackAnswerSchema = z.object({
  status: z.literal('SUCCESS'),
  answer: z.object({ helpful: z.boolean(), reason: z.string().nullable() }).nullable(),
});
export type KbFeedbackAnswer = z.infer<typeof kbFeedbackAnswerSchema>;
