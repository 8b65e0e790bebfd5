import {
  BOOKINGS_MAX_PAGES,
  BOOKINGS_PAGE_SIZE,
  type CustomerBooking,
  carCategoryIndexes,
  coded,
  currencySymbols,
  helpContextKey,
  mayListBookings,
  saasIndexes,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DialectName } from '../../db/database.ts';
import type { BookingRow, Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmac, safeEqual } from '../../lib/crypto.ts';
import { writerOf } from '../../plugins/serializer.ts';
import { findArticle } from '../kb/repo.ts';
import {
  type BookingListEntryRow,
  type Cursor,
  type CustomerBookingRow,
  listBookingPage,
  listBookings,
  listCities,
} from './repo.ts';

export function toCustomerBooking(b: CustomerBookingRow): CustomerBooking {
  return {
    id: b.id,
    crn: b.crn,
    osn: b.osn,
    brand: b.brand,
    status: b.status,
    sub_status: b.sub_status,
    cab_category: b.cab_category,
    vehicle_category: b.vehicle_category,
    fare: b.fare,
    currency_symbol: currencySymbols[b.currency_country] ?? '',
    // The help context of the booking's state chooses the categories of 'Choose an Issue'.
    context: helpContextKey(b),
    rtf_status: b.rtf_status,
    city: b.city,
    country: b.country,
    saas_ride: b.saas_ride === 1,
    service_country: b.service_country,
    service_info: { service_city: b.service_city },
    krutrim_chat: b.krutrim_chat === 1,
    pickup_date: b.pickup_date,
    date_entered_timestamp: b.date_entered_timestamp,
    pickup_location: b.pickup_location,
    drop_location: b.drop_location,
    driver_image_url: b.driver_image_url,
    map_img_url: b.map_img_url,
    clickable: b.clickable === 1,
    display_car_name: b.display_car_name,
    priority_support_image_visible: b.priority_support_image_visible === 1,
    user_id: b.user_id,
    customer_address_details: { customer_details: { email: b.customer_email } },
  };
}

/**
 * Whose bookings a user lists (core.md §6): customers the rides they took, drivers the rides they drove.
 * Food-delivery riders cannot list bookings: a permanent 403, which the web shows without a retry.
 */
export function bookingAudience(user: UserRow): { userId: string; audience: BookingRow['audience'] } {
  if (!mayListBookings(user.role)) throw new AppError('FORBIDDEN', coded('foodRiderNoBookings'));
  return { userId: user.id, audience: user.role === 'customer' ? 'customer' : 'driver' };
}

/** One page of a list, whatever shape its call answers it in. */
export interface BookingPage {
  bookings: CustomerBooking[];
  pageNo: number;
  /** the key of the next page, null on the last one (and on page 10) */
  pageKey: string | null;
}

/** A page of bookings and the signed key of the page after it, when there is one. */
function bookingPage(
  secret: string,
  at: { user: string; list: string; page: number },
  rows: CustomerBookingRow[],
  next: PageKey['cursor'] | null,
): BookingPage {
  return {
    bookings: rows.map(toCustomerBooking),
    pageNo: at.page,
    pageKey: next ? signPageKey(secret, { ...at, page: at.page + 1, cursor: next }) : null,
  };
}

/** The list's answer: its entries as JSON text (the array, written as the response schema writes it) and next key. */
export interface BookingListAnswer {
  /** `[…]`: the page's entries, byte for byte what the response schema's serialiser writes for them */
  data: string;
  pageNo: number;
  pageKey: string | null;
}

// The writers the route's serialiser uses for a string and a number (fast-json-stringify, plugins/serializer.ts).
const writeString = writerOf(z.string());
const writeNumber = writerOf(z.number());

/** One list entry's JSON: the database's three objects (listBookingPage) joined, the numbers and derived strings between. */
function entryJson(row: BookingListEntryRow): string {
  return (
    row.head.slice(0, -1) +
    ',"fare":' +
    writeNumber(row.fare) +
    ',"currency_symbol":' +
    writeString(currencySymbols[row.currency_country] ?? '') +
    // The help context of the booking's state chooses the categories of 'Choose an Issue'.
    ',"context":' +
    writeString(helpContextKey(row)) +
    ',' +
    row.middle.slice(1, -1) +
    ',"date_entered_timestamp":' +
    writeNumber(row.date_entered_timestamp) +
    ',' +
    row.tail.slice(1)
  );
}

/**
 * A page of the user's bookings (GET list), newest first, keyset-paged; a status filter is bound into the key. The
 * entries are those of toCustomerBooking, written as JSON by the database and here (listBookingPage, entryJson):
 * the same bytes the response schema's serialiser writes for toCustomerBooking's objects.
 */
