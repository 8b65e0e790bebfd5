import {
  appLinkQuerySchema,
  appLinkResponseSchema,
  CALLBACK_REPEAT_WINDOW_MINUTES,
  CALLS_PER_USER_PER_HOUR,
  CSRF_HEADER,
  callbackQuerySchema,
  callbackResponseSchema,
  callPaths,
  clickToCallRequestSchema,
  clickToCallResponseSchema,
  coded,
  formatMessage,
  maskedCallQuerySchema,
  maskedCallResponseSchema,
  partnerLabCallQuerySchema,
  resolveFlow,
  sdCallUsLine,
  sdCallUsQuerySchema,
  sdCallUsResponseSchema,
} from '@selfserve/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import { findArticle } from '../kb/repo.ts';
import { currentSwitches } from '../settings/service.ts';
import { findUserById } from '../users/repo.ts';
import { type CallKind, closeRequest, findStanding, type NewCallRequest, openRequest } from './repo.ts';
import {
  bridgeCall,
  callbackPlaced,
  callbackRefusal,
  clickToCallAnswer,
  maskedCallRefusal,
  subjectOf,
} from './service.ts';

const tags = ['calls'];
const MINUTE = 60_000;
/** A second press within this answers the call already ringing (a double tap, a retried request). */
const RING_REPEAT_WINDOW_MS = 2 * MINUTE;
/** The app link is texted at most once in this window per user (no SMS bombing of one's own phone either). */
const APP_LINK_REPEAT_WINDOW_MS = 10 * MINUTE;

/**
 * Click-to-call, call-backs, the masked calls, the self-drive line and the app link (core.md §7; docs/telephony.md).
 * Every call that rings or texts someone is for the signed-in user's own number, about their own booking, limited per
 * user and recorded in `call_requests` (a retry answers the request that stands instead of ringing again). The spec
 * makes most of them GETs; a GET that rings a phone must not be something another site can trigger with a link, so
 * they also want the CSRF header the POSTs want (checked before the input, like the access hook's).
 */
