import { SESSION_COOKIE, SESSION_TTL_SECONDS, VISITOR_COOKIE } from '@selfserve/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { UserRow } from '../db/schema.ts';
import { hmac, randomToken, sha256 } from '../lib/crypto.ts';
import type { SessionRecord, SessionStore } from './session-store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRecord | null;
    /** The value CSRF tokens are bound to: the session cookie when signed in, else the visitor cookie. */
    csrfBinding: string | null;
    /**
     * The session's user when it was read with the session (one query: the database store on a route that needs a
     * user, plugins/access.ts); null otherwise. Read at the same moment as the session, never kept across requests.
     */
    sessionUser: UserRow | null;
  }
}

/** Routes whose access hook needs the signed-in user (plugins/access.ts): the session is read with it. */
const NEEDS_USER = new Set<unknown>(['user', 'agent', 'admin']);

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
  app.decorateRequest('sessionUser', null);

  const csrfTokenFor = (binding: string) => hmac(config.sessionSecret, `csrf:${binding}`);
  const cookieOptions = (request: FastifyRequest, maxAge: number) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure === 'true',
    maxAge,
  });

  // Synchronous unless there is a session to read (docs/performance.md "Per-request cost"). A session is read from
  // its store on every request, never cached here: signing out on one instance ends it on all at once.
  const visitorBinding = (request: FastifyRequest) => {
    // The CSRF check itself is the access hook's (plugins/access.ts), as routes declare what they need.
    if (!request.csrfBinding) request.csrfBinding = request.cookies[VISITOR_COOKIE] ?? null;
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) {
      visitorBinding(request);
      done();
      return;
    }
    const id = sha256(raw);
    const withUser = store.getWithUser && NEEDS_USER.has(request.routeOptions.config?.access);
    const read = withUser
      ? (store.getWithUser?.(id) ?? Promise.resolve(null)).then((found) => {
          request.sessionUser = found?.user ?? null;
          return found?.session ?? null;
        })
      : store.get(id);
    read.then(
      (session) => {
        request.session = session;
        if (session) request.csrfBinding = raw;
        visitorBinding(request);
        done();
      },
      (err: Error) => done(err),
    );
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
