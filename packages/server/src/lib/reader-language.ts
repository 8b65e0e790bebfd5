// The reader's language (core.md §9 Languages; docs/localisation-api.md), one rule for the session answer, the
// knowledge base and the language endpoints.
import {
  isAcceptedLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type Role,
  resolveLocale,
  type SupportedLocale,
} from '@selfserve/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

/** What of a request the rule reads. */
export type LanguageSignals = Pick<FastifyRequest, 'cookies' | 'headers'>;

/** A value naming a language we serve (a supported locale or mr/bn/pa), resolved; null for anything else. */
export function acceptedLocale(value: unknown): SupportedLocale | null {
  return typeof value === 'string' && value.length <= 35 && isAcceptedLanguage(value) ? resolveLocale(value) : null;
}

/** The first language of an Accept-Language header we serve, by the header's weights; null when none. */
export function acceptLanguageLocale(header: string | string[] | undefined): SupportedLocale | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = text
    .slice(0, 1000)
    .split(',')
    .map((part, i) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const l of ranked) {
    const locale = acceptedLocale(l.tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The reader's language: a signed-in driver's profile locale (a partner's app language is their profile's);
 * otherwise the ss_lang cookie when it names a language we serve; otherwise a signed-in user's profile locale;
 * otherwise the browser's Accept-Language; otherwise English.
 */
export function readerLanguage(
  request: LanguageSignals,
  user: { role: Role; locale: string } | null | undefined,
): SupportedLocale {
  if (user?.role === 'driver') return resolveLocale(user.locale);
  const chosen = acceptedLocale(request.cookies[LANGUAGE_COOKIE]);
  if (chosen) return chosen;
  if (user) return resolveLocale(user.locale);
  return acceptLanguageLocale(request.headers['accept-language']) ?? 'en';
}

/** Whether cookies go out with Secure: as the session cookies do (COOKIE_SECURE, or the request's scheme). */
export function secureCookies(config: Pick<AppConfig, 'cookieSecure'>, request: FastifyRequest): boolean {
  return config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure === 'true';
}

/**
 * Keeps the reader's language for a year. Not httpOnly: it is a preference, not a credential, and the web app
 * writes the same cookie for visitors. The request sees it at once, so this request's answers follow it.
 */
export function rememberLanguage(
  request: FastifyRequest,
  reply: FastifyReply,
  locale: SupportedLocale,
  secure: boolean,
): void {
  request.cookies[LANGUAGE_COOKIE] = locale;
  reply.setCookie(LANGUAGE_COOKIE, locale, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  });
}
