import {
  coded,
  couponPath,
  hasInvoice,
  rideCouponQuerySchema,
  rideCouponResponseSchema,
  subscriptionsPath,
  subscriptionsResponseSchema,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import { listSubscriptions } from '../users/repo.ts';
import { findCredit } from '../wallet/credits.ts';
import { COUPON_FLOW, findRideCoupon } from './coupon.ts';

const signedIn = { access: 'user' } as const;

/** What the flows' forms read before a submit: a ride's coupon, the member's subscriptions. Only the user's own. */
export function flowRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    // The coupon the ride was booked with: the article response's coupon_code / coupon_applied for the chosen ride.
    app.get(
      couponPath,
      {
        config: signedIn,
        schema: {
          tags: ['flows'],
          querystring: rideCouponQuerySchema,
          response: { 200: rideCouponResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const booking = await findOwnBooking(db, userId, { id: request.query.booking_id });
        if (!booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
        const coupon = await findRideCoupon(db, booking.id);
        const credit = await findCredit(db, booking.id, COUPON_FLOW);
        return {
          status: 'SUCCESS' as const,
          booking_id: booking.id,
          country: booking.country,
          coupon_code: coupon?.code ?? null,
          coupon_applied: coupon ? coupon.applied === 1 : null,
          coupon_discount: coupon?.discount ?? null,
          credited: credit?.amount ?? null,
        };
      },
    );

    app.get(
      subscriptionsPath,
      {
        config: signedIn,
        schema: { tags: ['flows'], response: { 200: subscriptionsResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const rows = await listSubscriptions(db, requireUser(request).id);
        return {
          status: 'SUCCESS' as const,
          subscriptions: rows.map((s) => {
            const trial = s.trial === 1;
            return {
              id: s.id,
              user_id: s.user_id,
              amount_paid: s.amount_paid,
              package_name: s.package_name,
              package_id: s.package_id,
              trial,
              status: s.status,
              activated_on: s.activated_on,
              expires_on: s.expires_on,
              has_invoice: hasInvoice({ trial, amount_paid: s.amount_paid }),
            };
          }),
        };
      },
    );
  };
}
