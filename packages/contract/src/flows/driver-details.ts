/**
 * Driver details (guided-flows.md §3 "Driver details payload", docs/flows/driver-details.md): a step of the lost-item
 * article (call_type cab_belonging) that shows who drove the user's ride and in which car, with a call button that
 * goes through the telephony provider — the driver's number never reaches the page.
 */
import { z } from 'zod';

/** The call types whose submit may ask for the driver details (the lost-item articles). */
export const DRIVER_DETAILS_CALL_TYPES: readonly string[] = ['cab_belonging'];
/** The submit's reason_submitted that asks for them; the handler refuses any other. */
export const SHOW_DRIVER_DETAILS = 'show_driver_details';
/** A ride's driver is shown while it is on and for this many hours after it ended (our window; the spec gives none). */
export const DRIVER_DETAILS_WINDOW_HOURS = 24;
/** guided-flows.md §9: the driver's name is cut to this many characters on small screens. */
export const DRIVER_NAME_SHOWN_MAX = 25;

/** Ride statuses during which the ride is on: its driver is always shown. */
const ON_RIDE = new Set(['ongoing', 'in progress']);

/** Whether a ride's driver may be shown now: on the ride, or within the window after it ended (stop_at). */
export function driverDetailsOpen(ride: { status: string; stop_at: string | null }, now = Date.now()): boolean {
  if (ON_RIDE.has(ride.status)) return true;
  if (!ride.stop_at) return false;
  const ended = Date.parse(ride.stop_at);
  return Number.isFinite(ended) && ended <= now && now - ended <= DRIVER_DETAILS_WINDOW_HOURS * 3600_000;
}

/** The name as the answer gives it (driver_first_name, driver_last_name): the first word, then the rest. */
export function splitDriverName(full: string): { first: string; last: string } {
  const [first = '', ...rest] = full.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/** The name cut to DRIVER_NAME_SHOWN_MAX characters (with an ellipsis), for narrow screens; whole when it fits. */
export function shortDriverName(name: string): string {
  const chars = [...name];
  return chars.length <= DRIVER_NAME_SHOWN_MAX ? name : `${chars.slice(0, DRIVER_NAME_SHOWN_MAX - 1).join('')}…`;
}

/** The masked call to the driver (ours; the spec shows no path): started by the user, answered by the provider. */
export const driverCallPaths = {
  callDriver: '/api/driver_details/call_driver',
  callStatus: '/api/driver_details/call_status',
  /** the telephony provider's report (server to server, the shared secret) */
  callResult: '/api/driver_details/call_result',
} as const;

export const driverCallRequestSchema = z.object({ booking_id: z.string().max(64) });
export const driverCallStatusQuerySchema = z.object({ call_id: z.string().max(64) });
export const driverCallResultSchema = z.object({ request_id: z.string().max(64), connected: z.boolean() });

export const driverCallStateSchema = z.enum(['calling', 'connected', 'failed']);
/** A call's answer: where it stands and what to tell the user (by code). */
export const driverCallResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  call_id: z.string(),
  state: driverCallStateSchema,
  message: z.string(),
  code: z.string(),
});
export type DriverCallResponse = z.infer<typeof driverCallResponseSchema>;
