import crypto from 'node:crypto';
import {
  CALL_US_CODE_TTL_MINUTES,
  CALL_US_LOCK_WINDOW_MINUTES,
  CALL_US_MAX_CODES_PER_USER,
  CALL_US_MAX_WRONG_GUESSES,
  CALL_US_OTP_DIGITS,
  CALL_US_TOKEN_DIGITS,
  type CallUsAudience,
  type CallUsContext,
  coded,
  dialCarriesToken,
  type EntryMode,
  entryModeSchema,
  entryModes,
  type IvrOutcome,
  type IvrRequest,
  type IvrResponse,
  phoneDigits,
} from '@selfserve/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LOCK_CLASS, serialisedBy } from '../../db/key-lock.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmac, newId } from '../../lib/crypto.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import { loadProfile } from '../users/service.ts';
import * as repo from './repo.ts';

const MINUTE = 60_000;

/** Everything the call-us service needs besides the database: the hashing key and the clock (tests move it). */
export interface CallUsOptions {
  /** keys the codes' hashes: a leaked table is no list of codes (the same on every instance) */
  codeKey: string;
  now?: () => Date;
}

/** What the code is about, checked against the user (their own booking, a real article). */
interface Subject {
  booking: { id: string; country: string; city: string } | null;
  articleId: string | null;
}

/** The line chosen for a user: its number, and the country and city it serves. */
export interface ChosenLine {
  number: string;
  country: string;
  city: string | null;
  audience: CallUsAudience;
}

/** Partners (drivers, delivery riders, the driver and operator apps) have their own line and one pause (core.md §9). */
export function audienceOf(user: Pick<UserRow, 'role'>, entryMode: string | null | undefined): CallUsAudience {
  const mode = entryModeSchema.safeParse(entryMode);
  if (mode.success && entryModes[mode.data as EntryMode].bookings === 'driver_trips') return 'partner';
  return user.role === 'customer' ? 'customer' : 'partner';
}

async function subjectOf(db: Kysely<Database>, user: UserRow, context: CallUsContext): Promise<Subject> {
  let booking: Subject['booking'] = null;
  if (context.booking_id || context.crn) {
    const found = await findOwnBooking(db, user.id, {
      ...(context.booking_id ? { id: context.booking_id } : {}),
      ...(context.crn ? { crn: context.crn } : {}),
    });
    if (!found) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
    booking = { id: found.id, country: found.country, city: found.city };
  }
  if (context.article_id && !(await repo.findArticleTitle(db, context.article_id))) {
    throw new AppError('NOT_FOUND', coded('articleNotFound'));
  }
  return { booking, articleId: context.article_id ?? null };
}

/**
 * The number to call: the country and city of the booking (else the user's), the audience of the entry mode and
 * role, the Select members' line for members. The most specific row wins: the member line, then the city's line,
 * then the country's.
 */
export async function chooseLine(
  db: Kysely<Database>,
  user: UserRow,
  opts: { entryMode: string | null; booking: Subject['booking']; isMember: boolean },
): Promise<ChosenLine> {
  const audience = audienceOf(user, opts.entryMode);
  const country = (opts.booking?.country ?? user.country_code).toUpperCase();
  const city = opts.booking?.city ?? user.city;
  const rows = await repo.listNumbers(db, country, audience === 'partner' ? 'driver' : 'customer');
  const wantSelect = opts.isMember && audience === 'customer';
  const score = (r: (typeof rows)[number]) => {
    if (r.city !== null && r.city !== city) return -1;
    if (r.line === 'select' && !wantSelect) return -1;
    return (r.line === 'select' ? 4 : 0) + (r.city !== null ? 2 : 0);
  };
  const best = rows
    .map((r) => ({ r, s: score(r) }))
    .filter((x) => x.s >= 0)
    .sort((a, b) => b.s - a.s)[0];
  if (!best) throw new AppError('UNAVAILABLE');
  return { number: best.r.number, country, city: best.r.city ?? city ?? null, audience };
}

