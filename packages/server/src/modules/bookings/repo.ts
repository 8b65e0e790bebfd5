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
 * A list entry as JSON text written by the database: three objects holding, in the order of the contract's
 * customerBookingSchema, every field but its three numbers and two derived strings, which the service writes
 * between them (fare, currency_symbol, context after `head`; date_entered_timestamp after `middle`). Turning 26 rows
 * of 28 columns into objects and writing them out again was most of the list page's time (docs/performance.md
 * "Article answers and the bookings page"); SQLite's json_object and PostgreSQL's to_json escape text as
 * JSON.stringify does (bookings-list-json.test.ts checks the bytes on both).
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

type JsonField = [key: string, value: { column: string } | { flag: string } | { object: JsonField[] }];

const entryFields: Record<'head' | 'middle' | 'tail', JsonField[]> = {
  head: [
    ['id', { column: 'id' }],
    ['crn', { column: 'crn' }],
    ['osn', { column: 'osn' }],
    ['brand', { column: 'brand' }],
    ['status', { column: 'status' }],
    ['sub_status', { column: 'sub_status' }],
    ['cab_category', { column: 'cab_category' }],
    ['vehicle_category', { column: 'vehicle_category' }],
  ],
  middle: [
    ['rtf_status', { column: 'rtf_status' }],
    ['city', { column: 'city' }],
    ['country', { column: 'country' }],
    ['saas_ride', { flag: 'saas_ride' }],
    ['service_country', { column: 'service_country' }],
    ['service_info', { object: [['service_city', { column: 'service_city' }]] }],
    ['krutrim_chat', { flag: 'krutrim_chat' }],
    ['pickup_date', { column: 'pickup_date' }],
  ],
  tail: [
    ['pickup_location', { column: 'pickup_location' }],
    ['drop_location', { column: 'drop_location' }],
    ['driver_image_url', { column: 'driver_image_url' }],
    ['map_img_url', { column: 'map_img_url' }],
    ['clickable', { flag: 'clickable' }],
    ['display_car_name', { column: 'display_car_name' }],
    ['priority_support_image_visible', { flag: 'priority_support_image_visible' }],
    ['user_id', { column: 'user_id' }],
    [
      'customer_address_details',
      { object: [['customer_details', { object: [['email', { column: 'customer_email' }]] }]] },
    ],
  ],
};

/**
 * The SQL writing one JSON object, compact (no spaces). SQLite: json_object. PostgreSQL: text put together, each
 * value by to_json (its json_build_object puts spaces around the colons). Constant text only: the column names and
 * keys are ours, no input goes in.
 */
function jsonObjectSql(dialect: DialectName, fields: JsonField[], row = ''): string {
  const flag = (column: string) => `CASE WHEN ${row}"${column}" = 1 THEN 'true' ELSE 'false' END`;
  if (dialect === 'sqlite') {
    const value = (v: JsonField[1]) =>
      'column' in v
        ? `${row}"${v.column}"`
        : 'flag' in v
          ? `json(${flag(v.flag)})`
          : jsonObjectSql(dialect, v.object, row);
    return `json_object(${fields.map(([key, v]) => `'${key}', ${value(v)}`).join(', ')})`;
  }
  const value = (v: JsonField[1]) =>
    'column' in v
      ? `coalesce(to_json(${row}"${v.column}")::text, 'null')`
      : 'flag' in v
        ? `(${flag(v.flag)})`
        : jsonObjectSql(dialect, v.object, row);
  return `('{' || ${fields.map(([key, v], i) => `'${i === 0 ? '' : ','}"${key}":' || ${value(v)}`).join(' || ')} || '}')`;
}

/** The columns the list entry's JSON pieces show. */
function shownColumns(fields: JsonField[]): string[] {
  return fields.flatMap(([, v]) => ('column' in v ? [v.column] : 'flag' in v ? [v.flag] : shownColumns(v.object)));
}

/**
 * The SQL that keeps a row's list pieces (list_head, list_middle, list_tail) written, run by migration 0048: on
 * SQLite two triggers (a new row; a change to a shown column) that write them after the change, on PostgreSQL one
 * function setting them before the row is stored. Every writer of bookings (the flows, erasure, the seed, a restore,
 * a hand-made UPDATE) keeps them right without knowing. A change to entryFields needs a migration that runs this again
 * (bookings-list-json.test.ts fails until then: the pieces are compared with the serialiser's bytes).
 */
export function listJsonTriggerSql(dialect: DialectName): string[] {
  if (dialect === 'sqlite') {
    const set = listPiecesSet('sqlite');
    const columns = [...new Set(PIECES.flatMap((name) => shownColumns(entryFields[name])))]
      .map((c) => `"${c}"`)
      .join(', ');
    return [
      `create trigger bookings_list_json_insert after insert on bookings begin update bookings set ${set} where id = new.id; end`,
      // The trigger's own update sets no shown column, so it does not fire itself.
      `create trigger bookings_list_json_update after update of ${columns} on bookings begin update bookings set ${set} where id = new.id; end`,
    ];
  }
  const set = PIECES.map((name) => `new.list_${name} := ${jsonObjectSql('postgres', entryFields[name], 'new.')};`).join(
    ' ',
  );
  return [
    `create or replace function bookings_list_json() returns trigger language plpgsql as $$ begin ${set} return new; end $$`,
    'create trigger bookings_list_json before insert or update on bookings for each row execute function bookings_list_json()',
  ];
}

/** The pieces of rows written before the triggers (migration 0048): the same expressions, run once. */
export function listJsonBackfillSql(dialect: DialectName): string {
  return `update bookings set ${listPiecesSet(dialect)}`;
}

const PIECES = ['head', 'middle', 'tail'] as const;

/** `list_head = …, list_middle = …, list_tail = …`: each stored piece made from the row's own columns. */
function listPiecesSet(dialect: DialectName): string {
  return PIECES.map((name) => `list_${name} = ${jsonObjectSql(dialect, entryFields[name])}`).join(', ');
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
  const variant = `${dialect}${status ? 's' : ''}${after ? 'a' : ''}${limit}`;
  let compiled = variants.get(variant);
  if (!compiled) {
    // Built with a marker for each parameter, so the order Kysely gives them in is read, never assumed.
    const marker = (name: string) => `\u0000${name}`;
    let q = db
      .selectFrom('bookings')
      .select([
        // Stored by the database on every change of the row (listJsonTriggerSql): read, not written, per request.
        sql<string>`list_head`.as('head'),
        sql<string>`list_middle`.as('middle'),
        sql<string>`list_tail`.as('tail'),
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
      // Written in, not bound: SQLite (3.4x and later) reads a bound LIMIT when it plans, so every new binding of
      // it expired the statement and the page's SQL was parsed and planned again on every request.
      .limit(sql.lit(Math.trunc(limit)))
      .compile();
    compiled = { sql: built.sql, order: built.parameters.map((p) => String(p).slice(1)) };
    variants.set(variant, compiled);
  }
  const values: Record<string, unknown> = { user: userId, audience, status, t: after?.t, i: after?.i };
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
