import { apiPaths, healthResponseSchema } from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps.ts';

export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.health,
      {
        config: { access: 'visitor' },
        schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } },
      },
      async (request, reply) => {
        let ok = true;
        try {
          await sql`select 1`.execute(deps.db);
        } catch (err) {
          ok = false;
          request.log.error({ err }, 'health check: database unreachable');
        }
        reply.code(ok ? 200 : 503).header('cache-control', 'no-store');
        return {
          status: ok ? ('ok' as const) : ('degraded' as const),
          database: deps.dialect,
          database_ok: ok,
          uptime_seconds: Math.round(process.uptime()),
        };
      },
    );
  };
}
