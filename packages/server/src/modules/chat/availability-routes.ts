import {
  chatAvailabilityPaths,
  chatAvailabilityQuerySchema,
  chatAvailabilityResponseSchema,
  chatConfigResponseSchema,
  chatConfigUpdateSchema,
  coded,
  siteCountry,
} from '@selfserve/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import { findUserById } from '../users/repo.ts';
import { chatAvailabilityFor, chatConfigAnswer, chatHandoffUrl, updateChatConfig } from './availability.ts';

const tags = ['chat'];

/**
 * Chat availability (docs/chat.md): GET /api/chat/v1/availability for the page that may show "Chat with us", and
 * the operators' GET/PUT /api/chat/v1/config, which change it without a deploy.
 */
export function chatAvailabilityRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;

  /**
   * The admin calls' guard, before the body is read or validated: no ADMIN_API_TOKEN configured means the calls do
   * not exist (404); otherwise the bearer token must match (401). No cookie is trusted, so no CSRF token either.
   */
  async function operatorOnly(request: FastifyRequest, reply: FastifyReply) {
    const token = config.adminApiToken;
    if (!token) throw new AppError('NOT_FOUND');
    const header = request.headers.authorization ?? '';
    const sent = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!sent || !safeEqual(sent, token)) {
      reply.header('www-authenticate', 'Bearer realm="selfserve-admin"');
      throw new AppError('UNAUTHORIZED');
    }
  }

  return async (app) => {
    app.get(
      chatAvailabilityPaths.availability,
      {
        // Anyone: a visitor is answered for the site's country; a signed-in user for their country and city, or
        // for one of their own bookings (booking_id) — someone else's booking is not found.
        config: { access: 'visitor' },
        schema: {
          tags,
          querystring: chatAvailabilityQuerySchema,
          response: { 200: chatAvailabilityResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const userId = request.session?.userId;
        const user = userId ? await findUserById(db, userId) : undefined;
        const { booking_id } = request.query;
        let ctx: { country: string; city: string | null; car_category: string | null };
        if (booking_id) {
          if (!user) throw new AppError('UNAUTHORIZED');
          const booking = await findOwnBooking(db, user.id, { id: booking_id });
          if (!booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
          ctx = { country: booking.country, city: booking.city, car_category: booking.cab_category };
        } else if (user) {
          ctx = { country: user.country_code, city: user.city, car_category: null };
        } else {
          ctx = { country: siteCountry(request.hostname, config.ukHostMarker), city: null, car_category: null };
        }
        // The answer changes with the clock and with the operators' edits: never kept by a cache.
        reply.header('cache-control', 'no-store');
        const answer = await chatAvailabilityFor(deps, ctx);
        return { status: 'SUCCESS' as const, ...answer, handoff_url: chatHandoffUrl(deps) };
      },
    );

    app.get(
      chatAvailabilityPaths.config,
      {
        config: { access: 'visitor' },
        onRequest: operatorOnly,
        schema: { tags, response: { 200: chatConfigResponseSchema, ...errorResponses } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return chatConfigAnswer(db);
      },
    );

    app.put(
      chatAvailabilityPaths.config,
      {
        // A bearer token, not a cookie, proves the caller: a forged cross-site request cannot carry it.
        config: { access: 'visitor', csrf: 'none' },
        onRequest: operatorOnly,
        schema: { tags, response: { 200: chatConfigResponseSchema, ...errorResponses } },
      },
      async (request, reply) => {
        // Validated here rather than by the route's schema so that the operator reads each field's own reason
        // ('time_zone must be an IANA time zone …') instead of the readers' generic 'Please check your input.'.
        const parsed = chatConfigUpdateSchema.safeParse(request.body);
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
          throw new AppError('VALIDATION_FAILED', undefined, fields);
        }
        const update = parsed.data;
        const answer = await updateChatConfig(db, update);
        request.log.info(
          { regions: Object.keys(update.regions), updated_by: update.updated_by },
          'chat availability configuration changed',
        );
        reply.header('cache-control', 'no-store');
        return answer;
      },
    );
  };
}