export async function bookingListPage(
  db: Kysely<Database>,
  dialect: DialectName,
  secret: string,
  who: { userId: string; audience: BookingRow['audience'] },
  q: { page_no: number; page_key?: string | undefined; status?: string | undefined },
): Promise<BookingListAnswer> {
  assertPage(q.page_no, q.page_key);
  const list = q.status ? `list:${q.status}` : 'list';
  const key = q.page_key ? readPageKey(secret, q.page_key, { user: who.userId, list, page: q.page_no }) : null;
  const after = key && 't' in key.cursor ? key.cursor : null;
  const rows = await listBookingPage(db, dialect, who.userId, who.audience, after, BOOKINGS_PAGE_SIZE + 1, q.status);
  const page = rows.slice(0, BOOKINGS_PAGE_SIZE);
  const last = page.at(-1);
  const more = rows.length > BOOKINGS_PAGE_SIZE && q.page_no < BOOKINGS_MAX_PAGES && last !== undefined;
  const at = { user: who.userId, list, page: q.page_no };
  return {
    data: `[${page.map(entryJson).join(',')}]`,
    pageNo: q.page_no,
    pageKey: more
      ? signPageKey(secret, { ...at, page: at.page + 1, cursor: { t: last.date_entered_timestamp, i: last.id } })
      : null,
  };
}

/**
 * A page of the bookings an article is about (bookings_by_article and bookings-by-type answer the same page, each in
 * its own shape). The article's rule is applied in code: a user has at most a few hundred bookings.
 */
export async function bookingsByArticlePage(
  db: Kysely<Database>,
  secret: string,
  who: { userId: string; audience: BookingRow['audience'] },
  q: { article_id: string; page_no: number; page_key?: string | undefined },
): Promise<BookingPage> {
  assertPage(q.page_no, q.page_key);
  const list = `article:${q.article_id}`;
  const key = q.page_key ? readPageKey(secret, q.page_key, { user: who.userId, list, page: q.page_no }) : null;
  const offset = key && 'offset' in key.cursor ? key.cursor.offset : 0;
  const article = await findArticle(db, q.article_id);
  if (!article) throw new AppError('NOT_FOUND', coded('articleNotFound'));
  const fits = await bookingFilterFor(db, q.article_id, article.index_name);
  const all = (await listBookings(db, who.userId, who.audience, null, 1000)).filter(fits);
  const page = all.slice(offset, offset + BOOKINGS_PAGE_SIZE);
  const more = all.length > offset + BOOKINGS_PAGE_SIZE && q.page_no < BOOKINGS_MAX_PAGES;
  const next = more ? { offset: offset + BOOKINGS_PAGE_SIZE } : null;
  return bookingPage(secret, { user: who.userId, list, page: q.page_no }, page, next);
}

/**
 * Page keys: what the next page starts after, bound to the user, the list and the page number,
 * signed with the server secret. The client cannot read meaning into it or forge one; a key made
 * for another user or list is refused like a forged one.
 */
export interface PageKey {
  user: string;
  list: string;
  page: number;
  cursor: Cursor | { offset: number };
}

export function signPageKey(secret: string, key: PageKey): string {
  const body = Buffer.from(JSON.stringify(key)).toString('base64url');
  return `${body}.${hmac(secret, `page-key:${body}`)}`;
}

export function readPageKey(
  secret: string,
  raw: string,
  expect: { user: string; list: string; page: number },
): PageKey {
  const [body, sig] = raw.split('.');
  if (!body || !sig || !safeEqual(sig, hmac(secret, `page-key:${body}`))) throw invalidPageKey();
  let key: PageKey;
  try {
    key = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PageKey;
  } catch {
    throw invalidPageKey();
  }
  if (key.user !== expect.user || key.list !== expect.list || key.page !== expect.page) throw invalidPageKey();
  return key;
}

function invalidPageKey() {
  return new AppError('VALIDATION_FAILED', coded('pageLinkInvalid'));
}

export function assertPage(pageNo: number, pageKey: string | undefined) {
  if (pageNo > 1 && !pageKey) throw new AppError('VALIDATION_FAILED', coded('pageKeyNeeded'));
  if (pageNo > BOOKINGS_MAX_PAGES) throw new AppError('VALIDATION_FAILED', coded('noBookingFound'));
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** A city further than this from every served city is not ours. */
const CITY_RADIUS_KM = 150;

/** The served city nearest to a point, within CITY_RADIUS_KM (core.md §7 get_city). */
export async function nearestCity(db: Kysely<Database>, here: { lat: number; lng: number }) {
  const nearest = (await listCities(db)).map((c) => ({ c, km: distanceKm(here, c) })).sort((a, b) => a.km - b.km)[0];
  if (!nearest || nearest.km > CITY_RADIUS_KM) throw new AppError('NOT_FOUND', coded('areaNotServed'));
  return nearest.c;
}

/**
 * Which bookings an article is about (docs/bookings.md): the booking states of its top category's
 * contexts, and the vehicle its index is written for (car category or SaaS ride).
 */
export async function bookingFilterFor(
  db: Kysely<Database>,
  articleId: string,
  index: string,
): Promise<(b: BookingRow) => boolean> {
  let node = await findArticle(db, articleId);
  while (node?.parent_id) node = await findArticle(db, node.parent_id);
  const contexts = node ? (JSON.parse(node.contexts) as string[]) : [];
  const saas = Object.entries(saasIndexes).find(([, i]) => i === index)?.[0];
  const cab = Object.entries(carCategoryIndexes).find(([, i]) => i === index)?.[0];
  return (b) =>
    (contexts.length === 0 || contexts.includes(helpContextKey(b))) &&
    (!saas || (b.saas_ride === 1 && b.cab_category === saas)) &&
    (!cab || (b.saas_ride === 0 && b.cab_category === cab));
}
