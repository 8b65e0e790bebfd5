import {
  CALLBACK_REPEAT_WINDOW_MINUTES,
  type ClickToCallValue,
  type CodedMessage,
  callActionOpen,
  coded,
  MASKED_CALL_STATUSES,
  type PlainMessageCode,
  rideEndedAt,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { BookingRow, Database } from '../../db/schema.ts';
import type { BridgeCall, CallbackOutcome, ClickToCallOutcome, Telephony } from '../telephony/telephony.ts';
import { closeRequest } from './repo.ts';

/**
 * The provider's word on a click-to-call as the spec's value (core.md §4) and the sentence that goes with it
 * (docs/telephony.md "Click-to-call"): ringing → SUCCESS, no network → NO_NETWORK, nobody free → FAILURE (the
 * overlay), the number refused → INVALID_TOKEN (sign in again), anything else → ERROR (the generic failure).
 */
export function clickToCallAnswer(outcome: ClickToCallOutcome): { status: ClickToCallValue; said: CodedMessage } {
  switch (outcome) {
    case 'ringing':
      return { status: 'SUCCESS', said: coded('clickToCallPlaced') };
    case 'no_network':
      return { status: 'NO_NETWORK', said: coded('clickToCallNoNetwork') };
    case 'not_answered':
      return { status: 'FAILURE', said: coded('clickToCallNotAnswered') };
    case 'invalid_number':
      return { status: 'INVALID_TOKEN', said: coded('clickToCallInvalidNumber') };
    case 'error':
      return { status: 'ERROR', said: coded('genericFailure') };
  }
}

/** A refused call-back: the provider's known reason in our words, else the spec's 'Something went wrong!'. */
export function callbackRefusal(outcome: CallbackOutcome): CodedMessage {
  if (!outcome.ok && outcome.reason === 'queue_full') return coded('callbackQueueFull');
  return coded('callbackFailed');
}

export const callbackPlaced = () => coded('callbackRequested', { minutes: CALLBACK_REPEAT_WINDOW_MINUTES });

/**
 * Whether the rider and the driver of a booking may call each other now (docs/telephony.md "Masked rider ↔ driver
 * call"): a driver is assigned and the ride is requested, scheduled or under way. Null when allowed, else why not.
 */
export function maskedCallRefusal(
  booking: Pick<BookingRow, 'status' | 'driver_phone' | 'stop_at' | 'date_entered_timestamp'>,
  /** the minutes of the article's call_driver_expiry_time tag, when the call is made from such an article */
  callExpiryMinutes: number | null = null,
  now = Date.now(),
): CodedMessage | null {
  if (!booking.driver_phone) return coded('maskedCallNoDriver');
  const live = (MASKED_CALL_STATUSES as readonly string[]).includes(booking.status.toLowerCase());
  if (live) return null;
  // From an article with call_driver_expiry_time:{x}, a completed ride may still be called about until x minutes
  // after it ended (contract callActionOpen; docs/driver.md "Driver one-touch articles"); then it has expired.
  if (callExpiryMinutes !== null && booking.status.toLowerCase() === 'completed') {
    const clock = { status: 'completed', endedAt: rideEndedAt({ ...booking, status: 'completed' }) };
    return callActionOpen(clock, callExpiryMinutes, now)
      ? null
      : coded('driverCallExpired', { minutes: callExpiryMinutes });
  }
  return coded('maskedCallNotLive');
}

/** What a request is about, as one string: the same kind, user and subject within the window is a repeat. */
export const subjectOf = (bookingId: string | null, articleId: string | null) =>
  `${bookingId ?? '-'}|${articleId ?? '-'}`;

/**
 * Connects a masked call for a request already opened (rider ↔ driver, a partner and a customer), records whether it
 * was placed, and answers with the sentence of either outcome.
 */
export async function bridgeCall(
  db: Kysely<Database>,
  phone: Telephony,
  call: BridgeCall,
  said: { started: PlainMessageCode; failed: PlainMessageCode },
) {
  const outcome = await phone.bridge(call);
  const placed = outcome === 'ringing';
  await closeRequest(db, call.requestId, { placed, outcome: placed ? 'SUCCESS' : 'FAILURE', providerOutcome: outcome });
  return placed
    ? { status: 'SUCCESS' as const, ...coded(said.started), request_id: call.requestId }
    : { status: 'FAILURE' as const, ...coded(said.failed), request_id: call.requestId };
}
