import { z } from 'zod';
import { messageParamsSchema } from './message-params.ts';

export { callPaths } from './call-paths.ts';

/**
 * The click-to-call values of core.md §4. The server answers SUCCESS (the call is being placed) or one of the
 * failures; CLOSE is what the popup (or a host app's native dialog) reports when the user dismisses it.
 */
export const clickToCallValues = ['SUCCESS', 'INVALID_TOKEN', 'FAILURE', 'ERROR', 'NO_NETWORK', 'CLOSE'] as const;
export const clickToCallValueSchema = z.enum(clickToCallValues);
export type ClickToCallValue = z.infer<typeof clickToCallValueSchema>;

/** A call-back or click-to-call is about a booking, an article, or both (the agent sees which). */
const subject = {
  booking_id: z.string().trim().min(1).max(64).optional(),
  article_id: z.string().trim().min(1).max(64).optional(),
};

export const clickToCallRequestSchema = z.object(subject);
export type ClickToCallRequest = z.infer<typeof clickToCallRequestSchema>;

export const clickToCallResponseSchema = z.object({
  status: clickToCallValueSchema,
  message: z.string(),
  /** the message's catalogue code and parameters (messages.ts) */
  code: z.string(),
  params: messageParamsSchema.optional(),
  request_id: z.string().nullable(),
});
export type ClickToCallResponse = z.infer<typeof clickToCallResponseSchema>;

export const callbackQuerySchema = z.object(subject);
export type CallbackQuery = z.infer<typeof callbackQuerySchema>;

/** A call-back answer: SUCCESS (new, or the same request again within the window) or FAILURE with a message. */
export const callbackResponseSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILURE']),
  message: z.string(),
  code: z.string(),
  params: messageParamsSchema.optional(),
  request_id: z.string().nullable(),
  /** true when this answers a request already made within CALLBACK_REPEAT_WINDOW_MINUTES (nobody is rung twice) */
  repeated: z.boolean(),
  /** when the request was made (ISO), so the page can say so */
  requested_at: z.string().nullable(),
});
export type CallbackResponse = z.infer<typeof callbackResponseSchema>;

export const maskedCallQuerySchema = z.object({
  booking_id: z.string().trim().min(1).max(64),
  /** the article the call is made from: its call_driver_expiry_time:{x} tag allows calls x minutes after the ride */
  article_id: z.string().trim().min(1).max(64).optional(),
});
export const partnerLabCallQuerySchema = z.object({
  crn: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/),
});

/** A masked call (rider ↔ driver, driver → customer): neither number is ever in the answer. */
export const maskedCallResponseSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILURE']),
  message: z.string(),
  code: z.string(),
  params: messageParamsSchema.optional(),
  request_id: z.string().nullable(),
});
export type MaskedCallResponse = z.infer<typeof maskedCallResponseSchema>;

export const sdCallUsQuerySchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase())
    .optional(),
  city: z.string().trim().min(1).max(60).optional(),
});
export const sdCallUsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  country: z.string(),
  city: z.string().nullable(),
  /** the number as people write it, and as a tel: link dials it */
  phone: z.string(),
  dial: z.string(),
  hours: z.string(),
});
export type SdCallUsResponse = z.infer<typeof sdCallUsResponseSchema>;

export const appLinkQuerySchema = z.object({ platform: z.enum(['android', 'ios']).optional() });
export const appLinkResponseSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILURE']),
  message: z.string(),
  code: z.string(),
  params: messageParamsSchema.optional(),
});
export type AppLinkResponse = z.infer<typeof appLinkResponseSchema>;

/** A call-back asked again for the same thing within this many minutes answers the first request (no second ring). */
export const CALLBACK_REPEAT_WINDOW_MINUTES = 30;
/** Calls and texts that reach someone's phone, per signed-in user and per hour (each kind its own counter). */
export const CALLS_PER_USER_PER_HOUR = 6;
/** Ride statuses during which the rider and the driver may call each other (masked), a driver being assigned. */
export const MASKED_CALL_STATUSES = ['requested', 'scheduled', 'ongoing', 'in progress'] as const;

