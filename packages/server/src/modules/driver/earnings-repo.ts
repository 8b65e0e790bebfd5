import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// The SQL of the driver's earnings (docs/driver.md "Earnings"). Every query is scoped by the partner's user id, on
// the booking and on its ledger row alike: another partner's ride or car is never read.

/** The partner's rides that earned or were charged something (the rides with an earning statement), in a window. */
export function listEarningRides(
  db: Kysely<Database>,
  userId: string,
  opts: { fromIso: string; toIso: string; car: string | null; city: string | null },
) {
  let q = db
    .selectFrom('bookings')
    .innerJoin('driver_rides', 'driver_rides.booking_id', 'bookings.id')
    .select([
      'bookings.id',
      'bookings.pickup_date',
      'bookings.fare',
      'bookings.bill',
      'bookings.cash_involved',
      'bookings.currency_country',
      'driver_rides.commission',
      'driver_rides.incentive',
    ])
    .where('bookings.user_id', '=', userId)
    .where('driver_rides.user_id', '=', userId)
    .where('bookings.audience', '=', 'driver')
    .where('bookings.status', 'in', ['completed', 'cancelled'])
    .where('bookings.fare', '>', 0)
    .where('bookings.pickup_date', '>=', opts.fromIso)
    .where('bookings.pickup_date', '<', opts.toIso);
  if (opts.car) q = q.where('bookings.car_number', '=', opts.car);
  if (opts.city) q = q.where('bookings.city', '=', opts.city);
  return q.orderBy('bookings.pickup_date').orderBy('bookings.id').execute();
}

/** The cities the partner drove in, by name. */
export function listDriverCities(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('bookings')
    .innerJoin('driver_rides', 'driver_rides.booking_id', 'bookings.id')
    .select(['bookings.city as name', 'bookings.country as country_code'])
    .distinct()
    .where('bookings.user_id', '=', userId)
    .where('driver_rides.user_id', '=', userId)
    .where('bookings.audience', '=', 'driver')
    .orderBy('bookings.city')
    .execute();
}

/** A fleet partner's attached cars (migration 0037), in the order they were attached. */
export function listAttachedCars(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('driver_cars')
    .select(['car_number', 'car_model', 'car_category'])
    .where('user_id', '=', userId)
    .orderBy('attached_at')
    .orderBy('id')
    .execute();
}
