import { withCrnCheckDigit } from '@selfserve/contract';
import type { BookingsTable, DriverRidesTable } from '../schema.ts';
import { DAY, HOUR, MINUTE } from './common.ts';
import { buildDriverLedger } from './driver-rides.ts';
import { user } from './users.ts';

/** CRNs of these rides: a range of their own (the driver rides use 541,700,000 on). */
const CRN_BASE = 547_300_000;

export const CLEANING_DEMO_BOOKING = 'bk_ramesh_clean';
export const LAB_DEMO_BOOKING = 'bk_lab_ramesh';

export interface DriverArticlesData {
  bookings: BookingsTable[];
  driver_rides: DriverRidesTable[];
}

/**
 * The demo rows of the driver's one-touch articles (docs/driver.md "Driver one-touch articles"), copies of rides the
 * main seed built (so every column is real), dated from the anchor:
 * - ramesh's trip that ended 2¼ hours before the anchor: within the 24 hours of a cleaning-fee claim;
 * - a ride of riya's (Bengaluru) that ramesh drove (its driver number is his) a day before the anchor, for the
 *   partner's side of a lost item: riya reports an item on it (left-a-belonging), and its CRN ends in 9, so the demo
 *   telephony finds ramesh busy (docs/left-belonging.md) and the request waits for his answer in the app; a call back
 *   to riya connects.
 */
export function buildDriverArticlesData(anchor: number, bookings: readonly BookingsTable[]): DriverArticlesData {
  const ramesh = user('ramesh').row;
  const ownTrip = bookings.find((b) => b.user_id === ramesh.id && b.audience === 'driver' && b.status === 'completed');
  const riya = user('riya').row;
  const customerRide = bookings.find((b) => b.user_id === riya.id && b.status === 'completed' && b.driver_phone);
  if (!ownTrip || !customerRide) throw new Error('The driver articles demo needs a completed ride of each kind');

  const dated = (b: BookingsTable, id: string, crn: string, endedAgo: number, minutes: number): BookingsTable => {
    const stop = anchor - endedAgo;
    const pickup = stop - minutes * MINUTE;
    return {
      ...b,
      id,
      crn,
      date_entered_timestamp: pickup - 6 * MINUTE,
      pickup_date: new Date(pickup).toISOString(),
      stop_at: new Date(stop).toISOString(),
    };
  };
  const crns = Array.from({ length: 20 }, (_, i) => withCrnCheckDigit(String(CRN_BASE + i * 1_301)));
  const unreachable = crns.find((c) => c.endsWith('9')) ?? '';
  const clean = dated(
    ownTrip,
    CLEANING_DEMO_BOOKING,
    crns.find((c) => c !== unreachable) ?? '',
    2 * HOUR + 15 * MINUTE,
    34,
  );
  const lost = {
    ...dated(customerRide, LAB_DEMO_BOOKING, unreachable, DAY + HOUR, 27),
    driver_name: ramesh.name,
    driver_phone: ramesh.mobile,
    car_model: ownTrip.car_model,
    car_number: ownTrip.car_number,
  };
  return {
    bookings: [clean, lost],
    driver_rides: buildDriverLedger(anchor, [clean]),
  };
}
