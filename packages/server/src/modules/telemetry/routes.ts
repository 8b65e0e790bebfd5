import { apiPaths, errorResponseSchema, okResponseSchema, trackEventSchema } from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { newId, sha256 } from '../../lib/crypto.ts';

export function telemetryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      apiPaths.addTrack,
      {
        config: { access: 'visitor', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['telemetry'],
          body: trackEventSchema,
          response: { 200: okResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => {
        const { event, page, properties } = request.body;
        await deps.db
          .insertInto('track_events')
          .values({
            id: newId('ev'),
            // A hash, never the cookie itself: the binding may be a live session token.
            visitor_id: request.csrfBinding ? sha256(request.csrfBinding).slice(0, 16) : 'unknown',
            user_id: request.session?.userId ?? null,
            event,
            page,
            properties: properties ? JSON.stringify(properties) : null,
            created_at: new Date().toISOString(),
          })
          .execute();
        return { status: 'SUCCESS' as const };
      },
    );
  };
}
