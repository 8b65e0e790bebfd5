// What a session looks like to the web app: GET /api/auth/session, every sign-in's answer, and the page's first render.
import {
  appDownloadUrlFor,
  type EntryMode,
  LANGUAGE_COOKIE,
  parentOriginsOf,
  type SessionResponse,
} from '@selfserve/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { acceptedLocale, readerLanguage, rememberLanguage, secureCookies } from '../../lib/reader-language.ts';
import { currentSwitches } from '../settings/service.ts';
import { loadProfile } from '../users/service.ts';
import { entryModeOf, rememberVisitEntryMode, visitEntryMode } from './entry-mode.ts';

/** Codes are shown on screen in demo mode; otherwise they need a real mail transport. */
export function codeSignInAvailable({ config, mailer }: AppDeps): boolean {
  return config.demoMode || mailer.transport === 'smtp';
}

/**
 * The mode a sign-in records when neither the app token nor the request names one: in the app, by role; on the
 * website, the visit's mode (a visitor who came in a share-pass popup stays in it), else the website.
 */
export function defaultEntryMode(user: UserRow, inApp: boolean, request?: FastifyRequest): EntryMode {
  if (!inApp) return (request && visitEntryMode(request)) ?? 'customer_website';
  return user.role === 'customer' ? 'customer_app' : 'driver_app';
}

export async function sessionResponse(
  deps: AppDeps,
  request: FastifyRequest,
  csrfToken: string,
): Promise<SessionResponse> {
  const { db, config } = deps;
  const s = request.session;
  const profile = s ? await loadProfile(db, s.userId, request.log) : null;
  // Settable at run time by an admin (docs/agent.md "Settings"); the environment's until then.
  const { switches } = await currentSwitches(deps);
  return {
    status: 'SUCCESS',
    csrf_token: csrfToken,
    user: profile
      ? {
          id: profile.user.id,
          email: profile.user.email,
          name: profile.user.name,
          role: profile.user.role,
          country_code: profile.user.country_code,
          city: profile.user.city,
          locale: profile.user.locale,
          is_member: profile.isMember,
          staff_role: profile.user.staff_role,
        }
      : null,
    in_app: s?.inApp ?? false,
    entry_mode: entryModeOf(request),
    language: readerLanguage(request, profile?.user),
    demo: config.demoMode,
    uk_host_marker: config.ukHostMarker,
    code_sign_in: codeSignInAvailable(deps),
    switches,
    // Pages allowed to frame us are the only ones a share-pass popup tells it closed (docs/embedding.md).
    parent_origins: parentOriginsOf(config.frameAncestors),
    // The link for this browser's platform (issue 14); null when nothing is configured for it.
    app_download_url: appDownloadUrlFor(request.headers['user-agent'], config.appDownload),
  };
}

/**
 * The current session as GET /api/auth/session answers it (a visitor gets a visitor cookie to bind the CSRF token
 * to). The SPA fallback writes the same answer into the page, so the first render needs no round trip.
 */
export function readSession(deps: AppDeps) {
  return (request: FastifyRequest, reply: FastifyReply): Promise<SessionResponse> => {
    const binding = request.session ? request.csrfBinding : deps.sessions.ensureVisitor(reply, request);
    const secure = secureCookies(deps.config, request);
    rememberVisitEntryMode(request, reply, secure);
    rememberEntryLanguage(request, reply, null, secure);
    return sessionResponse(deps, request, deps.sessions.csrfTokenFor(binding ?? ''));
  };
}

/**
 * An entry that names its language — `?lang=` / `?locale=` on the page or the app's sign-in, or the app token's
 * claim (`fromToken`) — keeps it in the ss_lang cookie, as an entry's mode is kept; a value we do not serve is ignored.
 */
export function rememberEntryLanguage(
  request: FastifyRequest,
  reply: FastifyReply,
  fromToken: string | null,
  secure: boolean,
): void {
  const q = (typeof request.query === 'object' && request.query !== null ? request.query : {}) as {
    lang?: unknown;
    locale?: unknown;
  };
  const locale = acceptedLocale(q.lang) ?? acceptedLocale(q.locale) ?? acceptedLocale(fromToken);
  if (locale && request.cookies[LANGUAGE_COOKIE] !== locale) rememberLanguage(request, reply, locale, secure);
}
