/**
 * The driver's one-touch articles (issue 18 item 6, docs/driver.md "Driver one-touch articles"): the time windows the
 * `emergency_time:{x}` and `call_driver_expiry_time:{x}` tags put on an article's action, the cleaning-fee claim
 * (`driver_cleaning_fee`) and the partner's side of a lost item. Pure rules and schemas, used by the server (which
 * enforces them) and the web (which shows or hides the actions by them).
 */
import { z } from 'zod';
import { MASKED_CALL_STATUSES } from './calls.ts';
import type { FlowParams } from './flows/flow-params.ts';
import { labStateSchema } from './left-belonging.ts';

export const driverArticlePaths = {
  /** which of an article's timed actions the partner may use now, for their latest trip */
  actions: '/api/driver/v1/article_actions',
  /** the partner calls the customer of a trip they drove (masked), while the article's call window is open */
  callCustomer: '/api/driver/v1/call_customer',
  /** the lost-item requests on rides the partner drove */
  lostItems: '/api/driver/v1/lost_items',
  /** the partner's answer: found or not found */
  lostItemAnswer: '/api/driver/v1/lost_items/answer',
  /** the partner has handed the item over */
  lostItemHandover: '/api/driver/v1/lost_items/handover',
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Statuses of a ride on the road: both timed actions are open during the ride itself. */
export const LIVE_RIDE_STATUSES: readonly string[] = ['ongoing', 'in progress'];

/** A ride as the windows read it: its status and when it ended (epoch ms; null when it has not ended). */
export interface RideClock {
  status: string;
  endedAt: number | null;
}

/** When a ride ended: its stop time, else (a completed ride without one) when it was booked. */
export function rideEndedAt(ride: {
  status: string;
  stop_at: string | null;
  date_entered_timestamp: number;
}): number | null {
  if (ride.status !== 'completed') return null;
  const stop = ride.stop_at ? Date.parse(ride.stop_at) : Number.NaN;
  return Number.isFinite(stop) ? stop : ride.date_entered_timestamp;
}

/**
 * `emergency_time:{x}`: the emergency action is shown during the ride and within x minutes after it ended — inclusive
 * (at exactly x minutes it still shows; a moment later it is gone). A ride not yet started, cancelled, or without a
 * known end shows none. A clock that puts the end in the future counts as just ended.
 */
export function emergencyActionOpen(ride: RideClock, minutes: number, now: number): boolean {
  if (LIVE_RIDE_STATUSES.includes(ride.status)) return true;
  if (ride.status !== 'completed' || ride.endedAt === null || !(minutes >= 0)) return false;
  return now <= ride.endedAt + minutes * MINUTE;
}

/**
 * `call_driver_expiry_time:{x}`: the call action expires x minutes after the ride ended — at exactly x minutes it is
 * gone (an expiry, not a window: "after x minutes"). During the ride it is open; before or without a ride, closed.
 */
export function callActionOpen(ride: RideClock, minutes: number, now: number): boolean {
  if (LIVE_RIDE_STATUSES.includes(ride.status)) return true;
  if (ride.status !== 'completed' || ride.endedAt === null || !(minutes >= 0)) return false;
  return now < ride.endedAt + minutes * MINUTE;
}

/**
 * The rider's "call driver" button on an article tagged `call_driver_expiry_time:{x}`: offered while the ride may
 * be called about at all (requested, scheduled, on the road: the calls' own rule, MASKED_CALL_STATUSES) and, once
 * completed, until the call expires x minutes after its end (the server's gupshup/call applies the same rule).
 */
export function riderCallOffered(
  ride: { status: string; stop_at: string | null; date_entered_timestamp: number },
  minutes: number,
  now: number,
): boolean {
  const status = ride.status.toLowerCase();
  if ((MASKED_CALL_STATUSES as readonly string[]).includes(status)) return true;
  return callActionOpen({ status, endedAt: rideEndedAt({ ...ride, status }) }, minutes, now);
}

/** When an action of a finished ride closes (epoch ms), for "until 14:05"; null during the ride or without an end. */
export function actionClosesAt(ride: RideClock, minutes: number): number | null {
  if (LIVE_RIDE_STATUSES.includes(ride.status) || ride.endedAt === null) return null;
  return ride.endedAt + minutes * MINUTE;
}

// ---- The cleaning-fee claim (driver_cleaning_fee) ----

/** A claim is made within 24 hours of the trip ending (the article says so). */
export const CLEANING_CLAIM_WINDOW_HOURS = 24;
/** Photos of the car before cleaning: 2 to 4 (the article says so). */
export const CLEANING_MIN_PHOTOS = 2;
export const CLEANING_MAX_PHOTOS = 4;
/** The optional note's length. */
export const CLEANING_NOTE_MAX = 500;
/**
 * The fee of a claim is the article's option's `bill_amount` (what the driver chose happened), never an amount the
 * driver types; an option whose amount is outside these bounds is not a claimable option.
 */
export const CLEANING_FEE_MIN = 1;
export const CLEANING_FEE_MAX = 2000;

/** A cleaning-fee option of the article (its `options`: text, value, type 'cleaning_fee', bill_amount). */
export interface CleaningOption {
  text: string;
  value: string;
  amount: number;
}

/** The article's claimable options: type cleaning_fee with an amount in bounds; anything else is left out. */
export function cleaningOptions(options: unknown): CleaningOption[] {
  if (!Array.isArray(options)) return [];
  return options.flatMap((o) => {
    if (typeof o !== 'object' || o === null) return [];
    const { text, value, type, bill_amount } = o as Record<string, unknown>;
    const amount = Number(bill_amount);
    const ok =
      type === 'cleaning_fee' &&
      typeof text === 'string' &&
      typeof value === 'string' &&
      Number.isFinite(amount) &&
      amount >= CLEANING_FEE_MIN &&
      amount <= CLEANING_FEE_MAX;
    return ok ? [{ text, value, amount }] : [];
  });
}

export type CleaningClaimProblem =
  | 'driverCleaningNotCompleted'
  | 'driverCleaningTooLate'
  | 'driverCleaningPhotos'
  | 'driverCleaningOption';

/**
 * What stops a cleaning-fee claim, in the order a driver would fix it (null: claimable): the trip must be completed,
 * the claim made within CLEANING_CLAIM_WINDOW_HOURS of its end (inclusive), the option one of the article's, with
 * 2 to 4 photos.
 */
export function cleaningClaimProblem(
  ride: RideClock,
  claim: { option: string; photos: number },
  options: readonly CleaningOption[],
  now: number,
): CleaningClaimProblem | null {
  if (ride.status !== 'completed' || ride.endedAt === null) return 'driverCleaningNotCompleted';
  if (now > ride.endedAt + CLEANING_CLAIM_WINDOW_HOURS * HOUR) return 'driverCleaningTooLate';
  if (!options.some((o) => o.value === claim.option)) return 'driverCleaningOption';
  if (claim.photos < CLEANING_MIN_PHOTOS || claim.photos > CLEANING_MAX_PHOTOS) return 'driverCleaningPhotos';
  return null;
}

/** The claim's own fields (the v3 submit's `params`); the photos are the submit's uploaded_image_ids. */
export const cleaningFeeParams: FlowParams<{ option: string; note?: string | undefined }> = {
  schema: z.object({
    option: z.string().trim().min(1).max(64),
    note: z.string().max(CLEANING_NOTE_MAX).optional(),
  }),
  invalid: 'driverCleaningOption',
};

// ---- The timed actions' answer ----

export const articleActionsQuerySchema = z.object({ article_id: z.string().min(1).max(64) });

const timedActionSchema = z.object({
  /** whether the action is offered now */
  open: z.boolean(),
  /** the trip it is about (a finished trip's window, or the live one) */
  crn: z.string().nullable(),
  /** when it closes (ISO), null during the ride or when closed */
  closes_at: z.string().nullable(),
  /** the minutes of the tag */
  minutes: z.number(),
});

export const articleActionsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** null when the article has no emergency_time tag */
  emergency: timedActionSchema.nullable(),
  /** null when the article has no call_driver_expiry_time tag */
  call: timedActionSchema.nullable(),
});
export type ArticleActions = z.infer<typeof articleActionsResponseSchema>;
export type TimedAction = z.infer<typeof timedActionSchema>;

