import crypto from 'node:crypto';
import { ticketPaths } from '@selfserve/contract';
import type { FastifyInstance, FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';
import type { AppConfig } from '../config.ts';
import { maskCardNumbersIn, maskLogLine } from '../lib/personal-data.ts';

/** Fastify's logger options (pino's, which Fastify passes on). */
type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The header a request id travels in, both ways (a proxy's id is kept; ours is sent back). */
export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming id is kept only when it is short and plain: it goes into every log line of the request. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * The request's id: the caller's X-Request-Id when it is sane (a load balancer's or a client's, so one id follows
 * a request through every hop), else a new UUID.
 */
export function requestIdOf(req: RawRequestDefaultExpression): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
}

/**
 * pino's options (docs/operations.md "Logs"): one JSON line per event with the request id (`reqId`); secrets
 * redacted by path; and every line masked as it is written, so an e-mail address, a phone number or a card number
 * that reaches any field (a URL's query, an error's message, a module's own log) never reaches the log.
 */
export function loggerOptions(config: AppConfig, stream?: { write(line: string): void }): LoggerOptions {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'req.headers["x-telephony-secret"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    hooks: { streamWrite: maskLogLine },
  };
  return stream ? { ...options, stream } : options;
}

/** The Fastify options that make request ids: ours generates them (the header is read by requestIdOf). */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: requestIdOf,
} satisfies Partial<FastifyServerOptions>;

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
type Level = (typeof LEVELS)[number];

/** A route's log level no chattier than `floor` and never chattier than the configured level (LOG_LEVEL). */
export function quieterLevel(configured: Level, floor: 'warn' | 'error'): Level {
  return LEVELS.indexOf(configured) >= LEVELS.indexOf(floor) ? configured : floor;
}

/**
 * Sends the request id back (support can ask a user for it) and masks card numbers in every free-text string of
 * a parsed body before validation, so none is stored (docs/operations.md "Card numbers").
 */
export function registerRequestLogging(app: FastifyInstance): void {
  // Synchronous hooks (done, not async): no promise per request for work that never waits (docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (!REFUSES_CARD_NUMBERS.has(request.routeOptions.url ?? '') && request.body && typeof request.body === 'object') {
      maskCardNumbersIn(request.body);
    }
    done();
  });
}

/**
 * The visitor ticket forms refuse a card number in their comment with the spec's own message (cardInComment,
 * guided-flows §5, contract flows/visitor-tickets.ts): masking it first would turn that refusal into an acceptance.
 * Refused, it is not stored either.
 */
const REFUSES_CARD_NUMBERS = new Set<string>([ticketPaths.unrecognisedTransaction, ticketPaths.visitorTicket]);