/**
 * The self-drive support line by country, and by city where a city has its own (GET /api/callus/getSdCallUs).
 * Demo numbers from the ranges regulators keep for fiction where there is one (UK 020 7946 0xxx, AU 02 5550 xxxx).
 */
export const sdCallUsLines: Readonly<
  Record<string, { phone: string; hours: string; cities?: Readonly<Record<string, string>> }>
> = {
  IN: {
    phone: '+91 80 4718 2200',
    hours: '24x7',
    cities: { Bengaluru: '+91 80 4718 2200', Mumbai: '+91 22 4718 2200', Delhi: '+91 11 4718 2200' },
  },
  AU: { phone: '+61 2 5550 2200', hours: '07:00-22:00' },
  NZ: { phone: '+64 9 555 2200', hours: '07:00-22:00' },
  GB: { phone: '+44 20 7946 0220', hours: '08:00-20:00' },
};

/** The line for a country and city: the city's own number when it has one, else the country's; India by default. */
export function sdCallUsLine(country: string | undefined, city: string | undefined): Omit<SdCallUsResponse, 'status'> {
  const code = country && sdCallUsLines[country] ? country : 'IN';
  const line = sdCallUsLines[code] ?? { phone: '', hours: '' };
  const cityName = city
    ? Object.keys(line.cities ?? {}).find((c) => c.toLowerCase() === city.toLowerCase())
    : undefined;
  const phone = (cityName && line.cities?.[cityName]) || line.phone;
  return { country: code, city: cityName ?? null, phone, dial: phone.replace(/[^\d+]/g, ''), hours: line.hours };
}

/**
 * What the page does with a click-to-call value (core.md §4, §8), one rule for the web and the tests:
 * INVALID_TOKEN and FAILURE open /overlay; closing the overlay after FAILURE goes back in history, after INVALID_TOKEN
 * the deep link reloads (the host signs the user in again, core.md §8 'Invalid token'); NO_NETWORK titles the notice
 * 'No network coverage'; ERROR shows the generic failure; CLOSE does nothing; SUCCESS says the phone will ring.
 */
export interface ClickToCallHandling {
  action: 'overlay' | 'notice' | 'none';
  /** catalogue code of the title to show (overlay or notice) */
  title:
    | 'noNetworkCoverage'
    | 'sorry'
    | 'callOverlayTitle'
    | 'callSessionExpiredTitle'
    | 'clickToCallPlacedTitle'
    | null;
  /** catalogue code of the message when the answer brings none */
  fallbackMessage: 'genericFailure' | 'clickToCallPlaced' | null;
  /** what closing the overlay does */
  onClose: 'back' | 'reload' | null;
  tone: 'success' | 'error' | null;
}

export function clickToCallHandling(value: ClickToCallValue): ClickToCallHandling {
  switch (value) {
    case 'FAILURE':
      return {
        action: 'overlay',
        title: 'callOverlayTitle',
        fallbackMessage: 'genericFailure',
        onClose: 'back',
        tone: 'error',
      };
    case 'INVALID_TOKEN':
      return {
        action: 'overlay',
        title: 'callSessionExpiredTitle',
        fallbackMessage: 'genericFailure',
        onClose: 'reload',
        tone: 'error',
      };
    case 'NO_NETWORK':
      return { action: 'notice', title: 'noNetworkCoverage', fallbackMessage: null, onClose: null, tone: 'error' };
    case 'ERROR':
      return { action: 'notice', title: 'sorry', fallbackMessage: 'genericFailure', onClose: null, tone: 'error' };
    case 'SUCCESS':
      return {
        action: 'notice',
        title: 'clickToCallPlacedTitle',
        fallbackMessage: 'clickToCallPlaced',
        onClose: null,
        tone: 'success',
      };
    case 'CLOSE':
      return { action: 'none', title: null, fallbackMessage: null, onClose: null, tone: null };
  }
}

/** A click-to-call answer or any other value as the page reads it: anything unknown is an ERROR (generic failure). */
export function readClickToCallValue(value: unknown): ClickToCallValue {
  const parsed = clickToCallValueSchema.safeParse(value);
  return parsed.success ? parsed.data : 'ERROR';
}
