import {
  billQuerySchema,
  billResponseSchema,
  bookingPaths,
  type CodedMessage,
  coded,
  confirmInvoiceEmailSchema,
  IDEMPOTENCY_HEADER,
  isValidEmail,
  oneTouchPaths,
  oneTouchResponseSchema,
  oneTouchSubmitSchema,
  otherReasonProblem,
  sendInvoiceSchema,
  submitWithoutLoginSchema,
  TOLL_DETAILS_PATH,
  tollDetailsQuerySchema,
  tollDetailsResponseSchema,
  updateEmailSchema,
} from '@selfserve/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import { requireCaptcha } from '../captcha/service.ts';
import { tollDetails } from '../flows/toll-parking.ts';
import { findArticle } from '../kb/repo.ts';
import { requestFormToken, saveGuestTicket } from '../tickets/guest-tickets.ts';
import { requireOwnDocuments } from '../uploads/service.ts';
import { findDispute, readBill } from './bills.ts';
import { answer } from './handler-kit.ts';
import { handlerFor } from './handlers.ts';
import { invoiceAnswer } from './invoice-answer.ts';
import { confirmInvoiceAddress, requestInvoiceMail } from './invoice-mail.ts';

const schema = { tags: ['onetouch'], response: { 200: oneTouchResponseSchema, ...errorResponses } };
const signedIn = { access: 'user' } as const;

