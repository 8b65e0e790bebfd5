import {
  csatPayloadSchema,
  FORM_TOKEN_TTL_SECONDS,
  formTokenResponseSchema,
  IDEMPOTENCY_HEADER,
  invalidTokenResponseSchema,
  issuePayloadSchema,
  okResponseSchema,
  orderTicketPayloadSchema,
  searchTicketsQuerySchema,
  searchTicketsResponseSchema,
  structuredEmailGuestPayloadSchema,
  structuredEmailPaths,
  structuredEmailPayloadSchema,
  ticketPaths,
  ticketPayloadSchema,
  ticketResponseSchema,
  visitorModalTicketPayloadSchema,
  visitorTicketPayloadSchema,
} from '@selfserve/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { claimDocuments } from '../uploads/service.ts';
import {
  foodDraft,
  issueDraft,
  marketplaceDraft,
  marketplaceKinds,
  type TicketDraft,
  writeToUsDraft,
} from './drafts.ts';
import { issueFormToken } from './form-token.ts';
import { visitorTicket } from './guest-tickets.ts';
import { admitTicketCreation } from './limits.ts';
import { confirmationMail, createTicket, rateTicket, requireVerifiedEmail, ticketList } from './service.ts';
import { structuredEmailDraft, structuredEmailGuest } from './structured-email.ts';

