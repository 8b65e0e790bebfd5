import {
  type CodedMessage,
  coded,
  DRIVER_DETAILS_WINDOW_HOURS,
  driverCallPaths,
  driverCallRequestSchema,
  driverCallResponseSchema,
  driverCallResultSchema,
  driverCallStatusQuerySchema,
  driverDetailsOpen,
  okResponseSchema,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import type { DriverCallsTable } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findOwnBooking } from '../bookings/repo.ts';

const tags = ['driver-details'];
const call = { tags, response: { 200: driverCallResponseSchema, ...errorResponses } };

const SAID: Record<string, CodedMessage> = {
  calling: coded('driverCallStarted'),
  connected: coded('driverCallConnected'),
  failed: coded('driverCallFailed'),
};
const answer = (row: Selectable<DriverCallsTable>) => ({
  status: 'SUCCESS' as const,
  call_id: row.id,
  state: row.state as 'calling' | 'connected' | 'failed',
  message: (SAID[row.state] ?? SAID.calling)?.message ?? '',
  code: (SAID[row.state] ?? SAID.calling)?.code ?? 'driverCallStarted',
});

/**
 * The driver details' call button (docs/flows/driver-details.md): a masked call through the telephony provider
 * (the left-a-belonging one; its simulator in demo mode), so neither side sees the other's number. Only for the
 * user's own ride while its driver details are shown; a press while a call is on answers that call.
 */
export function driverCallRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, telephony: phone } = deps;
  return async (app) => {
    app.post(
      driverCallPaths.callDriver,
      { config: { access: 'user' }, schema: { ...call, body: driverCallRequestSchema } },
      async (request) => {
        const user = requireUser(request);
        const booking = await findOwnBooking(db, user.id, { id: request.body.booking_id });
        if (!booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
        if (!booking.driver_name) throw new AppError('VALIDATION_FAILED', coded('driverDetailsNoDriver'));
        if (!driverDetailsOpen(booking)) {
          throw new AppError('VALIDATION_FAILED', coded('driverDetailsClosed', { hours: DRIVER_DETAILS_WINDOW_HOURS }));
        }
        const ongoing = await db
          .selectFrom('driver_calls')
          .selectAll()
          .where('booking_id', '=', booking.id)
          .where('user_id', '=', user.id)
          .where('state', '=', 'calling')
          .executeTakeFirst();
        if (ongoing) return answer(ongoing);
        if (!phone) throw new AppError('UNAVAILABLE', coded('labCallingUnavailable'));
        const now = new Date().toISOString();
        const row = {
          id: newId('dc'),
          booking_id: booking.id,
          user_id: user.id,
          state: 'calling',
          created_at: now,
          updated_at: now,
        };
        await db.insertInto('driver_calls').values(row).execute();
        phone.startMaskedCall({
          requestId: row.id,
          crn: booking.crn,
          customerPhone: user.mobile,
          driverPhone: booking.driver_phone,
          resultPath: driverCallPaths.callResult,
        });
        return answer(row);
      },
    );

    app.get(
      driverCallPaths.callStatus,
      { config: { access: 'user' }, schema: { ...call, querystring: driverCallStatusQuerySchema } },
      async (request) => {
        const row = await db
          .selectFrom('driver_calls')
          .selectAll()
          .where('id', '=', request.query.call_id)
          .where('user_id', '=', requireUser(request).id)
          .executeTakeFirst();
        if (!row) throw new AppError('NOT_FOUND', coded('driverCallMissing'));
        return answer(row);
      },
    );

    // The provider's report (CSRF-exempt: server to server, authenticated by the shared secret).
    app.post(
      driverCallPaths.callResult,
      {
        config: { access: 'provider' },
        schema: { tags, body: driverCallResultSchema, response: { 200: okResponseSchema, ...errorResponses } },
      },
      async (request) => {
        // Only a call still ringing moves, once: a repeated or late report changes nothing.
        const res = await db
          .updateTable('driver_calls')
          .set({ state: request.body.connected ? 'connected' : 'failed', updated_at: new Date().toISOString() })
          .where('id', '=', request.body.request_id)
          .where('state', '=', 'calling')
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) {
          const known = await db
            .selectFrom('driver_calls')
            .select('id')
            .where('id', '=', request.body.request_id)
            .executeTakeFirst();
          if (!known) throw new AppError('NOT_FOUND', coded('driverCallMissing'));
        }
        return { status: 'SUCCESS' as const };
      },
    );
  };
}
