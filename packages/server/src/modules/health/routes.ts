import {
  livenessResponseSchema,
  operationsPaths,
  type ReadinessResponse,
  readinessResponseSchema,
} from '@selfserve/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { isMigrating, pendingMigrations } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { quieterLevel } from '../../plugins/logging.ts';

/** A check that has not answered by then counts as failed: a probe must answer well inside its own timeout. */
const CHECK_TIMEOUT_MS = 2000;

type Check = ReadinessResponse['checks']['database'];

async function timed(run: () => Promise<string | undefined>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const failed = await Promise.race([
      run(),
      new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
      }),
    ]);
    const ms = Math.round(performance.now() - started);
    return failed === undefined ? { ok: true, ms } : { ok: false, ms, detail: failed };
  } catch (err) {
    // The error's class and message say what is wrong (refused, timed out, destroyed); addresses are masked in logs.
    return { ok: false, ms: Math.round(performance.now() - started), detail: (err as Error).message || 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness (docs/operations.md "Health and readiness"):
 * - `/api/health`: the process answers. No database, no Redis: a restart would not mend a database outage, so an
 *   orchestrator must not kill the instance for one. Exempt from the overload 503 for the same reason.
 * - `/api/ready`: may this instance take traffic? 503 while migrations run or are pending, when the database (or
 *   Redis, when configured) does not answer within 2 s, under overload (plugins/pressure.ts, with Retry-After) and
 *   while shutting down (Fastify answers 503 once close has begun).
 */
export function healthRoutes(deps: AppDeps, opts: { redis: Redis | null }): FastifyPluginAsyncZod {
  // Once every migration this code knows has run, it stays so: later probes skip the migration table.
  let migrationsDone = false;
  return async (app) => {
    app.get(
      operationsPaths.health,
      {
        // Probes come every few seconds: their lines would drown the log at info.
        logLevel: quieterLevel(deps.config.logLevel, 'warn'),
        config: { access: 'visitor' },
        schema: { tags: ['health'], response: { 200: livenessResponseSchema } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const, database: deps.dialect, uptime_seconds: Math.round(process.uptime()) };
      },
    );

    app.get(
      operationsPaths.ready,
      {
        logLevel: quieterLevel(deps.config.logLevel, 'warn'),
        config: { access: 'visitor' },
        schema: { tags: ['health'], response: { 200: readinessResponseSchema, 503: readinessResponseSchema } },
      },
      async (request, reply) => {
        const [migrations, database, redis] = await Promise.all([
          timed(async () => {
            if (isMigrating(deps.db)) return 'migrations are running';
            if (migrationsDone) return undefined;
            const pending = await pendingMigrations(deps.db, deps.config.databaseSchema);
            if (pending.length > 0) return `${pending.length} pending: ${pending.join(', ')}`;
            migrationsDone = true;
            return undefined;
          }),
          timed(async () => {
            await sql`select 1`.execute(deps.db);
            return undefined;
          }),
          opts.redis
            ? timed(async () => {
                const pong = await (opts.redis as Redis).ping();
                return pong === 'PONG' ? undefined : `unexpected answer ${pong}`;
              })
            : Promise.resolve(undefined),
        ]);
        const overloaded = app.isUnderPressure();
        const load: Check = overloaded ? { ok: false, ms: 0, detail: 'overloaded' } : { ok: true, ms: 0 };
        const checks = { migrations, database, ...(redis ? { redis } : {}), load };
        const ready = Object.values(checks).every((c) => c.ok);
        if (!ready) request.log.warn({ checks }, 'not ready');
        reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
        if (overloaded) reply.header('retry-after', String(deps.config.pressure.retryAfterSeconds));
        return { status: ready ? ('ready' as const) : ('not_ready' as const), database: deps.dialect, checks };
      },
    );
  };
}
