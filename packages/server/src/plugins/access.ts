import { CSRF_HEADER, TELEPHONY_SECRET_HEADER } from '@selfserve/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database, UserRow } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { safeEqual } from '../lib/crypto.ts';
import { findUserById } from '../modules/users/repo.ts';

/**
 * Who may call a route, declared in its config (docs/auth.md "Who may call what"):
 * - `visitor`: anyone; a session is read when there is one.
 * - `user`: a signed-in user; `request.user` is set before the route runs.
 * - `provider`: a server-to-server callback (telephony), proved by the shared secret header; no cookie, no CSRF.
 * - `agent`: the agent console (docs/agent.md): a signed-in user whose `staff_role` is 'agent' or 'admin'; 403 for
 *   anyone else signed in.
 * - `admin`: the console's configuration and the data calls: `staff_role` 'admin' only.
 */
export type Access = 'visitor' | 'user' | 'provider' | 'agent' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * `header` (the default for POST/PUT/PATCH/DELETE): the CSRF token in the x-csrf-token header. `none`: the route
     * trusts no cookie and says why next to it (the app-session exchange) or checks the token itself (an HTML form).
     */
    csrf?: 'header' | 'none';
  }
  interface FastifyRequest {
    /** the signed-in user, set on `user` routes before validation; null elsewhere */
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** every API route and who may call it, as the access hook enforces it (tests walk it) */
    accessTable: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Our API lives under these; each of its routes must say who may call it (/driver/ss/: earnings, core.md §7). */
export const API_PREFIXES = ['/api/', '/user_tracking/', '/self_serve/', '/driver/ss/'];

/** A route that is ours and speaks for the API, so it must declare `access` (docs pages are the plugin's). */
export function needsAccessDeclaration(url: string, docsPrefix: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p)) && !url.startsWith(docsPrefix);
}

/** The signed-in user of a `user` route (set by the access hook, so this only guards against a misdeclared route). */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** Whether a signed-in user may call a route of this access level (agents and admins may call user routes too). */
export function mayAct(user: Pick<UserRow, 'staff_role'>, access: Access): boolean {
  if (access === 'agent') return user.staff_role === 'agent' || user.staff_role === 'admin';
  if (access === 'admin') return user.staff_role === 'admin';
  return true;
}

/**
 * One `onRequest` hook, after the session is read and before the body is parsed or validated: an anonymous call to a
 * `user` route is 401 whatever its input; a provider callback without the secret is 403; then the CSRF check. A route
 * that forgets to declare `access` stops the start (onRoute), so nothing is public by omission.
 */
export function registerAccess(
  app: FastifyInstance,
  opts: { db: Kysely<Database>; config: AppConfig; docsPrefix: string; csrfTokenFor: (binding: string) => string },
): void {
  app.decorateRequest('user', null);
  const table: RouteAccess[] = [];
  app.decorate('accessTable', table);

  app.addHook('onRoute', (route) => {
    if (!needsAccessDeclaration(route.url, opts.docsPrefix)) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare who may call it (config.access)`);
    }
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access });
  });

  // Synchronous unless a user must be read (docs/performance.md "Per-request cost").
  app.addHook('onRequest', (request, _reply, done) => {
    const config = request.routeOptions.config ?? {};
    const access = config.access ?? 'visitor';
    if (access === 'provider') {
      const sent = request.headers[TELEPHONY_SECRET_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, opts.config.telephonySecret)) {
        done(new AppError('FORBIDDEN'));
        return;
      }
      done(); // no cookie is trusted here, so no CSRF token is needed either
      return;
    }
    if (access === 'user' || access === 'agent' || access === 'admin') {
      const session = request.session;
      // Read with the session when its store can (plugins/session.ts), else here: either way in this request.
      const user = !session
        ? undefined
        : request.sessionUser && request.sessionUser.id === session.userId
          ? request.sessionUser
          : findUserById(opts.db, session.userId);
      if (user instanceof Promise) {
        user.then((found) => done(userCheck(request, found, access) ?? csrfCheck(request, config)), done);
        return;
      }
      const refused = userCheck(request, user, access);
      if (refused) {
        done(refused);
        return;
      }
    }
    done(csrfCheck(request, config));
  });

  function userCheck(request: FastifyRequest, user: UserRow | undefined, access: Access): AppError | undefined {
    if (!user) return new AppError('UNAUTHORIZED');
    if (!mayAct(user, access)) return new AppError('FORBIDDEN');
    request.user = user;
    return undefined;
  }

  function csrfCheck(request: FastifyRequest, config: { csrf?: 'header' | 'none' }): AppError | undefined {
    if (!STATE_CHANGING.has(request.method) || config.csrf === 'none') return undefined;
    const sent = request.headers[CSRF_HEADER];
    const binding = request.csrfBinding;
    if (typeof sent !== 'string' || binding === null || !safeEqual(sent, opts.csrfTokenFor(binding))) {
      return new AppError('CSRF_MISSING');
    }
    return undefined;
  }
}
