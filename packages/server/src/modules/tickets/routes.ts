import {
  articleFormRules,
  csatPayloadSchema,
  FORM_TOKEN_TTL_SECONDS,
  formTokenResponseSchema,
  IDEMPOTENCY_HEADER,
  type IssueFormErrors,
  type IssueFormInput,
  invalidTokenResponseSchema,
  issuePayloadSchema,
  messages,
  okResponseSchema,
  orderTicketPayloadSchema,
  searchTicketsQuerySchema,
  searchTicketsResponseSchema,
  type TicketResponse,
  ticketPaths,
  ticketPayloadSchema,
  ticketResponseSchema,
  unrecognisedTransactionPayloadSchema,
  validateIssueForm,
} from '@selfserve/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ArticleRow, UserRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import { findArticle } from '../kb/repo.ts';
import { findOwnOrder } from '../orders/repo.ts';
import { claimDocuments } from '../uploads/service.ts';
import { issueFormToken } from './form-token.ts';
import { unrecognisedTransaction } from './guest-tickets.ts';
import { admitTicketCreation } from './limits.ts';
import {
  createTicket,
  formArticle,
  type NewTicket,
  PLACEHOLDER_CONTACT,
  rateTicket,
  requireVerifiedEmail,
  ticketList,
} from './service.ts';

const tags = ['tickets'];
const createSchema = { tags, response: { 200: ticketResponseSchema, ...errorResponses } };
const signedIn = { access: 'user' } as const;
const sourcePageQuery = z.object({ source_page: z.string().max(40).optional() });
const marketplaceKinds = {
  ondc: 'ondc',
  grocery: 'grocery',
  giftcard: 'giftcard',
  'fashion/electronics': 'fashion_electronics',
} as const;
const MARKETPLACE_MESSAGE = (orderId: string) =>
  `Thank you! We have received your request about order ${orderId}. Our team will look into it and write to you within 24 hours. Thanks for reaching out to us.`;

/** The issue form's rules, as the web form applies them (contract): the first broken one is the 400's message. */
function checkForm(input: IssueFormInput, rules: ReturnType<typeof articleFormRules>) {
  const errs: IssueFormErrors = validateIssueForm(input, rules);
  const fields = Object.fromEntries(Object.entries(errs).filter(([, v]) => v)) as Record<string, string>;
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, fields);
}