export function callRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, telephony: phone } = deps;
  const signedIn = { access: 'user' } as const;

  const limiters = new Map<CallKind, ReturnType<FastifyInstance['createRateLimit']>>();
  async function admit(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, kind: CallKind) {
    let limiter = limiters.get(kind);
    if (!limiter) {
      limiter = app.createRateLimit({
        max: CALLS_PER_USER_PER_HOUR,
        timeWindow: 60 * MINUTE,
        keyGenerator: (r) => `calls:${kind}:user:${r.user?.id ?? '-'}`,
      });
      limiters.set(kind, limiter);
    }
    const state = await limiter(request);
    if (!state.isAllowed && state.isExceeded) {
      reply.header('retry-after', state.ttlInSeconds);
      throw new AppError('TOO_MANY_REQUESTS');
    }
  }

  /**
   * The CSRF check for the GETs that ring or text (the access hook checks only state-changing methods): after the
   * access hook and the input guard, before the input is validated.
   */
  async function csrfOnGet(request: FastifyRequest) {
    const sent = request.headers[CSRF_HEADER];
    const binding = request.csrfBinding;
    if (typeof sent !== 'string' || binding === null || !safeEqual(sent, deps.sessions.csrfTokenFor(binding))) {
      throw new AppError('CSRF_MISSING');
    }
  }

  /** The booking and article a support call is about: each must be the user's own / exist (404 otherwise). */
  async function subjectFor(user: UserRow, q: { booking_id?: string | undefined; article_id?: string | undefined }) {
    const booking = q.booking_id ? await findOwnBooking(db, user.id, { id: q.booking_id }) : null;
    if (q.booking_id && !booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
    if (q.article_id && !(await findArticle(db, q.article_id))) {
      throw new AppError('NOT_FOUND', coded('articleNotFound'));
    }
    return { booking: booking ?? null, articleId: q.article_id ?? null };
  }

  /**
   * Opens a request that will reach someone's phone: a repeat within the window answers the standing one (nobody is
   * rung twice); a new one counts against the user's limit first.
   */
  async function open(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, r: NewCallRequest) {
    const standing = await findStanding(db, r);
    if (standing) return { row: standing, repeated: true };
    await admit(app, request, reply, r.kind);
    return openRequest(db, r);
  }

  return async (app) => {
    app.post(
      callPaths.clickToCall,
      {
        config: signedIn,
        schema: {
          tags,
          body: clickToCallRequestSchema,
          response: { 200: clickToCallResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { booking, articleId } = await subjectFor(user, request.body);
        // No provider, or call-us switched off everywhere (HIDE_CALL_US): nobody is rung.
        if (!phone || !(await currentSwitches(deps)).switches.call_us) {
          return { status: 'FAILURE' as const, ...coded('callsUnavailable'), request_id: null };
        }
        const { row, repeated } = await open(app, request, reply, {
          userId: user.id,
          kind: 'click_to_call',
          bookingId: booking?.id ?? null,
          articleId,
          subject: subjectOf(booking?.id ?? null, articleId),
          windowMs: RING_REPEAT_WINDOW_MS,
        });
        if (repeated) return { status: 'SUCCESS' as const, ...coded('clickToCallPlaced'), request_id: row.id };
        const outcome = await phone.clickToCall({
          requestId: row.id,
          userId: user.id,
          phone: user.mobile,
          country: booking?.country ?? user.country_code,
          crn: booking?.crn ?? null,
          articleId,
        });
        const answer = clickToCallAnswer(outcome);
        await closeRequest(db, row.id, {
          placed: answer.status === 'SUCCESS',
          outcome: answer.status,
          providerOutcome: outcome,
        });
        return { status: answer.status, ...answer.said, request_id: row.id };
      },
    );

    app.get(
      callPaths.callback,
      {
        config: signedIn,
        preValidation: csrfOnGet,
        schema: {
          tags,
          querystring: callbackQuerySchema,
          response: { 200: callbackResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { booking, articleId } = await subjectFor(user, request.query);
        const failure = (said = coded('callbackFailed')) => ({
          status: 'FAILURE' as const,
          ...said,
          request_id: null,
          repeated: false,
          requested_at: null,
        });
        if (!phone || !(await currentSwitches(deps)).switches.call_us) return failure(coded('callsUnavailable'));
        const { row, repeated } = await open(app, request, reply, {
          userId: user.id,
          kind: 'callback',
          bookingId: booking?.id ?? null,
          articleId,
          subject: subjectOf(booking?.id ?? null, articleId),
          windowMs: CALLBACK_REPEAT_WINDOW_MINUTES * MINUTE,
        });
        const placed = (said = callbackPlaced()) => ({
          status: 'SUCCESS' as const,
          ...said,
          request_id: row.id,
          repeated,
          requested_at: row.created_at,
        });
        if (repeated) return placed(coded('callbackAlreadyRequested'));
        const outcome = await phone.requestCallback({
          requestId: row.id,
          userId: user.id,
          phone: user.mobile,
          country: booking?.country ?? user.country_code,
          crn: booking?.crn ?? null,
          articleId,
        });
        await closeRequest(db, row.id, {
          placed: outcome.ok,
          outcome: outcome.ok ? 'SUCCESS' : 'FAILURE',
          providerOutcome: outcome.ok ? 'queued' : (outcome.reason ?? 'refused'),
        });
        return outcome.ok ? placed() : failure(callbackRefusal(outcome));
      },
    );

    app.get(
      callPaths.maskedCall,
      {
        config: signedIn,
        preValidation: csrfOnGet,
        schema: {
          tags,
          querystring: maskedCallQuerySchema,
          response: { 200: maskedCallResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const booking = await findOwnBooking(db, user.id, { id: request.query.booking_id });
        // Only a rider's own booking: a partner's trip is not a ride they can call "their driver" about.
        if (booking?.audience !== 'customer') throw new AppError('NOT_FOUND', coded('bookingNotFound'));
        // Made from an article tagged call_driver_expiry_time:{x}: calls are allowed until x minutes after the ride.
        const from = request.query.article_id ? await findArticle(db, request.query.article_id) : null;
        if (request.query.article_id && !from) throw new AppError('NOT_FOUND', coded('articleNotFound'));
        const expiry = from
          ? resolveFlow({ labels: JSON.parse(from.labels), label_names: JSON.parse(from.label_names) })
              .callDriverExpiryMinutes
          : null;
        const refusal = maskedCallRefusal(booking, expiry);
        if (refusal) throw new AppError('VALIDATION_FAILED', refusal);
        if (!phone) return { status: 'FAILURE' as const, ...coded('callsUnavailable'), request_id: null };
        const { row, repeated } = await open(app, request, reply, {
          userId: user.id,
          kind: 'masked_call',
          bookingId: booking.id,
          articleId: null,
          subject: subjectOf(booking.id, null),
          windowMs: RING_REPEAT_WINDOW_MS,
        });
        if (repeated) return { status: 'SUCCESS' as const, ...coded('driverCallStarted'), request_id: row.id };
        return bridgeCall(
          db,
          phone,
          {
            requestId: row.id,
            kind: 'rider_driver',
            crn: booking.crn,
            callerPhone: user.mobile,
            calleePhone: booking.driver_phone ?? '',
          },
          { started: 'driverCallStarted', failed: 'driverCallFailed' },
        );
      },
    );

    app.get(
      callPaths.partnerLabCall,
      {
        config: signedIn,
        preValidation: csrfOnGet,
        schema: {
          tags,
          querystring: partnerLabCallQuerySchema,
          response: { 200: maskedCallResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const driver = requireUser(request);
        const { crn } = request.query;
        // The customer's ride with that CRN, driven by the signed-in partner: the ride's driver number is theirs
        // (the one link between a customer's booking and its partner; docs/telephony.md). Anyone else: not found.
        const lab = await db
          .selectFrom('lab_requests')
          .innerJoin('bookings', 'bookings.id', 'lab_requests.booking_id')
          .innerJoin('users', 'users.id', 'lab_requests.user_id')
          .select([
            'lab_requests.id',
            'lab_requests.state',
            'bookings.id as booking_id',
            'bookings.driver_phone',
            'users.mobile as customer_phone',
          ])
          .where('bookings.crn', '=', crn)
          .where('bookings.audience', '=', 'customer')
          .executeTakeFirst();
        const digits = (s: string | null) => (s ?? '').replace(/\D/g, '');
        const drove =
          lab !== undefined && driver.role !== 'customer' && digits(lab.driver_phone) === digits(driver.mobile);
        if (!lab || !drove) throw new AppError('NOT_FOUND', coded('labNoRequest'));
        // The driver calls once they have said they found it (the pick-up is then arranged between them).
        if (lab.state !== 'driver_found' && lab.state !== 'resolved') {
          throw new AppError('VALIDATION_FAILED', coded('partnerCallNotYet'));
        }
        if (!phone) return { status: 'FAILURE' as const, ...coded('callsUnavailable'), request_id: null };
        const { row, repeated } = await open(app, request, reply, {
          userId: driver.id,
          kind: 'partner_lab_call',
          bookingId: lab.booking_id,
          articleId: null,
          subject: `lab:${lab.id}`,
          windowMs: RING_REPEAT_WINDOW_MS,
        });
        if (repeated) return { status: 'SUCCESS' as const, ...coded('partnerCallStarted'), request_id: row.id };
        return bridgeCall(
          db,
          phone,
          { requestId: row.id, kind: 'partner_lab', crn, callerPhone: driver.mobile, calleePhone: lab.customer_phone },
          { started: 'partnerCallStarted', failed: 'partnerCallFailed' },
        );
      },
    );

    // The self-drive support line: public information, so visitors may read it too.
    app.get(
      callPaths.sdCallUs,
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          querystring: sdCallUsQuerySchema,
          response: { 200: sdCallUsResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const viewer = request.session ? await findUserById(db, request.session.userId) : undefined;
        const country = request.query.country ?? viewer?.country_code;
        const city = request.query.city ?? (request.query.country ? undefined : (viewer?.city ?? undefined));
        return { status: 'SUCCESS' as const, ...sdCallUsLine(country, city) };
      },
    );

    app.get(
      callPaths.sendAppLink,
      {
        config: signedIn,
        preValidation: csrfOnGet,
        schema: { tags, querystring: appLinkQuerySchema, response: { 200: appLinkResponseSchema, ...errorResponses } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { android, ios, generic } = deps.config.appDownload;
        const platform = request.query.platform;
        const link =
          (platform === 'ios' ? ios : platform === 'android' ? android : undefined) ?? generic ?? android ?? ios;
        const failed = { status: 'FAILURE' as const, ...coded('appLinkFailed') };
        // No link configured, or nobody to send it: the spec's 'Error in Sending App Link'.
        if (!link || !phone) return failed;
        const { row, repeated } = await open(app, request, reply, {
          userId: user.id,
          kind: 'app_link',
          bookingId: null,
          articleId: null,
          subject: subjectOf(null, null),
          windowMs: APP_LINK_REPEAT_WINDOW_MS,
        });
        if (repeated) return { status: 'SUCCESS' as const, ...coded('appLinkSent') };
        // Texts are in English for now, like mail (docs/messages.md "What stays English").
        const outcome = await phone.sendSms({
          requestId: row.id,
          to: user.mobile,
          text: formatMessage('appLinkSms', { link }),
        });
        const sent = outcome === 'sent';
        await closeRequest(db, row.id, {
          placed: sent,
          outcome: sent ? 'SUCCESS' : 'FAILURE',
          providerOutcome: outcome,
        });
        return sent ? { status: 'SUCCESS' as const, ...coded('appLinkSent') } : failed;
      },
    );
  };
}
