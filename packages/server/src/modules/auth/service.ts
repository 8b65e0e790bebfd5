import crypto from 'node:crypto';
import {
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_MAX_REQUESTS_PER_WINDOW,
  LOGIN_CODE_REQUEST_WINDOW_SECONDS,
  LOGIN_CODE_TTL_SECONDS,
  messages,
} from '@selfserve/contract';
import { jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmac, newId, safeEqual } from '../../lib/crypto.ts';
import { findUserByEmail, findUserById } from '../users/repo.ts';
import { consumeCode, countAttempt, countCodesSince, insertCode, latestLiveCode } from './repo.ts';

export interface CodeIssued {
  code: string | null;
  user: UserRow | null;
}

/**
 * Issues a one-time sign-in code. Rate-limited per address in the database, so the limit holds
 * across every API instance. An unknown address gets the same answer as a known one (no account
 * discovery) except in demo mode, where saying so helps the person trying the demo.
 */
export async function issueLoginCode(
  db: Kysely<Database>,
  secret: string,
  email: string,
  demo: boolean,
): Promise<CodeIssued> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - LOGIN_CODE_REQUEST_WINDOW_SECONDS * 1000).toISOString();
  if ((await countCodesSince(db, email, windowStart)) >= LOGIN_CODE_MAX_REQUESTS_PER_WINDOW) {
    throw new AppError('TOO_MANY_REQUESTS');
  }
  const user = await findUserByEmail(db, email);
  if (!user) {
    if (demo) throw new AppError('NOT_FOUND', messages.loginUnknownEmail);
    return { code: null, user: null };
  }
  const code = String(crypto.randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
  await insertCode(db, {
    id: newId('lc'),
    email,
    code_hash: hmac(secret, `login-code:${email}:${code}`),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + LOGIN_CODE_TTL_SECONDS * 1000).toISOString(),
  });
  return { code, user };
}

/** Checks a code; each wrong guess counts, and after the limit the code is dead. */
export async function verifyLoginCode(
  db: Kysely<Database>,
  secret: string,
  email: string,
  code: string,
): Promise<UserRow> {
  const now = new Date().toISOString();
  const live = await latestLiveCode(db, email, now);
  if (!live || live.attempts >= LOGIN_CODE_MAX_ATTEMPTS)
    throw new AppError('VALIDATION_FAILED', messages.loginCodeInvalid);
  if (!safeEqual(live.code_hash, hmac(secret, `login-code:${email}:${code}`))) {
    await countAttempt(db, live.id);
    throw new AppError('VALIDATION_FAILED', messages.loginCodeInvalid);
  }
  if (!(await consumeCode(db, live.id, now))) throw new AppError('VALIDATION_FAILED', messages.loginCodeInvalid);
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('VALIDATION_FAILED', messages.loginCodeInvalid);
  return user;
}

/**
 * The host apps sign their users in with an HS256 token: `sub` is our user id (or an `email`
 * claim), `exp` is required. Anything else — wrong key, expired, unknown user — is one answer.
 */
export async function verifyAppToken(db: Kysely<Database>, secret: string | undefined, token: string) {
  if (!secret) throw new AppError('UNAUTHORIZED', messages.appTokenInvalid);
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    const user =
      (typeof payload.sub === 'string' ? await findUserById(db, payload.sub) : undefined) ??
      (typeof payload.email === 'string' ? await findUserByEmail(db, payload.email) : undefined);
    if (!user) throw new Error('unknown user');
    const entryMode = typeof payload.entry_mode === 'string' ? payload.entry_mode : undefined;
    return { user, entryMode };
  } catch {
    throw new AppError('UNAUTHORIZED', messages.appTokenInvalid);
  }
}
