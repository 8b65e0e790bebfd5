import {
  coded,
  labBlockerSchema,
  labBookingQuerySchema,
  labCallResultSchema,
  labCustomerConfirmSchema,
  labCustomerDecisionSchema,
  labFormEnableResponseSchema,
  labPartnerResultSchema,
  labPaths,
  labStatusResponseSchema,
  okResponseSchema,
} from '@selfserve/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import { createTicket, requireVerifiedEmail } from '../tickets/service.ts';
import { findByBooking, formEnableAnswer, formEnabled, move, statusOf } from './service.ts';

const tags = ['belongings'];
const status = { tags, response: { 200: labStatusResponseSchema, ...errorResponses } };
const ok = { tags, response: { 200: okResponseSchema, ...errorResponses } };
const signedIn = { access: 'user' } as const;
/** The telephony provider's callbacks: no cookie, no CSRF token — the shared secret (checked by the access hook). */
const fromProvider = { access: 'provider' } as const;

/**
 * Left-a-belonging (docs/left-belonging.md). `telephony` is the provider; in demo mode the simulator
 * stands in. Without either, calling the driver is unavailable (never a pretend call).
 */
export function belongingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, telephony: phone } = deps;

  async function ownBooking(request: FastifyRequest, bookingId: string) {
    const userId = requireUser(request).id;
    const booking = await findOwnBooking(db, userId, { id: bookingId });
    if (!booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
    return { userId, booking };
  }

  return async (app) => {
    app.get(
      labPaths.formEnableCheck,
      {
        config: signedIn,
        schema: {
          tags,
          querystring: labBookingQuerySchema,
          response: { 200: labFormEnableResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { userId, booking } = await ownBooking(request, request.query.booking_id);
        if (await findByBooking(db, userId, booking.id)) {
          return formEnableAnswer(false, coded('labAlreadyReported'));
        }
        const check = formEnabled(booking);
        return formEnableAnswer(check.enabled, check.refusal);
      },
    );

    app.post(
      labPaths.customerConfirm,
      { config: signedIn, schema: { ...status, body: labCustomerConfirmSchema } },
      async (request) => {
        const { booking_id, ...item } = request.body;
        const { userId, booking } = await ownBooking(request, booking_id);
        const existing = await findByBooking(db, userId, booking.id);
        // A repeated confirm (a retry, a second tab) answers the request that exists.
        if (existing) return statusOf(existing);
        const check = formEnabled(booking);
        if (check.refusal) throw new AppError('VALIDATION_FAILED', check.refusal);
        if (!phone) throw new AppError('UNAVAILABLE', coded('labCallingUnavailable'));
        const now = new Date().toISOString();
        const id = newId('lab');
        try {
          await db
            .insertInto('lab_requests')
            .values({
              id,
              booking_id: booking.id,
              user_id: userId,
              state: 'calling_driver',
              item: JSON.stringify(item),
              driver_note: null,
              ticket_id: null,
              created_at: now,
              updated_at: now,
            })
            .execute();
        } catch (err) {
          if (isUniqueViolation(err)) return statusOf(await findByBooking(db, userId, booking.id));
          throw err;
        }
        phone.startMaskedCall({
          requestId: id,
          crn: booking.crn,
          customerPhone: requireUser(request).mobile,
          driverPhone: booking.driver_phone,
        });
        return statusOf(await findByBooking(db, userId, booking.id));
      },
    );

    app.get(
      labPaths.checkAlreadyRaised,
      { config: signedIn, schema: { ...status, querystring: labBookingQuerySchema } },
      async (request) => {
        const { userId, booking } = await ownBooking(request, request.query.booking_id);
        return statusOf(await findByBooking(db, userId, booking.id));
      },
    );

    app.post(
      labPaths.driverCustomerConfirmation,
      { config: signedIn, schema: { ...status, body: labCustomerDecisionSchema } },
      async (request) => {
        const { userId, booking } = await ownBooking(request, request.body.booking_id);
        const lab = await findByBooking(db, userId, booking.id);
        if (!lab) throw new AppError('NOT_FOUND', coded('labNoRequest'));
        if (request.body.decision === 'confirm_pickup') {
          await move(db, lab.id, 'customer_confirmed');
        } else if (!lab.ticket_id) {
          if (lab.state === 'calling_driver' || lab.state === 'awaiting_driver') {
            throw new AppError('CONFLICT', coded('labStillCalling'));
          }
          requireVerifiedEmail(requireUser(request));
          const item = JSON.parse(lab.item) as { item_description: string; item_name?: string };
          const ticket = await createTicket(
            db,
            {
              userId,
              kind: 'lost_item',
              subject: `Lost item: ${item.item_name || item.item_description.slice(0, 60)}`,
              query: item.item_description,
              issueId: `lab:${lab.id}`,
              articleId: null,
              articleName: 'Left an item in the car',
              bookingId: booking.id,
              orderId: null,
              tag: 'lost_item',
              source: 'left_belonging',
              sourcePage: null,
              emailFrom: null,
              idempotencyKey: `lab-${lab.id}`,
              payload: { lab_request: lab.id, item, state: lab.state },
              items: [],
            },
            request.log,
          );
          await db
            .updateTable('lab_requests')
            .set({ ticket_id: ticket.ticket_id, updated_at: new Date().toISOString() })
            .where('id', '=', lab.id)
            .execute();
        }
        return statusOf(await findByBooking(db, userId, booking.id));
      },
    );

    // The provider's callbacks (CSRF-exempt: server to server, authenticated by the shared secret).
    app.post(
      labPaths.callSuccessResult,
      { config: fromProvider, schema: { ...ok, body: labCallResultSchema } },
      async (request) => {
        await move(db, request.body.request_id, request.body.connected ? 'call_connected' : 'call_failed');
        return { status: 'SUCCESS' as const };
      },
    );
    app.post(
      labPaths.partnerSubmitResult,
      { config: fromProvider, schema: { ...ok, body: labPartnerResultSchema } },
      async (request) => {
        await move(
          db,
          request.body.request_id,
          request.body.found ? 'found' : 'not_found',
          request.body.note || undefined,
        );
        return { status: 'SUCCESS' as const };
      },
    );
    app.post(
      labPaths.blockerCallback,
      { config: fromProvider, schema: { ...ok, body: labBlockerSchema } },
      async (request) => {
        await move(db, request.body.request_id, 'blocker', request.body.reason);
        return { status: 'SUCCESS' as const };
      },
    );
  };
}