const tags = ['tickets'];
const createSchema = { tags, response: { 200: ticketResponseSchema, ...errorResponses } };
const signedIn = { access: 'user' } as const;
const sourcePageQuery = z.object({ source_page: z.string().max(40).optional() });
export function ticketsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, mailer } = deps;

  /** The signed-in author of a ticket; an unverified e-mail is sent to verify first (spec §8). */
  function author(request: FastifyRequest) {
    const user = requireUser(request);
    requireVerifiedEmail(user);
    return user;
  }

  const idempotencyKey = (request: FastifyRequest) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    return typeof key === 'string' && /^[\w-]{8,100}$/.test(key) ? key : null;
  };

  /**
   * The one ticket builder of every signed-in create route: the draft plus the request's idempotency key, its
   * images claimed in the ticket's transaction (someone else's or a used one fails it), the creation limits
   * (limits.ts) and the confirmation mail of a new ticket (not of a replayed submit).
   */
  function submit(request: FastifyRequest, reply: FastifyReply, user: UserRow, d: TicketDraft) {
    const { article, articleName, imageIds, confirmTo, mailSubject, ...ticket } = d;
    const images = imageIds ?? [];
    const to = confirmTo;
    return createTicket(
      db,
      {
        issueId: null,
        bookingId: null,
        orderId: null,
        tag: null,
        sourcePage: null,
        items: [],
        ...ticket,
        userId: user.id,
        articleId: article?.id ?? null,
        articleName: articleName ?? article?.title ?? null,
        idempotencyKey: idempotencyKey(request),
        ...(images.length > 0 ? { attach: (trx, rowId) => claimDocuments(trx, user.id, images, rowId) } : {}),
        admit: () => admitTicketCreation(deps, request, reply, { perUser: true }),
        ...(to
          ? {
              confirmation: {
                mailer,
                message: (ticketId: string) => ({
                  to,
                  userId: user.id,
                  ...confirmationMail(ticketId, mailSubject ?? d.subject),
                }),
              },
            }
          : {}),
      },
      request.log,
    );
  }

  return async (app) => {
    app.post(
      ticketPaths.create,
      { config: signedIn, schema: { ...createSchema, querystring: sourcePageQuery, body: ticketPayloadSchema } },
      async (request, reply) => {
        const user = author(request);
        const sourcePage = request.query.source_page ?? null;
        return submit(request, reply, user, await writeToUsDraft(db, user, request.body, sourcePage));
      },
    );

    app.post(
      ticketPaths.issueCreate,
      { config: signedIn, schema: { ...createSchema, body: issuePayloadSchema } },
      async (request, reply) => {
        const user = author(request);
        return submit(request, reply, user, await issueDraft(db, user, request.body));
      },
    );

    for (const [path, kind] of Object.entries(marketplaceKinds)) {
      app.post(
        ticketPaths.marketplace(path as keyof typeof marketplaceKinds),
        { config: signedIn, schema: { ...createSchema, body: orderTicketPayloadSchema } },
        async (request, reply) => {
          const user = author(request);
          return submit(request, reply, user, await marketplaceDraft(db, user, kind, request.body));
        },
      );
    }

    app.post(
      ticketPaths.food(':orderID'),
      {
        config: signedIn,
        schema: {
          ...createSchema,
          params: z.object({ orderID: z.string().regex(/^[\w-]{1,64}$/) }),
          body: orderTicketPayloadSchema.partial({ order_id: true }),
        },
      },
      async (request, reply) => {
        const user = author(request);
        return submit(request, reply, user, await foodDraft(db, user, request.params.orderID, request.body));
      },
    );

    app.post(
      ticketPaths.unrecognisedTransaction,
      {
        config: { access: 'visitor', rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags,
          body: visitorTicketPayloadSchema,
          response: { 200: z.union([ticketResponseSchema, invalidTokenResponseSchema]), ...errorResponses },
        },
      },
      (request, reply) => visitorTicket(deps, request, reply, 'unrecognised_charge', request.body),
    );

    // The other four visitor ticket modals (docs/flows/visitor-tickets.md): the same rules, the modal named.
    app.post(
      ticketPaths.visitorTicket,
      {
        config: { access: 'visitor', rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags,
          body: visitorModalTicketPayloadSchema,
          response: { 200: z.union([ticketResponseSchema, invalidTokenResponseSchema]), ...errorResponses },
        },
      },
      (request, reply) => visitorTicket(deps, request, reply, request.body.modal, request.body),
    );

    // The structured write-to-us e-mail (docs/flows/structured-email.md): a signed-in user's ticket, a visitor's guest one.
    app.post(
      structuredEmailPaths.submit,
      { config: signedIn, schema: { ...createSchema, body: structuredEmailPayloadSchema } },
      async (request, reply) => {
        const user = author(request);
        return submit(request, reply, user, await structuredEmailDraft(db, user, request.body));
      },
    );
    app.post(
      structuredEmailPaths.guest,
      {
        config: { access: 'visitor', rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags,
          body: structuredEmailGuestPayloadSchema,
          response: { 200: z.union([ticketResponseSchema, invalidTokenResponseSchema]), ...errorResponses },
        },
      },
      (request, reply) => structuredEmailGuest(deps, request, reply, request.body),
    );

    // The non-login form asks for a token when it opens; a bot posting straight to the API has none.
    app.get(
      ticketPaths.formToken,
      { config: { access: 'visitor' }, schema: { tags, response: { 200: formTokenResponseSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // Bound to this visitor (the ss_visitor cookie, set here if the browser has none yet): useless elsewhere.
        const visitor = deps.sessions.ensureVisitor(reply, request);
        return {
          status: 'SUCCESS' as const,
          token: issueFormToken(deps.config.sessionSecret, visitor),
          expires_in: FORM_TOKEN_TTL_SECONDS,
        };
      },
    );

    app.get(
      ticketPaths.search,
      {
        config: signedIn,
        schema: {
          tags,
          querystring: searchTicketsQuerySchema,
          response: { 200: searchTicketsResponseSchema, ...errorResponses },
        },
      },
      (request) => ticketList(db, requireUser(request), request.query),
    );

    app.post(
      ticketPaths.csat,
      {
        config: signedIn,
        schema: { tags, body: csatPayloadSchema, response: { 200: okResponseSchema, ...errorResponses } },
      },
      async (request) => {
        await rateTicket(db, requireUser(request).id, request.body);
        return { status: 'SUCCESS' as const };
      },
    );
  };
}
