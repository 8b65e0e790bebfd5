import { CAPTCHA_FIELD, coded, messages } from '@selfserve/contract';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The self-hosted captcha (docs/captcha.md): an ALTCHA proof-of-work challenge signed with CAPTCHA_SECRET. The
 * browser's widget finds the hidden counter; a visitor's form sends the result as `captcha`, and requireCaptcha
 * accepts it once, before it expires.
 */

/** How long a challenge stays good: long enough to fill a short form after ticking the box, short for replays. */
export const CAPTCHA_TTL_SECONDS = 5 * 60;
// SHA-256, one round per try: the work is set by the counter alone (CAPTCHA_MAX_NUMBER).
const ALGORITHM = 'SHA-256';
const COST = 1;

/** A new signed challenge; the browser must try counters from 0 up to a random one of at most captchaMaxNumber. */
export function createCaptchaChallenge(config: AppConfig, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(config.captchaMaxNumber),
    deriveKey,
    expiresAt: Math.floor(now / 1000) + CAPTCHA_TTL_SECONDS,
    hmacSignatureSecret: config.captchaSecret,
  });
}

// What the widget hands over (base64 of this JSON). Only the shape is checked here; altcha-lib checks the rest.
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALGORITHM),
        nonce: z.string(),
        salt: z.string(),
        cost: z.literal(COST),
        keyLength: z.number().int().positive().max(64),
        keyPrefix: z.string(),
        expiresAt: z.number().int().positive(),
      })
      .passthrough(),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({
    counter: z.number().int().min(0).max(0xffffffff),
    derivedKey: z.string().regex(/^[0-9a-f]+$/),
    time: z.number().optional(),
  }),
});

function refused(): AppError {
  return new AppError('VALIDATION_FAILED', coded('captchaInvalid'), { [CAPTCHA_FIELD]: messages.captchaInvalid });
}

function parse(payload: string) {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))).data ?? null;
  } catch {
    return null;
  }
}

/**
 * Accepts a visitor's solved captcha once: signed by us, solved, not expired and not used before (on any instance:
 * the captcha_uses primary key decides between concurrent replays). Anything else is 400 'Please Submit the Captcha
 * Correctly.' (captchaInvalid). Call it after the body schema and before saving.
 */
export async function requireCaptcha(
  deps: Pick<AppDeps, 'config' | 'db'>,
  payload: string | null | undefined,
): Promise<void> {
  const parsed = payload ? parse(payload) : null;
  if (!parsed) throw refused();
  const result = await verifySolution({
    challenge: parsed.challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: deps.config.captchaSecret,
  }).catch(() => null);
  if (!result?.verified) throw refused();

  const expiresAt = new Date(parsed.challenge.parameters.expiresAt * 1000).toISOString();
  const inserted = await deps.db
    .insertInto('captcha_uses')
    .values({ signature: parsed.challenge.signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw refused();
  await sweepCaptchaUses(deps.db).catch(() => {});
}

/** Forgets used challenges that have expired (with a margin for clocks that differ between instances). */
export function sweepCaptchaUses(db: AppDeps['db'], now = Date.now(), marginMs = 5 * 60_000) {
  return db
    .deleteFrom('captcha_uses')
    .where('expires_at', '<', new Date(now - marginMs).toISOString())
    .execute();
}