export const callCustomerSchema = z.object({
  article_id: z.string().min(1).max(64),
  crn: z.string().min(1).max(32),
});

// ---- The partner's side of a lost item ----

/** What the partner can do next with a request (the page's buttons). */
export type PartnerLostItemStep = 'answer' | 'handover' | 'done' | 'closed';

/**
 * The partner's next step: answer found / not found while we are still waiting for them (calling, waiting, or the
 * call did not reach them); once found (and after the customer arranged the pick-up), call the customer and confirm
 * the hand-over; after it, done. Not found, or a ticket raised instead, closes it for the partner.
 */
export function partnerLostItemStep(lab: {
  state: string;
  ticket_id: string | null;
  handed_over: boolean;
}): PartnerLostItemStep {
  if (lab.handed_over) return 'done';
  if (lab.ticket_id) return 'closed';
  if (lab.state === 'calling_driver' || lab.state === 'awaiting_driver' || lab.state === 'driver_unreachable') {
    return 'answer';
  }
  if (lab.state === 'driver_found' || lab.state === 'resolved') return 'handover';
  return 'closed';
}

export const partnerLostItemSchema = z.object({
  request_id: z.string(),
  crn: z.string(),
  /** the ride's pickup time (ISO) */
  ride_date: z.string(),
  item: z.object({
    item_description: z.string(),
    item_name: z.string().optional(),
    item_color: z.string().optional(),
    item_brand: z.string().optional(),
    item_type: z.string().optional(),
    item_at: z.string().optional(),
  }),
  state: labStateSchema,
  step: z.enum(['answer', 'handover', 'done', 'closed']),
  handed_over_at: z.string().nullable(),
  reported_at: z.string(),
});
export type PartnerLostItem = z.infer<typeof partnerLostItemSchema>;

export const partnerLostItemsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: z.array(partnerLostItemSchema),
});

export const partnerLostItemAnswerSchema = z.object({
  request_id: z.string().min(1).max(64),
  found: z.boolean(),
  note: z.string().trim().max(300).optional(),
});
export const partnerLostItemHandoverSchema = z.object({ request_id: z.string().min(1).max(64) });
export const partnerLostItemResponseSchema = z.object({ status: z.literal('SUCCESS'), item: partnerLostItemSchema });
