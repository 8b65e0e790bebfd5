import { CompiledQuery, type Kysely } from 'kysely';
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

/** The columns a booking's list entry is made of (toCustomerBooking): the list reads no others. */
export const CUSTOMER_BOOKING_COLUMNS = [
  'id',
  'crn',
  'osn',
  'brand',
  'status',
  'sub_status',
  'cab_category',
  'vehicle_category',
  'fare',
  'currency_country',
  'rtf_status',
  'city',
  'country',
  'saas_ride',
  'service_country',
  'service_city',
  'krutrim_chat',
  'pickup_date',
  'date_entered_timestamp',
  'pickup_location',
  'drop_location',
  'driver_image_url',
  'map_img_url',
  'clickable',
  'display_car_name',
  'priority_support_image_visible',
  'user_id',
  'customer_email',
] as const satisfies readonly (keyof BookingRow)[];
export type CustomerBookingRow = Pick<BookingRow, (typeof CUSTOMER_BOOKING_COLUMNS)[number]>;

/** The list page's SQL per database and variant (status filter, cursor), built by Kysely once: see listBookingPage. */
const pageSql = new WeakMap<object, Map<string, { sql: string; order: string[] }>>();

/**
 * listBookings for the list page: only the columns its entries show (a third of the row's values are not), and its
 * SQL built once per database and variant instead of per request (docs/performance.md "Per-request cost").
 */
export async function listBookingPage(
  db: Kysely<Database>,
  userId: string,
  audience: BookingRow['audience'],
  after: Cursor | null,
  limit: number,
  status?: string,
): Promise<CustomerBookingRow[]> {
  let variants = pageSql.get(db);
  if (!variants) {
    variants = new Map();
    pageSql.set(db, variants);
  }
  const variant = `${status ? 's' : ''}${after ? 'a' : ''}`;
  let compiled = variants.get(variant);
  if (!compiled) {
    // Built with a marker for each parameter, so the order Kysely gives them in is read, never assumed.
    const marker = (name: string) => `\u0000${name}`;
    let q = db
      .selectFrom('bookings')
      .select(CUSTOMER_BOOKING_COLUMNS)
      .where('user_id', '=', marker('user'))
      .where('audience', '=', marker('audience') as BookingRow['audience']);
    if (status) q = q.where('status', '=', marker('status'));
    if (after) {
      const t = marker('t') as unknown as number;
      q = q.where((eb) =>
        eb.or([
          eb('date_entered_timestamp', '<', t),
          eb.and([eb('date_entered_timestamp', '=', t), eb('id', '<', marker('i'))]),
        ]),
      );
    }
    const built = q
      .orderBy('date_entered_timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(marker('limit') as unknown as number)
      .compile();
    compiled = { sql: built.sql, order: built.parameters.map((p) => String(p).slice(1)) };
    variants.set(variant, compiled);
  }
  const values: Record<string, unknown> = { user: userId, audience, status, t: after?.t, i: after?.i, limit };
  const query = CompiledQuery.raw(
    compiled.sql,
    compiled.order.map((name) => values[name]),
  );
  return (await db.executeQuery<CustomerBookingRow>(query)).rows;
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