/** What a create route knows about its ticket; the rest is the same for every route (`submit` below). */
type TicketDraft = Pick<NewTicket, 'kind' | 'subject' | 'query' | 'source' | 'emailFrom' | 'payload'> &
  Partial<Pick<NewTicket, 'issueId' | 'bookingId' | 'orderId' | 'tag' | 'sourcePage' | 'items'>> & {
    article?: ArticleRow | undefined;
    articleName?: string | null | undefined;
    imageIds?: string[] | undefined;
    /** where the confirmation mail goes (null: none) and, when it differs from the ticket's, its subject */
    confirmTo: string | null;
    mailSubject?: string;
  };

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
              onCreated: (ticketId: string) =>
                mailer.send({
                  to,
                  subject: `We have received your request (ticket ${ticketId})`,
                  text: `${messages.ticketSuccess}\n\nTicket: ${ticketId}\nSubject: ${mailSubject ?? d.subject}\n\nYou can follow it under My tickets in the help centre.`,
                  kind: 'ticket_confirmation',
                  userId: user.id,
                }),
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
      async (request, reply): Promise<TicketResponse> => {
        const user = author(request);
        const p = request.body;
        const booking = p.booking_id ? await findOwnBooking(db, user.id, { id: p.booking_id }) : undefined;
        if (p.booking_id && !booking) throw new AppError('NOT_FOUND', messages.bookingNotFound);
        const article = p.issue_id ? await findArticle(db, p.issue_id) : undefined;
        const email = p.email_from ?? user.email;
        const items = p.item_details ?? [];
        checkForm(
          { email, description: p.query, imageIds: p.uploaded_image_ids ?? [], items },
          articleFormRules(formArticle(article), { rideId: booking?.crn }),
        );
        return submit(request, reply, user, {
          kind: p.uploaded_image_ids || p.item_details ? 'ticket_v2' : 'ticket',
          subject: p.article_name ?? article?.title ?? 'Write to us',
          query: p.query,
          issueId: p.issue_id ?? null,
          article,
          articleName: p.article_name,
          bookingId: booking?.id ?? null,
          tag: p.article_type ?? null,
          source: 'web',
          sourcePage: request.query.source_page ?? null,
          emailFrom: email,
          payload: p,
          items,
          imageIds: p.uploaded_image_ids,
          confirmTo: email,
        });
      },
    );

    app.post(
      ticketPaths.issueCreate,
      { config: signedIn, schema: { ...createSchema, body: issuePayloadSchema } },
      async (request, reply) => {
        const user = author(request);
        const p = request.body;
        const byRef = p.booking_id ? { id: p.booking_id } : p.crn ? { crn: p.crn } : null;
        const booking = byRef ? await findOwnBooking(db, user.id, byRef) : undefined;
        if (byRef && !booking) throw new AppError('NOT_FOUND', messages.bookingNotFound);
        const article = p.article_id ? await findArticle(db, p.article_id) : undefined;
        const email = p.email ?? user.email;
        const items = p.item_details ?? [];
        checkForm(
          { email, description: p.query, imageIds: p.uploadedImages ?? [], items },
          articleFormRules(formArticle(article), { rideId: booking?.crn }),
        );
        return submit(request, reply, user, {
          kind: 'issue',
          subject: p.article_name ?? article?.title ?? p.issueType ?? 'Issue',
          query: p.query,
          issueId: p.issue_id ?? p.article_id ?? null,
          article,
          articleName: p.article_name,
          bookingId: booking?.id ?? null,
          tag: p.tag ?? null,
          source: 'web',
          emailFrom: email,
          payload: p,
          items,
          imageIds: p.uploadedImages,
          confirmTo: email,
          mailSubject: p.article_name ?? article?.title ?? 'Issue',
        });
      },
    );

    for (const [path, kind] of Object.entries(marketplaceKinds)) {
      app.post(
        ticketPaths.marketplace(path as keyof typeof marketplaceKinds),
        { config: signedIn, schema: { ...createSchema, body: orderTicketPayloadSchema } },
        async (request, reply) => {
          const user = author(request);
          const p = request.body;
          const order = await findOwnOrder(db, user.id, p.order_id, kind);
          if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
          const article = p.issue_id ? await findArticle(db, p.issue_id) : undefined;
          const ordered = JSON.parse(order.items) as { item_id: string; item_name: string; quantity: number }[];
          // The order's own contact details, else the user's, else placeholders (never shown to users).
          const contact = {
            name: order.customer_name ?? user.name ?? PLACEHOLDER_CONTACT.name,
            contact: order.customer_contact ?? user.mobile ?? PLACEHOLDER_CONTACT.contact,
            email: p.email_from ?? order.customer_email ?? user.email ?? PLACEHOLDER_CONTACT.email,
          };
          const items = p.item_details ?? [];
          checkForm(
            { email: contact.email, description: p.query, imageIds: p.uploaded_image_ids ?? [], items },
            { ...articleFormRules(formArticle(article), { items: ordered }), hideEmail: true },
          );
          const answer = await submit(request, reply, user, {
            kind: 'marketplace',
            subject: p.article_name ?? article?.title ?? `Order ${order.id}`,
            query: p.query,
            issueId: p.issue_id ?? null,
            article,
            articleName: p.article_name,
            orderId: order.id,
            tag: kind,
            source: 'web',
            emailFrom: contact.email,
            payload: { ...p, contact },
            items,
            imageIds: p.uploaded_image_ids,
            // Placeholder addresses are for the ticket system only: no mail goes to them.
            confirmTo: contact.email === PLACEHOLDER_CONTACT.email ? null : contact.email,
            mailSubject: `Order ${order.id}`,
          });
          // Marketplace orders get a longer message without a heading (spec §8).
          return answer.request_status === 'CREATED' ? { ...answer, message: MARKETPLACE_MESSAGE(order.id) } : answer;
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
        // Food orders are the rider's delivery trips.
        const trip =
          (await findOwnBooking(db, user.id, { id: request.params.orderID })) ??
          (await findOwnBooking(db, user.id, { crn: request.params.orderID }));
        if (trip?.service_type !== 'food_delivery') throw new AppError('NOT_FOUND', 'Order not found.');
        const p = request.body;
        const article = p.issue_id ? await findArticle(db, p.issue_id) : undefined;
        checkForm(
          { email: user.email, description: p.query },
          articleFormRules(formArticle(article), { rideId: trip.crn }),
        );
        return submit(request, reply, user, {
          kind: 'food',
          subject: p.article_name ?? article?.title ?? `Delivery ${trip.crn}`,
          query: p.query,
          issueId: p.issue_id ?? null,
          article,
          articleName: p.article_name,
          bookingId: trip.id,
          tag: 'food_delivery',
          source: 'app',
          emailFrom: user.email,
          payload: p,
          confirmTo: null,
        });
      },
    );

    app.post(
      ticketPaths.unrecognisedTransaction,
      {
        config: { access: 'visitor', rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags,
          body: unrecognisedTransactionPayloadSchema,
          response: { 200: z.union([ticketResponseSchema, invalidTokenResponseSchema]), ...errorResponses },
        },
      },
      (request, reply) => unrecognisedTransaction(deps, request, reply, request.body),
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
