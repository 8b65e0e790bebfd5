import {
  apiPaths,
  errorResponseSchema,
  monitoringEventSchema,
  okResponseSchema,
  ticketPaths,
  trackEventSchema,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { newId, sha256 } from '../../lib/crypto.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { insertMonitoringEvent, insertTrackEvent } from './repo.ts';

/** Page views (add_track) and the spec's monitoring submit: anyone may send them, a limited number a minute. */
export function telemetryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const perMinute = (max: number) => ({ access: 'visitor' as const, rateLimit: { max, timeWindow: '1 minute' } });
  return async (app) => {
    app.post(
      apiPaths.addTrack,
      {
        config: perMinute(120),
        schema: {
          tags: ['telemetry'],
          body: trackEventSchema,
          response: { 200: okResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => {
        const { event, page, properties, entry_mode, language } = request.body;
        await insertTrackEvent(deps.db, {
          id: newId('ev'),
          // A hash, never the cookie itself: the binding may be a live session token.
          visitor_id: request.csrfBinding ? sha256(request.csrfBinding).slice(0, 16) : 'unknown',
          user_id: request.session?.userId ?? null,
          event,
          page,
          properties: properties ? JSON.stringify(properties) : null,
          // A signed-in session's own mode wins over what the page says (a page cannot claim another mode).
          entry_mode: request.session?.entryMode ?? entry_mode ?? null,
          language: language ?? null,
          created_at: new Date().toISOString(),
        });
        return { status: 'SUCCESS' as const };
      },
    );

    app.post(
      ticketPaths.monitoring,
      {
        config: perMinute(120),
        schema: {
          tags: ['telemetry'],
          body: monitoringEventSchema,
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { event_name, ...attributes } = request.body;
        await insertMonitoringEvent(deps.db, {
          id: newId('me'),
          event_name,
          attributes: JSON.stringify(attributes),
          created_at: new Date().toISOString(),
        });
        return { status: 'SUCCESS' as const };
      },
    );
  };
}
