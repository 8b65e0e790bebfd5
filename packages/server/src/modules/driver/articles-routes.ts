import {
  articleActionsQuerySchema,
  articleActionsResponseSchema,
  callCustomerSchema,
  coded,
  driverArticlePaths,
  maskedCallResponseSchema,
  partnerLostItemAnswerSchema,
  partnerLostItemHandoverSchema,
  partnerLostItemResponseSchema,
  partnerLostItemsResponseSchema,
} from '@selfserve/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { openRequest } from '../calls/repo.ts';
import { bridgeCall } from '../calls/service.ts';
import { findArticle } from '../kb/repo.ts';
import {
  answerLostItem,
  articleActions,
  callableRide,
  handOverLostItem,
  partnerLostItems,
  requireLostItemPartner,
} from './articles.ts';
import { requirePartner } from './service.ts';

const tags = ['driver'];
const signedIn = { access: 'user' } as const;
/** A repeated press within 2 minutes answers the call already placed (like the other ringing calls, docs/telephony.md). */
const RING_REPEAT_WINDOW_MS = 2 * 60_000;

/**
 * The driver's one-touch articles (docs/driver.md "Driver one-touch articles"): the timed actions, the partner's call
 * to a customer within the call window, and the partner's side of a lost item. Signed in first (401), then the role
 * (403, before the input is validated), then the input.
 */
export function driverArticleRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, telephony: phone } = deps;
  const partner = async (request: FastifyRequest) => {
    requirePartner(requireUser(request));
  };
  const lostItemPartner = async (request: FastifyRequest) => {
    requireLostItemPartner(requireUser(request));
  };
  async function article(id: string) {
    const found = await findArticle(db, id);
    if (!found) throw new AppError('NOT_FOUND', coded('articleNotFound'));
    return found;
  }

  return async (app) => {
    app.get(
      driverArticlePaths.actions,
      {
        config: signedIn,
        preValidation: partner,
        schema: {
          tags,
          querystring: articleActionsQuerySchema,
          response: { 200: articleActionsResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = requirePartner(requireUser(request));
        return articleActions(db, user, await article(request.query.article_id));
      },
    );

    app.post(
      driverArticlePaths.callCustomer,
      {
        config: { ...signedIn, rateLimit: { max: 6, timeWindow: '1 hour' } },
        preValidation: partner,
        schema: { tags, body: callCustomerSchema, response: { 200: maskedCallResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const user = requirePartner(requireUser(request));
        const { ride, customerPhone } = await callableRide(
          db,
          user,
          await article(request.body.article_id),
          request.body.crn,
        );
        if (!phone || !customerPhone)
          return { status: 'FAILURE' as const, ...coded('callsUnavailable'), request_id: null };
        const { row, repeated } = await openRequest(db, {
          userId: user.id,
          kind: 'masked_call',
          bookingId: ride.id,
          articleId: request.body.article_id,
          subject: `partner_call:${ride.id}`,
          windowMs: RING_REPEAT_WINDOW_MS,
        });
        if (repeated) return { status: 'SUCCESS' as const, ...coded('partnerCallStarted'), request_id: row.id };
        return bridgeCall(
          db,
          phone,
          {
            requestId: row.id,
            kind: 'rider_driver',
            crn: ride.crn,
            callerPhone: user.mobile,
            calleePhone: customerPhone,
          },
          { started: 'partnerCallStarted', failed: 'partnerCallFailed' },
        );
      },
    );

    app.get(
      driverArticlePaths.lostItems,
      {
        config: signedIn,
        preValidation: lostItemPartner,
        schema: { tags, response: { 200: partnerLostItemsResponseSchema, ...errorResponses } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = requireLostItemPartner(requireUser(request));
        return { status: 'SUCCESS' as const, data: await partnerLostItems(db, user) };
      },
    );

    app.post(
      driverArticlePaths.lostItemAnswer,
      {
        config: signedIn,
        preValidation: lostItemPartner,
        schema: {
          tags,
          body: partnerLostItemAnswerSchema,
          response: { 200: partnerLostItemResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        status: 'SUCCESS' as const,
        item: await answerLostItem(db, requireLostItemPartner(requireUser(request)), request.body),
      }),
    );

    app.post(
      driverArticlePaths.lostItemHandover,
      {
        config: signedIn,
        preValidation: lostItemPartner,
        schema: {
          tags,
          body: partnerLostItemHandoverSchema,
          response: { 200: partnerLostItemResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        status: 'SUCCESS' as const,
        item: await handOverLostItem(db, requireLostItemPartner(requireUser(request)), request.body.request_id),
      }),
    );
  };
}