function randomDigits(n: number): string {
  return crypto
    .randomInt(0, 10 ** n)
    .toString()
    .padStart(n, '0');
}

/** The stored form of a code: keyed by the number it was given for, so it verifies only there. */
function codeHash(key: string, calledNumber: string, code: string): string {
  return hmac(key, `${phoneDigits(calledNumber)}:${code}`);
}

export interface IssuedCode {
  code: string;
  expiresAt: string;
  line: ChosenLine;
  cityLocation: { lat: number; lng: number } | null;
}

/**
 * Gives a code of `kind` for the user, bound to the line's number and to what they were looking at: random
 * (crypto), CALL_US_CODE_TTL_MINUTES long, stored hashed. At most CALL_US_MAX_CODES_PER_USER per lock window.
 */
export async function issueCode(
  db: Kysely<Database>,
  opts: CallUsOptions,
  input: {
    user: UserRow;
    entryMode: string | null;
    context: CallUsContext;
    kind: 'otp' | 'token';
    log: FastifyBaseLogger;
  },
): Promise<IssuedCode> {
  const { user } = input;
  const now = (opts.now ?? (() => new Date()))();
  const subject = await subjectOf(db, user, input.context);
  const profile = await loadProfile(db, user.id, input.log);
  const line = await chooseLine(db, user, {
    entryMode: input.entryMode,
    booking: subject.booking,
    isMember: profile.isMember,
  });
  const since = new Date(now.getTime() - CALL_US_LOCK_WINDOW_MINUTES * MINUTE).toISOString();
  await repo.pruneExpired(db, new Date(now.getTime() - 24 * 60 * MINUTE).toISOString(), since);
  const expiresAt = new Date(now.getTime() + CALL_US_CODE_TTL_MINUTES * MINUTE).toISOString();
  const digits = input.kind === 'otp' ? CALL_US_OTP_DIGITS : CALL_US_TOKEN_DIGITS;
  // The count and the insert one user's request at a time, on every instance: codes asked for at once must not all
  // count the same few and pass together (db/key-lock.ts).
  const code = await serialisedBy(db, LOCK_CLASS.callUsCodes, user.id, async (trx) => {
    if ((await repo.countCodesSince(trx, user.id, since)) >= CALL_US_MAX_CODES_PER_USER) {
      throw new AppError('TOO_MANY_REQUESTS');
    }
    // Two live codes of one number may not share digits: the unique hash refuses the second, and a new one is drawn.
    for (let attempt = 0; attempt < 5; attempt++) {
      const drawn = randomDigits(digits);
      const inserted = await repo.insertCode(trx, {
        id: newId('cuc'),
        code_hash: codeHash(opts.codeKey, line.number, drawn),
        kind: input.kind,
        user_id: user.id,
        called_number: phoneDigits(line.number),
        booking_id: subject.booking?.id ?? null,
        article_id: subject.articleId,
        created_at: now.toISOString(),
        expires_at: expiresAt,
        used_at: null,
        used_by: null,
      });
      if (inserted) return drawn;
    }
    return null;
  });
  if (code === null) throw new AppError('UNAVAILABLE');
  const where = line.city ? await repo.findCity(db, line.country, line.city) : undefined;
  return { code, expiresAt, line, cityLocation: where ? { lat: where.lat, lng: where.lng } : null };
}

/** The token of the dial string, where the dial string carries one (India); elsewhere the IVR asks for the otp. */
export async function issueToken(
  db: Kysely<Database>,
  opts: CallUsOptions,
  input: { user: UserRow; entryMode: string | null; context: CallUsContext; log: FastifyBaseLogger },
): Promise<{ token: string; isPlay: boolean; expiresAt: string | null }> {
  const country = await countryOf(db, input.user, input.context);
  if (!dialCarriesToken(country)) return { token: '', isPlay: true, expiresAt: null };
  const issued = await issueCode(db, opts, { ...input, kind: 'token' });
  return { token: issued.code, isPlay: false, expiresAt: issued.expiresAt };
}

