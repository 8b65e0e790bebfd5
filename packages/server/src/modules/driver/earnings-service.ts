import {
  type AttachedCar,
  addDays,
  aggregateEarnings,
  type Bill,
  coded,
  type DriverCity,
  driverTimeZone,
  type EarningsHistory,
  type earningsHistoryRequestSchema,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { listAttachedCars, listDriverCities, listEarningRides } from './earnings-repo.ts';

// The driver's earnings (issue 18 item 5; docs/driver.md "Earnings"): the rules of who may ask, and the sums, which
// are the earning statements of the driver's own rides added up (contract aggregateEarnings).

/**
 * Earnings are a driver's: a customer has none (the driver rides' 403), and a food-delivery rider's deliveries are
 * paid by the delivery side, not summed here (403 with its own message).
 */
export function requireEarningsDriver(user: UserRow): UserRow {
  if (user.role === 'food_delivery_rider') throw new AppError('FORBIDDEN', coded('foodRiderNoEarnings'));
  if (user.role !== 'driver') throw new AppError('FORBIDDEN', coded('driverRidesOnly'));
  return user;
}

export async function attachedCars(db: Kysely<Database>, user: UserRow): Promise<AttachedCar[]> {
  return listAttachedCars(db, user.id);
}

export async function driverCities(db: Kysely<Database>, user: UserRow): Promise<DriverCity[]> {
  return listDriverCities(db, user.id);
}

const tollOf = (bill: string | null) =>
  bill
    ? ((JSON.parse(bill) as Bill).lines ?? []).filter((l) => l.key === 'toll').reduce((sum, l) => sum + l.amount, 0)
    : 0;

export async function earningsHistory(
  db: Kysely<Database>,
  user: UserRow,
  request: z.output<typeof earningsHistoryRequestSchema>,
): Promise<EarningsHistory> {
  const car = request.car ?? null;
  if (car) {
    // Only one of the partner's own attached cars: another car number is refused, never summed.
    const cars = await listAttachedCars(db, user.id);
    if (!cars.some((c) => c.car_number === car)) {
      throw new AppError('VALIDATION_FAILED', coded('earningsCarUnknown'), {
        car: coded('earningsCarUnknown').message,
      });
    }
  }
  const timeZone = driverTimeZone(user.country_code);
  // A day earlier and a day later than the period in UTC covers every time zone; the rides' local days then decide.
  const rows = await listEarningRides(db, user.id, {
    fromIso: `${addDays(request.from, -1)}T00:00:00.000Z`,
    toIso: `${addDays(request.to, 2)}T00:00:00.000Z`,
    car,
    city: request.city ?? null,
  });
  const { buckets, totals } = aggregateEarnings(
    rows.map((r) => ({
      at: Date.parse(r.pickup_date),
      fare: r.fare,
      tolls: tollOf(r.bill),
      commission: r.commission,
      incentives: r.incentive,
      cash: r.cash_involved === 1,
    })),
    { from: request.from, to: request.to, granularity: request.granularity, timeZone },
  );
  return {
    from: request.from,
    to: request.to,
    granularity: request.granularity,
    time_zone: timeZone,
    currency_country: rows[0]?.currency_country ?? user.country_code,
    car,
    city: request.city ?? null,
    buckets,
    totals,
  };
}
