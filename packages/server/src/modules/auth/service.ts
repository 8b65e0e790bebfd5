import crypto from 'node:crypto';
import {
  coded,
  formatMessage,
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_MAX_REQUESTS_PER_WINDOW,
  LOGIN_CODE_REQUEST_WINDOW_SECONDS,
  LOGIN_CODE_TTL_SECONDS,
} from '@selfserve/contract';
import { jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import { LOCK_CLASS, serialisedBy } from '../../db/key-lock.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmac, newId, randomToken, safeEqual } from '../../lib/crypto.ts';
import { acceptedLocale } from '../../lib/reader-language.ts';
import { findUserByEmail, findUserById } from '../users/repo.ts';
import { claimAttempt, consumeCode, countCodesSince, insertCode, latestLiveCode } from './repo.ts';

export interface CodeIssued {
  /** the code, for the demo page; null for an unknown address */
  code: string | null;
  user: UserRow | null;
}

/**
 * Issues a one-time sign-in code. Rate-limited per address in the database, so the limit holds across every
 * API instance. An unknown address is treated exactly like a known one — it gets a row (with a hash nothing can
 * match), so it counts against the same limit and trips the same 429 at the same request — and the same answer:
 * accounts cannot be discovered. Only demo mode says an address is unknown, to help the person trying the demo.
 */
export async function issueLoginCode(
  db: Kysely<Database>,
  secret: string,
  email: string,
  demo: boolean,
): Promise<CodeIssued> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - LOGIN_CODE_REQUEST_WINDOW_SECONDS * 1000).toISOString();
  // The count and the insert one request per address at a time, on every instance: requests sent at once must not
  // all count the same few codes and pass together (db/key-lock.ts).
  return serialisedBy(db, LOCK_CLASS.loginCodes, email, async (trx) => {
    if ((await countCodesSince(trx, email, windowStart)) >= LOGIN_CODE_MAX_REQUESTS_PER_WINDOW) {
      throw new AppError('TOO_MANY_REQUESTS');
    }
    const user = (await findUserByEmail(trx, email)) ?? null;
    if (!user && demo) throw new AppError('NOT_FOUND', coded('loginUnknownEmail'));
    const code = String(crypto.randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
    await insertCode(trx, {
      id: newId('lc'),
      email,
      code_hash: hmac(secret, user ? `login-code:${email}:${code}` : `unknown-address:${randomToken()}`),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + LOGIN_CODE_TTL_SECONDS * 1000).toISOString(),
    });
    return { code: user ? code : null, user };
  });
}

/**
 * Checks a code. Every guess takes one of the code's LOGIN_CODE_MAX_ATTEMPTS tries before it is compared, in one
 * conditional update, so the limit holds however many guesses arrive at once (docs/auth.md).
 */
export async function verifyLoginCode(
  db: Kysely<Database>,
  secret: string,
  email: string,
  code: string,
): Promise<UserRow> {
  const now = new Date().toISOString();
  const invalid = () => new AppError('VALIDATION_FAILED', coded('loginCodeInvalid'));
  const live = await latestLiveCode(db, email, now);
  if (!live || !(await claimAttempt(db, live.id, LOGIN_CODE_MAX_ATTEMPTS))) throw invalid();
  if (!safeEqual(live.code_hash, hmac(secret, `login-code:${email}:${code}`))) throw invalid();
  if (!(await consumeCode(db, live.id, now))) throw invalid();
  const user = await findUserByEmail(db, email);
  if (!user) throw invalid();
  return user;
}

/** The longest an app sign-in token may live (exp − iat); host apps mint one when they open the help centre. */
export const APP_TOKEN_MAX_LIFETIME_SECONDS = 24 * 3600;
/** Clock difference allowed between the host app's servers and ours. */
const APP_TOKEN_CLOCK_TOLERANCE_SECONDS = 60;

/**
 * The host apps sign their users in with an HS256 token: `sub` is our user id (or an `email` claim); `iss` and
 * `aud` must be the configured ones; `iat` and `exp` are required, `iat` not in the future and the token not
 * older or longer-lived than APP_TOKEN_MAX_LIFETIME_SECONDS (docs/auth.md). Anything else — wrong key, issuer or
 * audience, expired, too long-lived, unknown user — is one answer.
 */
export async function verifyAppToken(
  db: Kysely<Database>,
  key: { secret: string | undefined; issuer: string; audience: string },
  token: string,
) {
  if (!key.secret) throw new AppError('UNAUTHORIZED', coded('appTokenInvalid'));
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(key.secret), {
      algorithms: ['HS256'],
      issuer: key.issuer,
      audience: key.audience,
      requiredClaims: ['exp', 'iat'],
      maxTokenAge: APP_TOKEN_MAX_LIFETIME_SECONDS,
      clockTolerance: APP_TOKEN_CLOCK_TOLERANCE_SECONDS,
    });
    const iat = Number(payload.iat);
    const exp = Number(payload.exp);
    if (iat > Date.now() / 1000 + APP_TOKEN_CLOCK_TOLERANCE_SECONDS) throw new Error('issued in the future');
    if (exp - iat > APP_TOKEN_MAX_LIFETIME_SECONDS) throw new Error('lives too long');
    const user =
      (typeof payload.sub === 'string' ? await findUserById(db, payload.sub) : undefined) ??
      (typeof payload.email === 'string' ? await findUserByEmail(db, payload.email) : undefined);
    if (!user) throw new Error('unknown user');
    // The token may name the mode by name or by the spec's source value (docs/embedding.md).
    const entryMode = { entry_mode: payload.entry_mode, source: payload.source };
    // The app's language (`lang` or `locale` claim), kept as the reader's language cookie; null when it names none.
    const language = acceptedLocale(payload.lang) ?? acceptedLocale(payload.locale);
    return { user, entryMode, language };
  } catch {
    throw new AppError('UNAUTHORIZED', coded('appTokenInvalid'));
  }
}

/** The sign-in code mail's text. */
export function loginCodeMail(code: string): string {
  const minutes = Math.round(LOGIN_CODE_TTL_SECONDS / 60);
  return [
    formatMessage('mailSignInCode', { code }),
    formatMessage('mailSignInCodeOnce', { minutes }),
    formatMessage('mailSignInCodeIgnore'),
  ].join('\n\n');
}
