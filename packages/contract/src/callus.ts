import { z } from 'zod';
import type { getCityResponseSchema } from './bookings.ts';

// The calls' paths and the call-us link: callus-paths.ts; the pages: area-routes.ts (both zod-free, for first pages).

/** GET /api/bookings/v1/get_city's answer: the city, its std code and local customer-care number (core.md §3 City info). */
export type CallUsCity = z.infer<typeof getCityResponseSchema>;

/** How long a code may be used after it was given (docs/telephony.md: long enough to dial, short enough to be useless later). */
export const CALL_US_CODE_TTL_MINUTES = 10;
/** Digits of the code a person types. */
export const CALL_US_OTP_DIGITS = 6;
/** Digits of the code the dial string carries (longer: nobody types it, and it never collides with an otp). */
export const CALL_US_TOKEN_DIGITS = 8;
/** Wrong guesses allowed per caller number and per user within the window; the next one is locked out. */
export const CALL_US_MAX_WRONG_GUESSES = 5;
export const CALL_US_LOCK_WINDOW_MINUTES = 15;
/** Codes one user may be given within the lock window (both kinds together). */
export const CALL_US_MAX_CODES_PER_USER = 10;

/**
 * The pause of a dial string. A comma is the 2-second pause of Android's and iOS's dialers in a tel: link (the
 * dialer waits, then sends the following digits as tones); the IVR answers during the pauses.
 */
export const DIAL_PAUSE = ',';
/** Pauses before the token: the customers' IVR greets first (four), the partners' line answers at once (one). */
export const DIAL_PAUSES = { customer: 4, partner: 1 } as const;
/** The key that ends the digits, so the IVR need not wait for more. */
export const DIAL_TOKEN_END = '*';

export type CallUsAudience = keyof typeof DIAL_PAUSES;

/** Whether a country's calls carry the token in the dial string (core.md §9: India). */
export function dialCarriesToken(country: string): boolean {
  return country.toUpperCase() === 'IN';
}

/**
 * What the tel: link dials (core.md §9): in India the number, the pause sequence (four pauses for customers, one for
 * partners), the token and '*'; elsewhere the plain number. Spaces and dashes of a shown number are dropped.
 */
export function callUsDialString(opts: {
  number: string;
  country: string;
  audience: CallUsAudience;
  token?: string | null;
}): string {
  const number = opts.number.replace(/[\s()-]/g, '');
  if (!dialCarriesToken(opts.country) || !opts.token) return number;
  return `${number}${DIAL_PAUSE.repeat(DIAL_PAUSES[opts.audience])}${opts.token}${DIAL_TOKEN_END}`;
}

/** The tel: link of a dial string. */
export function telHref(dial: string): string {
  return `tel:${dial}`;
}

/**
 * Whether the page shows the footer advising to add the std code before the number (core.md §9): in India, when
 * the city's std code is known (GET /api/bookings/v1/get_city).
 */
export function showStdCodeFooter(country: string, stdCode: string | null | undefined): boolean {
  return dialCarriesToken(country) && typeof stdCode === 'string' && /^\d{2,5}$/.test(stdCode.trim());
}

/** The digits of a phone number, for comparing numbers written differently ('+91 80 4718 2200' = '918047182200'). */
export function phoneDigits(number: string): string {
  return number.replace(/\D/g, '');
}

const idField = z.string().trim().min(1).max(64);

/** What the person was looking at when they chose Call us: the code is bound to it. */
export const callUsContextSchema = z.object({
  booking_id: idField.optional(),
  /** the booking by its CRN, when the page knows only that */
  crn: idField.optional(),
  article_id: idField.optional(),
});
export type CallUsContext = z.infer<typeof callUsContextSchema>;

/** core.md §3 Call-us result, the number and the code. */
export const callUsNumberResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  call_us_number: z.string(),
  otp: z.string(),
  /** when the code stops working (ISO) */
  expires_at: z.string(),
  country: z.string(),
  audience: z.enum(['customer', 'partner']),
  /** the city the number was chosen for, and where it is (for GET /api/bookings/v1/get_city's std code) */
  city: z.string().nullable(),
  city_location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
});
export type CallUsNumberResponse = z.infer<typeof callUsNumberResponseSchema>;

/** core.md §3 Call-us result, the token and is_play. */
export const callUsTokenResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** sent by the dial string after the pauses; empty where the dial string carries none (outside India) */
  token: z.string(),
  /** true: the IVR plays its prompt and the caller types the otp; false: the token arrives with the dial string */
  is_play: z.boolean(),
  expires_at: z.string().nullable(),
});
export type CallUsTokenResponse = z.infer<typeof callUsTokenResponseSchema>;

const phoneField = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^\+?[\d\s()-]+$/, 'A phone number has digits only');

/** The provider's webhook: what the IVR heard. Digits may end with '*' or '#' (the end key). */
export const ivrRequestSchema = z.object({
  called_number: phoneField,
  caller_number: phoneField,
  digits: z
    .string()
    .trim()
    .max(24)
    .regex(/^[\d*#]*$/, 'Digits are 0-9, * and #'),
});
export type IvrRequest = z.infer<typeof ivrRequestSchema>;

export const ivrOutcomeSchema = z.enum(['verified', 'not_recognised', 'expired', 'already_used', 'locked']);
export type IvrOutcome = z.infer<typeof ivrOutcomeSchema>;

/** Who is calling and about what, for the agent who picks up; or why not. */
export const ivrResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  recognised: z.boolean(),
  outcome: ivrOutcomeSchema,
  /** which code it was: typed by the person (otp) or sent by the dial string (token) */
  code_kind: z.enum(['otp', 'token']).nullable(),
  /** wrong guesses this caller has left before the lock-out */
  attempts_left: z.number().int(),
  user: z
    .object({
      id: z.string(),
      name: z.string(),
      mobile: z.string(),
      /** the call comes from the user's registered mobile */
      caller_matches: z.boolean(),
    })
    .nullable(),
  booking: z
    .object({
      id: z.string(),
      crn: z.string(),
      status: z.string(),
      pickup: z.string(),
      drop: z.string(),
      pickup_date: z.string(),
    })
    .nullable(),
  article: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type IvrResponse = z.infer<typeof ivrResponseSchema>;

/** The demo phone: the number dialled, the phone it calls from, the digits typed. */
export const demoDialSchema = z.object({
  called_number: phoneField,
  caller_number: phoneField,
  digits: ivrRequestSchema.shape.digits,
});
