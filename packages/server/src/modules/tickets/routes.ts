import {
  articleFormRules,
  csatPayloadSchema,
  FORM_TOKEN_TTL_SECONDS,
  formTokenResponseSchema,
  IDEMPOTENCY_HEADER,
  type IssueFormErrors,
  invalidTokenResponseSchema,
  isResolved,
  issuePayloadSchema,
  isValidEmail,
  messages,
  monitoringEventSchema,
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
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import { findArticle } from '../kb/repo.ts';
import { findOwnOrder } from '../orders/repo.ts';
import { claimDocuments } from '../uploads/service.ts';
import { issueFormToken } from './form-token.ts';
import { requestFormToken, saveGuestTicket } from './guest-tickets.ts';
import { admitTicketCreation } from './limits.ts';
import { findUserTicket } from './repo.ts';
import {
  createTicket,
  formArticle,
  isUniqueViolation,
  type NewTicket,
  PLACEHOLDER_CONTACT,
  requireVerifiedEmail,
  ticketPage,
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
const FORM_EXPIRED = 'This form has expired. Please reload the page and fill it in again.';
const MARKETPLACE_MESSAGE = (orderId: string) =>
  `Thank you! We have received your request about order ${orderId}. Our team will look into it and write to you within 24 hours. Thanks for reaching out to us.`;

function rejectForm(errs: IssueFormErrors) {
  const fields = Object.fromEntries(Object.entries(errs).filter(([, v]) => v)) as Record<string, string>;
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, fields);
}

export function ticketsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, mailer } = deps;

  /** Uploaded images join the ticket in its transaction; someone else's or a used one fails it. */
  const withImages = (userId: string, ids: string[] | undefined): Pick<NewTicket, 'attach'> =>
    ids && ids.length > 0 ? { attach: (trx, ticketRowId) => claimDocuments(trx, userId, ids, ticketRowId) } : {};

  /** The confirmation mail of a new ticket (not of a replayed submit). */
  const confirmTo = (userId: string, email: string | null, subject: string): Pick<NewTicket, 'onCreated'> =>
    email
      ? {
          onCreated: (ticketId) =>
            mailer.send({
              to: email,
              subject: `We have received your request (ticket ${ticketId})`,
              text: `${messages.ticketSuccess}\n\nTicket: ${ticketId}\nSubject: ${subject}\n\nYou can follow it under My tickets in the help centre.`,
              kind: 'ticket_confirmation',
              userId,
            }),
        }
      : {};

  /** The signed-in author of a ticket; an unverified e-mail is sent to verify first (spec §8). */
  function author(request: FastifyRequest) {
    const user = requireUser(request);
    requireVerifiedEmail(user);
    return user;
  }

  /** Every ticket a signed-in user creates counts against the per-user and per-address limits (limits.ts). */
  const limited = (request: FastifyRequest, reply: FastifyReply): Pick<NewTicket, 'admit'> => ({
    admit: () => admitTicketCreation(deps, request, reply, { perUser: true }),
  });

  const idempotencyKey = (request: FastifyRequest) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    return typeof key === 'string' && /^[\w-]{8,100}$/.test(key) ? key : null;
  };

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
        rejectForm(
          validateIssueForm(
            { email, description: p.query, imageIds: p.uploaded_image_ids ?? [], items: p.item_details ?? [] },
            articleFormRules(formArticle(article), { rideId: booking?.crn }),
          ),
        );
        const ticket: NewTicket = {
          userId: user.id,
          kind: p.uploaded_image_ids || p.item_details ? 'ticket_v2' : 'ticket',
          subject: p.article_name ?? article?.title ?? 'Write to us',
          query: p.query,
          issueId: p.issue_id ?? null,
          articleId: article?.id ?? null,
          articleName: p.article_name ?? article?.title ?? null,
          bookingId: booking?.id ?? null,
          orderId: null,
          tag: p.article_type ?? null,
          source: 'web',
          sourcePage: request.query.source_page ?? null,
          emailFrom: email,
          idempotencyKey: idempotencyKey(request),
          payload: p,
          items: p.item_details ?? [],
          ...withImages(user.id, p.uploaded_image_ids),
          ...limited(request, reply),
        };
        return createTicket(db, { ...ticket, ...confirmTo(user.id, email, ticket.subject) }, request.log);
      },
    );

    app.post(
      ticketPaths.issueCreate,
      { config: signedIn, schema: { ...createSchema, body: issuePayloadSchema } },
      async (request, reply) => {
        const user = author(request);
        const p = request.body;
        const booking =
          p.booking_id || p.crn
            ? await findOwnBooking(db, user.id, p.booking_id ? { id: p.booking_id } : { crn: p.crn ?? '' })
            : undefined;
        if ((p.booking_id || p.crn) && !booking) throw new AppError('NOT_FOUND', messages.bookingNotFound);
        const article = p.article_id ? await findArticle(db, p.article_id) : undefined;
        const email = p.email ?? user.email;
        rejectForm(
          validateIssueForm(
            { email, description: p.query, imageIds: p.uploadedImages ?? [], items: p.item_details ?? [] },
            articleFormRules(formArticle(article), { rideId: booking?.crn }),
          ),
        );
        return createTicket(
          db,
          {
            userId: user.id,
            kind: 'issue',
            subject: p.article_name ?? article?.title ?? p.issueType ?? 'Issue',
            query: p.query,
            issueId: p.issue_id ?? p.article_id ?? null,
            articleId: article?.id ?? null,
            articleName: p.article_name ?? article?.title ?? null,
            bookingId: booking?.id ?? null,
            orderId: null,
            tag: p.tag ?? null,
            source: 'web',
            sourcePage: null,
            emailFrom: email,
            idempotencyKey: idempotencyKey(request),
            payload: p,
            items: p.item_details ?? [],
            ...withImages(user.id, p.uploadedImages),
            ...limited(request, reply),
            ...confirmTo(user.id, email, p.article_name ?? article?.title ?? 'Issue'),
          },
          request.log,
        );
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
          rejectForm(
            validateIssueForm(
              {
                email: contact.email,
                description: p.query,
                imageIds: p.uploaded_image_ids ?? [],
                items: p.item_details ?? [],
              },
              { ...articleFormRules(formArticle(article), { items: ordered }), hideEmail: true },
            ),
          );
          const answer = await createTicket(
            db,
            {
              userId: user.id,
              kind: 'marketplace',
              subject: p.article_name ?? article?.title ?? `Order ${order.id}`,
              query: p.query,
              issueId: p.issue_id ?? null,
              articleId: article?.id ?? null,
              articleName: p.article_name ?? article?.title ?? null,
              bookingId: null,
              orderId: order.id,
              tag: kind,
              source: 'web',
              sourcePage: null,
              emailFrom: contact.email,
              idempotencyKey: idempotencyKey(request),
              payload: { ...p, contact },
              items: p.item_details ?? [],
              ...withImages(user.id, p.uploaded_image_ids),
              ...limited(request, reply),
              // Placeholder addresses are for the ticket system only: no mail goes to them.
              ...confirmTo(
                user.id,
                contact.email === PLACEHOLDER_CONTACT.email ? null : contact.email,
                `Order ${order.id}`,
              ),
            },
            request.log,
          );
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
        rejectForm(
          validateIssueForm(
            { email: user.email, description: p.query },
            articleFormRules(formArticle(article), { rideId: trip.crn }),
          ),
        );
        return createTicket(
          db,
          {
            userId: user.id,
            kind: 'food',
            subject: p.article_name ?? article?.title ?? `Delivery ${trip.crn}`,
            query: p.query,
            issueId: p.issue_id ?? null,
            articleId: article?.id ?? null,
            articleName: p.article_name ?? article?.title ?? null,
            bookingId: trip.id,
            orderId: null,
            tag: 'food_delivery',
            source: 'app',
            sourcePage: null,
            emailFrom: user.email,
            idempotencyKey: idempotencyKey(request),
            payload: p,
            items: [],
            ...limited(request, reply),
          },
          request.log,
        );
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
      async (request, reply) => {
        const p = request.body;
        const invalidToken = {
          status: 'FAILURE' as const,
          reason: 'invalidToken' as const,
          message: FORM_EXPIRED,
        };
        const token = requestFormToken(deps, request, p.secret_key);
        if (!token) return invalidToken;
        const fields = p.custom_field_map;
        const email = String(fields.email ?? '');
        if (!isValidEmail(email)) throw new AppError('VALIDATION_FAILED', 'Please input a valid email address');
        const comments = String(fields.comments ?? '');
        // Card numbers never go into a ticket (guided-flows.md §5).
        if (/(?:\d[ -]?){16}/.test(comments)) {
          throw new AppError(
            'VALIDATION_FAILED',
            'We found a Card Information in your comment. Request you to Remove such personal information.',
          );
        }
        // The token is used up with the ticket, not before: a form refused above can be corrected and sent again.
        const { secret_key: _secret, ...kept } = p;
        const ticketId = await saveGuestTicket(deps, request, reply, token, {
          kind: 'unrecognised_transaction',
          email: email.trim(),
          subject: p.subject,
          payload: kept,
        });
        if (!ticketId) return invalidToken;
        request.log.info({ ticket: ticketId, kind: 'unrecognised_transaction' }, 'ticket call');
        return {
          status: 'SUCCESS' as const,
          request_status: 'CREATED' as const,
          ticket_id: ticketId,
          message: messages.ticketSuccess,
        };
      },
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
      async (request) => {
        const user = requireUser(request);
        const userId = user.id;
        const { tag, status, cursor } = request.query;
        // tag=driver is the partner app's list: only partners have driver tickets.
        const { rows, nextCursor } =
          tag === 'driver' && user?.role === 'customer'
            ? { rows: [], nextCursor: null }
            : await ticketPage(db, userId, { status, cursor });
        const tickets = rows.map((r) => ({
          ticket_id: r.ticket_id,
          status: r.status,
          subject: r.subject,
          created_at: r.created_at,
          updated_at: r.updated_at,
          booking_id: r.booking_id,
          order_id: r.order_id,
          article_name: r.article_name,
          rated: r.rating_id !== null,
        }));
        // One page (TICKETS_PAGE_SIZE, newest first) split into open and closed; next_cursor asks for the next.
        return {
          status: 'SUCCESS' as const,
          open: tickets.filter((t) => !isResolved(t.status)),
          closed: tickets.filter((t) => isResolved(t.status)),
          next_cursor: nextCursor,
        };
      },
    );

    app.post(
      ticketPaths.csat,
      {
        config: signedIn,
        schema: { tags, body: csatPayloadSchema, response: { 200: okResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const p = request.body;
        const ticket = await findUserTicket(db, userId, p.ref_id);
        if (!ticket) throw new AppError('NOT_FOUND', 'Ticket not found.');
        if (p.satisfaction_rating.score === 'bad' && !p.reason)
          throw new AppError('VALIDATION_FAILED', 'Please choose a reason.');
        try {
          await db
            .insertInto('csat_ratings')
            .values({
              id: newId('cs'),
              ticket_id: ticket.ticket_id,
              user_id: userId,
              score: p.satisfaction_rating.score,
              reason: p.reason ?? null,
              comment: p.satisfaction_rating.comment || null,
              email_from: p.email_from ?? null,
              created_at: new Date().toISOString(),
            })
            .execute();
        } catch (err) {
          // The unique ticket_id: one rating per ticket, also under a double click.
          if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'You have already rated this request. Thank you!');
          throw err;
        }
        return { status: 'SUCCESS' as const };
      },
    );

    app.post(
      ticketPaths.monitoring,
      {
        config: { access: 'visitor', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['telemetry'],
          body: monitoringEventSchema,
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { event_name, ...attributes } = request.body;
        await db
          .insertInto('monitoring_events')
          .values({
            id: newId('me'),
            event_name,
            attributes: JSON.stringify(attributes),
            created_at: new Date().toISOString(),
          })
          .execute();
        return { status: 'SUCCESS' as const };
      },
    );
  };
}
