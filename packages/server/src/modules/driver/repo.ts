import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

// All SQL of the driver area (docs/driver.md). Every query is scoped by the partner's user id: a ride of another
// partner is never read.

type Db = Kysely<Database> | Transaction<Database>;

/** A partner booking with its ledger row. */
function driverRides(db: Db, userId: string) {
  return db
    .selectFrom('bookings')
    .innerJoin('driver_rides', 'driver_rides.booking_id', 'bookings.id')
    .selectAll('bookings')
    .select([
      'driver_rides.id as ride_id',
      'driver_rides.commission',
      'driver_rides.incentive',
      'driver_rides.ended_short_km',
      'driver_rides.gps_pings',
    ])
    .where('bookings.user_id', '=', userId)
    .where('driver_rides.user_id', '=', userId)
    .where('bookings.audience', '=', 'driver');
}

export type DriverRideRow = NonNullable<Awaited<ReturnType<typeof findDriverRideByCrn>>>;

/**
 * One page of the partner's rides, newest first (the booking id breaks ties), starting after `after`;
 * `limit` rows at most.
 */
export function listDriverRides(
  db: Db,
  userId: string,
  opts: { limit: number; after: { ts: number; id: string } | null; status: string | null },
) {
  let q = driverRides(db, userId);
  if (opts.status) q = q.where('bookings.status', '=', opts.status);
  const after = opts.after;
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('bookings.date_entered_timestamp', '<', after.ts),
        eb.and([eb('bookings.date_entered_timestamp', '=', after.ts), eb('bookings.id', '<', after.id)]),
      ]),
    );
  }
  return q
    .orderBy('bookings.date_entered_timestamp', 'desc')
    .orderBy('bookings.id', 'desc')
    .limit(opts.limit)
    .execute();
}

export function findDriverRideByCrn(db: Db, userId: string, crn: string) {
  return driverRides(db, userId).where('bookings.crn', '=', crn).executeTakeFirst();
}

export function findDriverRideById(db: Db, userId: string, rideId: string) {
  return driverRides(db, userId).where('driver_rides.id', '=', rideId).executeTakeFirst();
}

export function findCountryDialingCode(db: Db, countryCode: string) {
  return db.selectFrom('countries').select('dialing_code').where('country_code', '=', countryCode).executeTakeFirst();
}
