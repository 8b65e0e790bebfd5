import { normalizeIP } from '@fastify/rate-limit';
import {
  coded,
  helpContextKey,
  kbArticleQuerySchema,
  kbArticleResponseSchema,
  kbFeedbackAnswerSchema,
  kbFeedbackQuerySchema,
  kbFeedbackSchema,
  kbMetaQuerySchema,
  kbMetaResponseSchema,
  kbPaths,
  kbPopularQuerySchema,
  kbPopularResponseSchema,
  kbRelatedQuerySchema,
  kbRelatedResponseSchema,
  kbSearchQuerySchema,
  kbSearchResponseSchema,
  marketplaceIndexes,
  offersReason,
  okResponseSchema,
  reasonBlock,
  SEARCH_SUGGESTIONS_MAX,
  says,
  siteCountry,
} from '@selfserve/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendKept } from '../../lib/kept-bytes.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { entryModeOf } from '../auth/entry-mode.ts';
import { ownOrderContext } from '../orders/service.ts';
import { articleAnswer } from './article-answer.ts';
import { findArticle, findFeedback } from './repo.ts';
import { searchKb } from './search.ts';
import { createSearchCounter } from './search-counts.ts';
import {
  allowedIndexes,
  feedbackVoter,
  kbViewerOf,
  metaAnswer,
  popularArticles,
  recordFeedback,
  relatedArticles,
  rideVoter,
  viewerBooking,
} from './service.ts';
import { siteMapRoutes } from './site-map.ts';

const tags = ['kb'];
const indexParam = z.object({ index: z.string().regex(/^[a-z0-9_]{2,40}$/, says('unknownIndexName')) });
const marketplaceMeta = {
  ondc: 'ondc',
  grocery: 'grocery',
  giftcard: 'giftcard',
  fashionandelectronics: 'fashion_electronics',
} as const;