async function countryOf(db: Kysely<Database>, user: UserRow, context: CallUsContext): Promise<string> {
  const subject = await subjectOf(db, user, context);
  return (subject.booking?.country ?? user.country_code).toUpperCase();
}

function decodeAddress(value: string): string {
  try {
    return Buffer.from(value, 'base64').toString('utf8');
  } catch {
    return '';
  }
}

/**
 * The IVR's question (docs/telephony.md "Call us"): who is calling our `called_number` having typed `digits`?
 * A code verifies once, only on the number it was given for, before it expires. Every failure is a wrong guess
 * counted against the caller's number and, when that number is a user's registered mobile, against that user;
 * after CALL_US_MAX_WRONG_GUESSES within the window the next guess is locked out, even a right one.
 */
export async function verifyCall(db: Kysely<Database>, opts: CallUsOptions, call: IvrRequest): Promise<IvrResponse> {
  const now = (opts.now ?? (() => new Date()))();
  const nowIso = now.toISOString();
  const called = phoneDigits(call.called_number);
  const caller = phoneDigits(call.caller_number);
  const callerUsers = await repo.findUsersByMobile(db, caller);
  const keys = [`caller:${caller}`, ...callerUsers.map((u) => `user:${u.id}`)];
  const since = new Date(now.getTime() - CALL_US_LOCK_WINDOW_MINUTES * MINUTE).toISOString();
  const worst = async () => Math.max(0, ...(await repo.countWrongGuesses(db, keys, since)).values());

  const refused = async (outcome: IvrOutcome, kind: 'otp' | 'token' | null = null): Promise<IvrResponse> => {
    if (outcome !== 'locked') {
      await repo.recordWrongGuess(
        db,
        keys.map((k) => ({ id: newId('cua'), lock_key: k, called_number: called, created_at: nowIso })),
      );
    }
    return {
      status: 'SUCCESS',
      recognised: false,
      outcome,
      code_kind: kind,
      attempts_left: Math.max(0, CALL_US_MAX_WRONG_GUESSES - (await worst())),
      user: null,
      booking: null,
      article: null,
    };
  };

  if ((await worst()) >= CALL_US_MAX_WRONG_GUESSES) return refused('locked');
  const digits = call.digits.replace(/[*#]+$/, '');
  if (!/^\d+$/.test(digits) || (digits.length !== CALL_US_OTP_DIGITS && digits.length !== CALL_US_TOKEN_DIGITS)) {
    return refused('not_recognised');
  }
  const code = await repo.findCodeByHash(db, codeHash(opts.codeKey, called, digits));
  if (!code || code.called_number !== called) return refused('not_recognised');
  if (code.used_at) return refused('already_used', code.kind);
  if (code.expires_at <= nowIso) return refused('expired', code.kind);
  // One request wins the code, on any instance; a replay racing it is refused.
  if (!(await repo.useCode(db, code.id, nowIso, caller))) return refused('already_used', code.kind);

  const user = await repo.findUser(db, code.user_id);
  const booking = code.booking_id ? await repo.findBooking(db, code.user_id, code.booking_id) : undefined;
  const article = code.article_id ? await repo.findArticleTitle(db, code.article_id) : undefined;
  return {
    status: 'SUCCESS',
    recognised: true,
    outcome: 'verified',
    code_kind: code.kind,
    attempts_left: Math.max(0, CALL_US_MAX_WRONG_GUESSES - (await worst())),
    user: user
      ? { id: user.id, name: user.name, mobile: user.mobile, caller_matches: phoneDigits(user.mobile) === caller }
      : null,
    booking: booking
      ? {
          id: booking.id,
          crn: booking.crn,
          status: booking.status,
          pickup: decodeAddress(booking.pickup_location),
          drop: decodeAddress(booking.drop_location),
          pickup_date: booking.pickup_date,
        }
      : null,
    article: article ? { id: article.id, title: article.title } : null,
  };
}
