import {
  CSRF_HEADER,
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

  /** Who is changing the configuration, as operatorOnly found them (audited with the change). */
  const operators = new WeakMap<FastifyRequest, { actorId: string; updatedBy: string }>();

  /**
   * The admin calls' guard, before the body is read or validated: a bearer token must match ADMIN_API_TOKEN (401;
   * no token configured means the token way does not exist, 404). Without a token, an admin's console session may
   * call them too (docs/agent.md "Settings"), with the CSRF header on a change as every cookie call.
   */
  async function operatorOnly(request: FastifyRequest, reply: FastifyReply) {
    const token = config.adminApiToken;
    const header = request.headers.authorization ?? '';
    if (!header && request.session) {
      const user = await findUserById(db, request.session.userId);
      if (user?.staff_role === 'admin') {
        if (request.method !== 'GET') {
          const sent = request.headers[CSRF_HEADER];
          const binding = request.csrfBinding;
          if (typeof sent !== 'string' || !binding || !safeEqual(sent, deps.sessions.csrfTokenFor(binding))) {
            throw new AppError('CSRF_MISSING');
          }
        }
        operators.set(request, { actorId: user.id, updatedBy: user.email });
        return;
      }
      if (user?.staff_role === 'agent' || !token) throw new AppError(token ? 'FORBIDDEN' : 'NOT_FOUND');
    }
    if (!token) throw new AppError('NOT_FOUND');
    const sent = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!sent || !safeEqual(sent, token)) {
      reply.header('www-authenticate', 'Bearer realm="selfserve-admin"');
      throw new AppError('UNAUTHORIZED');
    }
    operators.set(request, { actorId: 'operator', updatedBy: 'admin' });
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
        const who = operators.get(request);
        // An admin's session names the admin; the token's caller says who they are in updated_by.
        const update = who && who.actorId !== 'operator' ? { ...parsed.data, updated_by: who.updatedBy } : parsed.data;
        const answer = await updateChatConfig(db, update, new Date(), who?.actorId ?? 'operator');
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
