import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
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

/** The columns a booking's list entry is made of (toCustomerBooking). */
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

/**
 * A list entry as JSON text written by the database, in the order and shape of the contract's customerBookingSchema,
 * but for its three numbers and two derived strings, which the service writes (fare, currency_symbol, context;
 * date_entered_timestamp): `head` + fare + currency_symbol + context + `middle` + date_entered_timestamp + `tail`.
 * Turning 26 rows of 28 columns into objects and writing them out again was most of the list page's time
 * (docs/performance.md "Article answers and the bookings page"); text from SQLite's json_quote or PostgreSQL's
 * to_json is escaped as JSON.stringify escapes (bookings-list-json.test.ts checks the bytes on both).
 */
export interface BookingListEntryRow {
  head: string;
  middle: string;
  tail: string;
  id: string;
  status: string;
  sub_status: string | null;
  fare: number;
  currency_country: string;
  date_entered_timestamp: number;
}

/** The SQL of the entry's JSON pieces (constant text: column names and keys are ours, no input goes in). */
function entryPieces(dialect: DialectName) {
  const text = (column: string) =>
    dialect === 'postgres' ? `coalesce(to_json("${column}")::text, 'null')` : `json_quote("${column}")`;
  const flag = (column: string) => `(CASE WHEN "${column}" = 1 THEN 'true' ELSE 'false' END)`;
  const fields = (list: [key: string, value: string][]) =>
    list.map(([key, value], i) => `'${i === 0 ? '' : ','}"${key}":' || ${value}`).join(' || ');
  const head = fields([
    ['id', text('id')],
    ['crn', text('crn')],
    ['osn', text('osn')],
    ['brand', text('brand')],
    ['status', text('status')],
    ['sub_status', text('sub_status')],
    ['cab_category', text('cab_category')],
    ['vehicle_category', text('vehicle_category')],
  ]);
  const middle = fields([
    ['rtf_status', text('rtf_status')],
    ['city', text('city')],
    ['country', text('country')],
    ['saas_ride', flag('saas_ride')],
    ['service_country', text('service_country')],
    ['service_info', `'{"service_city":' || ${text('service_city')} || '}'`],
    ['krutrim_chat', flag('krutrim_chat')],
    ['pickup_date', text('pickup_date')],
  ]);
  const tail = fields([
    ['pickup_location', text('pickup_location')],
    ['drop_location', text('drop_location')],
    ['driver_image_url', text('driver_image_url')],
    ['map_img_url', text('map_img_url')],
    ['clickable', flag('clickable')],
    ['display_car_name', text('display_car_name')],
    ['priority_support_image_visible', flag('priority_support_image_visible')],
    ['user_id', text('user_id')],
    ['customer_address_details', `'{"customer_details":{"email":' || ${text('customer_email')} || '}}'`],
  ]);
  return {
    head: sql<string>`${sql.raw(`'{' || ${head} || ',"fare":'`)}`.as('head'),
    middle: sql<string>`${sql.raw(`',' || ${middle} || ',"date_entered_timestamp":'`)}`.as('middle'),
    tail: sql<string>`${sql.raw(`',' || ${tail} || '}'`)}`.as('tail'),
  };
}

/** The list page's SQL per database and variant (status filter, cursor), built by Kysely once: see listBookingPage. */
const pageSql = new WeakMap<object, Map<string, { sql: string; order: string[] }>>();

/**
 * One page of the list (listBookings' rows) as its entries' JSON pieces: only the columns its entries show, and its
 * SQL built once per database and variant instead of per request (docs/performance.md "Per-request cost").
 */
export async function listBookingPage(
  db: Kysely<Database>,
  dialect: DialectName,
  userId: string,
  audience: BookingRow['audience'],
  after: Cursor | null,
  limit: number,
  status?: string,
): Promise<BookingListEntryRow[]> {
  let variants = pageSql.get(db);
  if (!variants) {
    variants = new Map();
    pageSql.set(db, variants);
  }
  const variant = `${dialect}${status ? 's' : ''}${after ? 'a' : ''}`;
  let compiled = variants.get(variant);
  if (!compiled) {
    // Built with a marker for each parameter, so the order Kysely gives them in is read, never assumed.
    const marker = (name: string) => `\u0000${name}`;
    const pieces = entryPieces(dialect);
    let q = db
      .selectFrom('bookings')
      .select([
        pieces.head,
        pieces.middle,
        pieces.tail,
        'id',
        'status',
        'sub_status',
        'fare',
        'currency_country',
        'date_entered_timestamp',
      ])
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
  return (await db.executeQuery<BookingListEntryRow>(query)).rows;
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
