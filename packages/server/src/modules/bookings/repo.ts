import type { Kysely } from 'kysely';
import type { BookingRow, Database } from '../../db/schema.ts';

export interface Cursor {
  /** date_entered_timestamp and id of the last booking already shown */
  t: number;
  i: string;
}

/** One page of a user's bookings, newest first, after a cursor (keyset paging: no offsets); optionally of one status. */
export function listBookings(
  db: Kysely<Database>,
  userId: string,
  audience: BookingRow['audience'],
  after: Cursor | null,
  limit: number,
  status?: string,
): Promise<BookingRow[]> {
  let q = db.selectFrom('bookings').selectAll().where('user_id', '=', userId).where('audience', '=', audience);
  if (status) q = q.where('status', '=', status);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('date_entered_timestamp', '<', after.t),
        eb.and([eb('date_entered_timestamp', '=', after.t), eb('id', '<', after.i)]),
      ]),
    );
  }
  return q.orderBy('date_entered_timestamp', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** A booking of this user only: another user's id or CRN finds nothing. */
export function findOwnBooking(
  db: Kysely<Database>,
  userId: string,
  by: { id?: string; crn?: string; brand?: string },
) {
  let q = db.selectFrom('bookings').selectAll().where('user_id', '=', userId);
  if (by.id) q = q.where('id', '=', by.id);
  if (by.crn) q = q.where('crn', '=', by.crn);
  if (by.brand) q = q.where('brand', '=', by.brand);
  return q.executeTakeFirst();
}

export function listCities(db: Kysely<Database>) {
  return db.selectFrom('cities').selectAll().execute();
}