export function kbRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  // A visitor reads the index of the site's country, told by the host name (UK_HOST_MARKER, spec §6).
  const site = (request: FastifyRequest) => siteCountry(request.hostname, deps.config.ukHostMarker);
  const viewerOf = (request: FastifyRequest) =>
    kbViewerOf(db, request.session, request.log, site(request), entryModeOf(request), request);
  // Answers are checked against their schemas in tests, as plugins/serializer.ts does (app.ts registerSerializer).
  const validateAnswers = deps.config.env === 'test';
  const ownBooking = (request: FastifyRequest, id: string | undefined) =>
    viewerBooking(db, request.session?.userId, id);

  return async (app) => {
    // What readers search for, for the agent console's insights (docs/agent.md "Insights").
    const searchCounts = createSearchCounter(db);
    app.addHook('onClose', () => searchCounts.close());
    // /sitemap.xml and /robots.txt: the public knowledge base for search engines (issue 19 item 2).
    await app.register(siteMapRoutes(deps));
    app.get(
      kbPaths.meta,
      {
        config: { access: 'visitor' },
        schema: { tags, querystring: kbMetaQuerySchema, response: { 200: kbMetaResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const q = request.query;
        const kv = await viewerOf(request);
        const booking = await ownBooking(request, q.booking_id);
        const cab = q.cab_category ?? booking?.cab_category;
        const indexes = allowedIndexes(
          q.index_name,
          kv,
          cab || booking ? { booking: { cab_category: cab, saas_ride: booking?.saas_ride } } : {},
        );
        return metaAnswer(db, indexes, q.context ?? (booking ? helpContextKey(booking) : null), kv);
      },
    );

    for (const [kind, index] of Object.entries(marketplaceMeta)) {
      app.get(
        kbPaths.metaVariant(kind as keyof typeof marketplaceMeta),
        {
          config: { access: 'visitor' },
          schema: {
            tags,
            querystring: z.object({ context: z.string().max(64).optional(), order_id: z.string().max(64).optional() }),
            response: { 200: kbMetaResponseSchema, ...errorResponses },
          },
        },
        async (request) => {
          const kv = await viewerOf(request);
          const kind = index as keyof typeof marketplaceIndexes;
          const indexes = [marketplaceIndexes[kind]];
          const { order_id } = request.query;
          const order = order_id ? await ownOrderContext(db, request.session?.userId, order_id, kind) : undefined;
          return { ...(await metaAnswer(db, indexes, request.query.context ?? null, kv)), ...(order ? { order } : {}) };
        },
      );
    }

    app.get(
      kbPaths.driverMeta,
      {
        config: { access: 'user' },
        schema: {
          tags,
          querystring: z.object({ booking_id: z.string().max(64).optional(), context: z.string().max(64).optional() }),
          response: { 200: kbMetaResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const kv = await viewerOf(request);
        if (kv.index.role !== 'driver' && kv.index.role !== 'food_delivery_rider') {
          throw new AppError('FORBIDDEN', coded('driverHelpOnly'));
        }
        const booking = await ownBooking(request, request.query.booking_id);
        const indexes = allowedIndexes(undefined, kv, { booking });
        return metaAnswer(db, indexes, request.query.context ?? (booking ? helpContextKey(booking) : null), kv);
      },
    );

    app.get(
      kbPaths.articles,
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          querystring: kbArticleQuerySchema,
          response: { 200: kbArticleResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const kv = await viewerOf(request);
        const indexes = q.index_name ? allowedIndexes(q.index_name, kv) : null;
        // Written once per article, language and kind of viewer, the same bytes the schema's serialiser writes
        // (article-answer.ts), kept compressed: sent as the client accepts them (lib/kept-bytes.ts).
        const answer = await articleAnswer(db, q.id, indexes, kv, q.related !== 'false', validateAnswers);
        return sendKept(request, reply, answer);
      },
    );

    for (const path of [kbPaths.related(':index'), kbPaths.relatedV1(':index')]) {
      app.get(
        path,
        {
          config: { access: 'visitor' },
          schema: {
            tags,
            params: indexParam,
            querystring: kbRelatedQuerySchema,
            response: { 200: kbRelatedResponseSchema, ...errorResponses },
          },
        },
        async (request) => {
          const kv = await viewerOf(request);
          await ownBooking(request, request.query.booking_id);
          const [index] = allowedIndexes([request.params.index], kv);
          return { status: 'SUCCESS' as const, data: await relatedArticles(db, index as string, request.query.id, kv) };
        },
      );
    }

    app.get(
      kbPaths.search(':type'),
      {
        config: { access: 'visitor', rateLimit: { max: deps.config.searchRateLimit, timeWindow: '1 minute' } },
        schema: {
          tags,
          // The spec's path segment is article_type__{type}: {type} names the audience whose index to search.
          params: z.object({ type: z.enum(['customer', 'driver', 'food_delivery_rider', 'select']) }),
          querystring: kbSearchQuerySchema,
          response: { 200: kbSearchResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const kv = await viewerOf(request);
        const { type } = request.params;
        const role = type === 'select' ? 'customer' : type;
        const indexes = allowedIndexes(request.query.index_name, kv, { role });
        const answer = await searchKb(db, request.query.query, indexes, request.query.limit, kv);
        // A search from the results page counts; suggestions as the reader types (five at most) do not.
        if (request.query.limit > SEARCH_SUGGESTIONS_MAX) {
          searchCounts.count({
            query: request.query.query,
            country: kv.index.country ?? null,
            language: kv.language,
            found: answer.found,
          });
        }
        if (answer.found === 0) throw new AppError('NOT_FOUND', coded('noArticlesFound'));
        // The results as the schema's serialiser wrote them, kept with the ranking (search.ts).
        return sendKept(request, reply, answer.json);
      },
    );

    app.get(
      kbPaths.popular,
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          querystring: kbPopularQuerySchema,
          response: { 200: kbPopularResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const kv = await viewerOf(request);
        const { type, limit } = request.query;
        // The index the viewer's search reads (the search's {type} when given).
        const role = type === 'select' ? 'customer' : type;
        const indexes = allowedIndexes(undefined, kv, role ? { role } : {});
        return { status: 'SUCCESS' as const, data: await popularArticles(db, indexes, limit, kv) };
      },
    );

    /** The survey's voter: the person, and for an article opened for a ride (its CRN, theirs only) that ride. */
    const surveyVoter = async (request: FastifyRequest, crn: string | null | undefined) => {
      if (crn) await ownBooking(request, crn);
      const voter = feedbackVoter(
        deps.config.sessionSecret,
        request.session?.userId ?? null,
        request.csrfBinding ?? undefined,
        normalizeIP(request.ip),
      );
      return crn ? { ...voter, voter: rideVoter(voter.voter, crn) } : voter;
    };

    app.post(
      kbPaths.feedback,
      {
        config: { access: 'visitor' },
        schema: { tags, body: kbFeedbackSchema, response: { 200: okResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const { article_id, helpful, reason, crn } = request.body;
        const article = await findArticle(db, article_id);
        if (!article) throw new AppError('NOT_FOUND', coded('articleNotFound'));
        // A No's reason is one the article itself offers (its Feedback block); a Yes has none.
        if (reason && (helpful || !offersReason(reasonBlock(JSON.parse(article.embedded), 'Feedback'), reason))) {
          throw new AppError('VALIDATION_FAILED', coded('reasonNotOffered'));
        }
        const voter = await surveyVoter(request, crn);
        const answer = { article_id, helpful, reason: reason ?? null, crn: crn ?? null };
        await recordFeedback(db, { ...answer, user_id: request.session?.userId ?? null, ...voter }, request.log);
        return { status: 'SUCCESS' as const };
      },
    );

    // What this reader answered before (per article, and per CRN for a ride's): the page asks only once.
    app.get(
      kbPaths.feedback,
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          querystring: kbFeedbackQuerySchema,
          response: { 200: kbFeedbackAnswerSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { article_id, crn } = request.query;
        const { voter } = await surveyVoter(request, crn);
        const row = await findFeedback(db, article_id, voter);
        return {
          status: 'SUCCESS' as const,
          answer: row ? { helpful: Number(row.helpful) === 1, reason: row.reason } : null,
        };
      },
    );
  };
}
