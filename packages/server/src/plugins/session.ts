import { CSRF_HEADER, SESSION_COOKIE, SESSION_TTL_SECONDS, VISITOR_COOKIE } from '@selfserve/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { hmac, randomToken, safeEqual, sha256 } from '../lib/crypto.ts';
import type { SessionRecord, SessionStore } from './session-store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRecord | null;
    /** The value CSRF tokens are bound to: the session cookie when signed in, else the visitor cookie. */
    csrfBinding: string | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Requests that may change state without our CSRF header, each with the reason it is safe:
 * the app exchanges a signed token it holds itself — no cookie is trusted, so a forged
 * cross-site request gains nothing.
 */
const CSRF_EXEMPT = new Set([
  '/api/auth/app_session',
  // An HTML form post cannot send our header: the route checks the token in its _csrf field instead.
  '/self_serve/do_kyc',
  // Telephony provider callbacks: no cookies; each checks the provider's shared secret.
  '/api/left_belonging/call_success_result',
  '/api/left_belonging/partner_submit_result',
  '/api/left_belonging/blocker_callback',
]);

export interface SessionTools {
  start(
    reply: FastifyReply,
    request: FastifyRequest,
    opts: { userId: string; inApp: boolean; entryMode: string },
  ): Promise<string>;
  end(reply: FastifyReply, request: FastifyRequest): Promise<string>;
  csrfTokenFor(binding: string): string;
  ensureVisitor(reply: FastifyReply, request: FastifyRequest): string;
}

export function registerSession(app: FastifyInstance, config: AppConfig, store: SessionStore): SessionTools {
  app.decorateRequest('session', null);
  app.decorateRequest('csrfBinding', null);

  const csrfTokenFor = (binding: string) => hmac(config.sessionSecret, `csrf:${binding}`);
  const cookieOptions = (request: FastifyRequest, maxAge: number) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure === 'true',
    maxAge,
  });

  app.addHook('onRequest', async (request) => {
    const raw = request.cookies[SESSION_COOKIE];
    if (raw) {
      request.session = await store.get(sha256(raw));
      if (request.session) request.csrfBinding = raw;
    }
    if (!request.csrfBinding) request.csrfBinding = request.cookies[VISITOR_COOKIE] ?? null;

    if (STATE_CHANGING.has(request.method) && !CSRF_EXEMPT.has(request.routeOptions.url ?? '')) {
      const sent = request.headers[CSRF_HEADER];
      const ok =
        typeof sent === 'string' && request.csrfBinding !== null && safeEqual(sent, csrfTokenFor(request.csrfBinding));
      if (!ok) throw new AppError('CSRF_MISSING');
    }
  });

  const ensureVisitor = (reply: FastifyReply, request: FastifyRequest) => {
    const existing = request.cookies[VISITOR_COOKIE];
    if (existing) return existing;
    const visitor = randomToken(24);
    reply.setCookie(VISITOR_COOKIE, visitor, cookieOptions(request, 365 * 24 * 3600));
    request.cookies[VISITOR_COOKIE] = visitor;
    return visitor;
  };

  return {
    csrfTokenFor,
    ensureVisitor,
    async start(reply, request, opts) {
      // A new session id at every sign-in, so a session id planted before sign-in is worthless.
      if (request.session) await store.destroy(request.session.id);
      const raw = randomToken();
      const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000).toISOString();
      const record: SessionRecord = {
        id: sha256(raw),
        userId: opts.userId,
        inApp: opts.inApp,
        entryMode: opts.entryMode,
        expiresAt,
      };
      await store.create(record);
      reply.setCookie(SESSION_COOKIE, raw, cookieOptions(request, SESSION_TTL_SECONDS));
      request.session = record;
      request.csrfBinding = raw;
      return csrfTokenFor(raw);
    },
    async end(reply, request) {
      if (request.session) await store.destroy(request.session.id);
      request.session = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      const visitor = ensureVisitor(reply, request);
      request.csrfBinding = visitor;
      return csrfTokenFor(visitor);
    },
  };
}

export function requireSession(request: FastifyRequest): SessionRecord {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}
