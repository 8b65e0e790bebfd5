import underPressure from '@fastify/under-pressure';
import { coded, type ErrorResponse, operationsPaths } from '@selfserve/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { METRICS_PATH } from './metrics.ts';

/**
 * Still answered under overload: liveness (a busy instance is not a dead one), the metrics that show why, and
 * readiness, which reports the overload as one of its checks (503 with the reason).
 */
function exempt(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url === operationsPaths.health || url === operationsPaths.ready || url === METRICS_PATH;
}

/**
 * Overload answers at once with 503 and Retry-After instead of queueing until clients time out
 * (docs/operations.md "Overload"). Measured every `sampleIntervalMs`: event-loop delay, event-loop utilisation,
 * heap and RSS against the PRESSURE_* limits; a limit of 0 is not checked.
 */
export async function registerPressure(app: FastifyInstance, pressure: AppConfig['pressure']): Promise<void> {
  await app.register(underPressure, {
    sampleInterval: pressure.sampleIntervalMs,
    maxEventLoopDelay: pressure.maxEventLoopDelayMs,
    maxEventLoopUtilization: pressure.maxEventLoopUtilization,
    maxHeapUsedBytes: pressure.maxHeapUsedBytes,
    maxRssBytes: pressure.maxRssBytes,
    retryAfter: pressure.retryAfterSeconds,
    // Returning nothing lets the request through; returning a body answers it with the app's one error shape.
    pressureHandler: (request, reply, type, value) => {
      if (exempt(request)) return;
      request.log.warn({ pressure: type, value }, 'overloaded: answered 503');
      reply.code(503).header('retry-after', String(pressure.retryAfterSeconds)).type('application/json');
      const body: ErrorResponse = { status: 'ERROR', error: coded('UNAVAILABLE') };
      return body as never;
    },
  });
}
