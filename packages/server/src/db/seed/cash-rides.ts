import { withCrnCheckDigit } from '@selfserve/contract';
import type { BookingsTable } from '../schema.ts';
import { demoBill } from './bills.ts';
import { BookingFactory, type BookingStatus, type CabCategory } from './booking-factory.ts';
import { DAY, HOUR, Rng } from './common.ts';
import { city } from './places.ts';
import { user } from './users.ts';

// Riya's rides for the cash claims (docs/flows/extra-cash.md, docs/flows/paid-cash.md). They are built apart from the
// main sequence — their own random numbers, ids and CRNs — so every other demo ride stays exactly as it was.

const CASH_RIDES_SEED = 0xca5c1a17;
/** Above every CRN of the main sequence (it starts at 518,400,000 and grows a few thousand a ride). */
const CASH_RIDES_CRN_BASE = 539_100_000;

interface CashRide {
  status: BookingStatus;
  cab: CabCategory;
  ago: number;
  /** paid (or to be paid) in cash rather than online */
  cash: boolean;
}

/**
 * Two completed cash rides (extra cash: one for the journey that accepts, one that declines), and four rides whose
 * payment is still due (status pending, sub-status payment_pending: the app shows the fare as due): two set to cash,
 * two to online payment.
 */
const CASH_RIDES: readonly CashRide[] = [
  { status: 'completed', cab: 'mini', ago: 5 * DAY + 2 * HOUR, cash: true },
  { status: 'completed', cab: 'auto', ago: 5 * DAY + 5 * HOUR, cash: true },
  { status: 'pending', cab: 'mini', ago: 6 * DAY + 1 * HOUR, cash: true },
  { status: 'pending', cab: 'auto', ago: 6 * DAY + 3 * HOUR, cash: true },
  { status: 'pending', cab: 'prime', ago: 6 * DAY + 5 * HOUR, cash: false },
  { status: 'pending', cab: 'mini', ago: 6 * DAY + 7 * HOUR, cash: false },
];

export function buildCashRides(anchor: number): BookingsTable[] {
  const factory = new BookingFactory(new Rng(CASH_RIDES_SEED), anchor);
  const riya = user('riya');
  const blr = city('Bengaluru');
  for (const r of CASH_RIDES) {
    factory.add(
      factory.fixedTrip(riya, blr, {
        status: r.status,
        cab: r.cab,
        enteredAgo: r.ago,
        ...(r.status === 'pending' ? { subStatus: 'payment_pending' } : {}),
      }),
    );
  }
  return factory.trips.map(({ trip, row }, i) => {
    const n = String(i + 1).padStart(2, '0');
    const ride = { ...row, id: `bk_riya_cash_${n}`, cash_involved: CASH_RIDES[i]?.cash ? 1 : 0 };
    return { ...ride, bill: demoBill(trip, ride), crn: withCrnCheckDigit(String(CASH_RIDES_CRN_BASE + i * 1_237)) };
  });
}
