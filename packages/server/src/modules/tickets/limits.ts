import { normalizeIP } from '@fastify/rate-limit';
import { coded, TICKET_CREATE_WINDOW_MS } from '@selfserve/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
interface CreationLimiters {
  perUser: Limiter;
  perIp: Limiter;
}

/**
 * One pair of counters per app, shared by every ticket-creating route (the tickets routes, the guest one-touch
 * submit): limits are on ticket creation, not per path. They live in @fastify/rate-limit's store, which is Redis
 * when REDIS_URL is set, so instances add up. A route's own `config.rateLimit` would not do: each route would get
 * counters of its own, and only one rate-limit hook runs per request.
 */
const limitersOf = new WeakMap<AppDeps, CreationLimiters>();

function limiters(deps: AppDeps, app: FastifyInstance): CreationLimiters {
  let found = limitersOf.get(deps);
  if (!found) {
    const window = { timeWindow: TICKET_CREATE_WINDOW_MS };
    found = {
      perUser: app.createRateLimit({
        ...window,
        max: deps.config.ticketRateLimit.perUser,
        keyGenerator: (request) => `ticket-create:user:${request.session?.userId ?? '-'}`,
      }),
      perIp: app.createRateLimit({
        ...window,
        max: deps.config.ticketRateLimit.perIp,
        // An IPv6 client can use a whole /64: counted as one address, as the plugin does.
        keyGenerator: (request) => `ticket-create:ip:${normalizeIP(request.ip)}`,
      }),
    };
    limitersOf.set(deps, found);
  }
  return found;
}

/**
 * Counts one new ticket against the creation limits — per signed-in user (when `perUser`) and per client address —
 * and refuses it with 429 (the one error shape, retry-after set) when either is used up. Called inside the ticket's
 * transaction once its row is in, so a throw rolls the ticket back and only tickets actually created count: a retry
 * with the same idempotency key answers from the first ticket and never comes here (docs/tickets.md).
 */
export async function admitTicketCreation(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { perUser: boolean },
): Promise<void> {
  const { perUser, perIp } = limiters(deps, request.server);
  for (const limiter of opts.perUser ? [perUser, perIp] : [perIp]) {
    const state = await limiter(request);
    if (!state.isAllowed && state.isExceeded) {
      reply.header('retry-after', state.ttlInSeconds);
      throw new AppError('TOO_MANY_REQUESTS', coded('TOO_MANY_REQUESTS'));
    }
  }
}