export function oneTouchRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, dialect, mailer } = deps;

  /** The article decides what may be asked for: its call_type must be the one submitted. */
  async function articleAsking(body: { article_id: string; call_type: string }) {
    const article = await findArticle(db, body.article_id);
    if (!article || JSON.parse(article.labels).call_type !== body.call_type) {
      throw new AppError('VALIDATION_FAILED', coded('requestNotForArticle'));
    }
    return article;
  }
  /** The site's origin for links in mail: PUBLIC_URL when set (a Host header could name any site), else this request's. */
  const linkBase = (request: FastifyRequest) => deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const idempotencyKey = (request: FastifyRequest) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    return typeof key === 'string' && /^[\w-]{8,100}$/.test(key) ? key : null;
  };

  return async (app) => {
    for (const path of [oneTouchPaths.submitV1, oneTouchPaths.submitV2, oneTouchPaths.submitV3]) {
      app.post(path, { config: signedIn, schema: { ...schema, body: oneTouchSubmitSchema } }, async (request) => {
        const user = requireUser(request);
        const body = request.body;
        const article = await articleAsking(body);
        // An option that means "something else" needs the user's own words (guided-flows.md §5: 20 to 1500).
        const otherProblem = otherReasonProblem(JSON.parse(article.options), body.option_selected, body.message);
        if (otherProblem) throw new AppError('VALIDATION_FAILED', coded(otherProblem));
        const ref = body.booking_id ?? body.crn;
        const booking = ref
          ? ((await findOwnBooking(db, user.id, { id: ref })) ??
            (await findOwnBooking(db, user.id, { crn: ref })) ??
            null)
          : null;
        if (ref && !booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
        await requireOwnDocuments(db, user.id, body.uploaded_image_ids);
        return handlerFor(body.call_type)({
          db,
          dialect,
          user,
          article,
          booking,
          body,
          mailer,
          idempotencyKey: idempotencyKey(request),
          log: request.log,
          linkBase: linkBase(request),
          config: deps.config,
        });
      });
    }

    // A visitor in a city we cannot place: a guest ticket for a person to pick up (docs/one-touch-rules.md).
    app.post(
      oneTouchPaths.submitWithoutLogin,
      {
        config: { access: 'visitor', rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: { ...schema, body: submitWithoutLoginSchema },
      },
      async (request, reply) => {
        const body = request.body;
        // The form token is this visitor's and used once: checked here, used up only with the ticket below, so a
        // form refused with 400 can be corrected and sent again (docs/tickets.md).
        const expired = () => answer('FAILURE', coded('sorryBang'), coded('formExpired'));
        const token = requestFormToken(deps, request, body.secret_key);
        if (!token) return expired();
        const article = await articleAsking(body);
        // After the form and the article, so a form to correct keeps its solved captcha (used once from here).
        await requireCaptcha(deps, body.captcha);
        const { secret_key: _secret, captcha: _captcha, ...kept } = body;
        const ticketId = await saveGuestTicket(deps, request, reply, token, {
          kind: `one_touch:${body.call_type}`,
          email: body.email,
          subject: `${article.title} (${body.city})`,
          payload: kept,
        });
        if (!ticketId) return expired();
        request.log.info({ ticket: ticketId, kind: 'submit_without_login' }, 'ticket call');
        return answer('SUCCESS', coded('requestReceived'), coded('ticketSuccess'), { ticket_request_id: ticketId });
      },
    );

    // The bill of one of the user's rides, for the billing dispute (docs/one-touch-rules.md).
    app.get(
      bookingPaths.bill,
      {
        config: signedIn,
        schema: {
          tags: ['onetouch'],
          querystring: billQuerySchema,
          response: { 200: billResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const booking = await findOwnBooking(db, userId, { id: request.query.booking_id });
        if (!booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
        const dispute = await findDispute(db, booking.id);
        return {
          status: 'SUCCESS' as const,
          booking_id: booking.id,
          crn: booking.crn,
          bill: readBill(booking),
          map_url: booking.map_img_url,
          dispute: dispute
            ? {
                outcome: dispute.outcome === 'adjusted' ? ('adjusted' as const) : ('review' as const),
                amount: dispute.amount,
                ticket_id: dispute.ticket_id,
                created_at: dispute.created_at,
              }
            : null,
        };
      },
    );

    // The toll break-up of one of the user's rides, for the toll and parking form (docs/flows/toll-parking.md).
    app.get(
      TOLL_DETAILS_PATH,
      {
        config: signedIn,
        schema: {
          tags: ['onetouch'],
          querystring: tollDetailsQuerySchema,
          response: { 200: tollDetailsResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const booking = await findOwnBooking(db, requireUser(request).id, { id: request.query.booking_id });
        if (!booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
        return tollDetails({ db }, booking);
      },
    );

    app.post(
      oneTouchPaths.sendInvoice,
      { config: signedIn, schema: { ...schema, body: sendInvoiceSchema } },
      async (request) => {
        const user = requireUser(request);
        const booking = await findOwnBooking(db, user.id, { id: request.body.booking_id });
        if (!booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
        const ctx = { db, dialect, mailer, user, linkBase: linkBase(request) };
        return invoiceAnswer(
          await requestInvoiceMail(ctx, request.body.email, { type: 'ride', booking_id: booking.id }),
        );
      },
    );

    // The one-time link of an invoice address (docs/one-touch-rules.md): whoever holds it may use it, once.
    app.post(
      oneTouchPaths.confirmInvoiceEmail,
      { config: { access: 'visitor' }, schema: { ...schema, body: confirmInvoiceEmailSchema } },
      async (request) => invoiceAnswer(await confirmInvoiceAddress({ db, mailer }, request.body.token)),
    );

    app.post(
      oneTouchPaths.updateEmail,
      { config: signedIn, schema: { ...schema, body: updateEmailSchema } },
      async (request) => {
        const user = requireUser(request);
        const { previous_email, updated_email } = request.body;
        const fail = (said: CodedMessage) => answer('FAILURE', coded('sorry'), said);
        // Spec §5: an empty previous_email fails under Sorry, asking the user to log in and submit again.
        if (!previous_email.trim()) return fail(coded('updateEmailLogInAgain'));
        if (previous_email.trim().toLowerCase() !== user.email) return fail(coded('updateEmailCurrentMismatch'));
        if (!isValidEmail(updated_email)) return fail(coded('enterValidEmail'));
        const next = updated_email.trim().toLowerCase();
        const taken = await db.selectFrom('users').select('id').where('email', '=', next).executeTakeFirst();
        if (taken && taken.id !== user.id) return fail(coded('updateEmailTaken'));
        // A new address must be verified again before tickets can be raised from it.
        await db.updateTable('users').set({ email: next, email_verified: 0 }).where('id', '=', user.id).execute();
        return answer('SUCCESS', coded('updateEmailDoneTitle'), coded('updateEmailDone', { email: next }));
      },
    );
  };
}
