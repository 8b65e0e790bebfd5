import {
  type ArticleActions,
  actionClosesAt,
  type CleaningOption,
  callActionOpen,
  cleaningClaimProblem,
  cleaningFeeParams,
  cleaningOptions,
  coded,
  emergencyActionOpen,
  formatFare,
  LIVE_RIDE_STATUSES,
  type PartnerLostItem,
  partnerLostItemStep,
  type RideClock,
  resolveFlow,
  rideEndedAt,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ArticleRow, BookingRow, Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { answer, followUpTicket, needBooking, withParams } from '../onetouch/handler-kit.ts';
import { requireVerifiedEmail } from '../tickets/service.ts';

// The driver's one-touch articles (docs/driver.md "Driver one-touch articles"): the cleaning-fee claim, the timed
// actions of emergency_time / call_driver_expiry_time, and the partner's side of a lost item.

type Db = Kysely<Database>;

const clockOf = (b: Pick<BookingRow, 'status' | 'stop_at' | 'date_entered_timestamp'>): RideClock => ({
  status: b.status,
  endedAt: rideEndedAt(b),
});

/** Only a driver partner claims a cleaning fee (a food-delivery rider carries no passengers). */
function requireDriverPartner(user: UserRow): UserRow {
  if (user.role !== 'driver') throw new AppError('FORBIDDEN', coded('driverHelpOnly'));
  return user;
}

/**
 * The cleaning-fee claim (v3 submit, call_type driver_cleaning_fee): for one of the driver's own completed trips,
 * within 24 hours of its end, one of the article's options (the fee is that option's amount, never a typed one),
 * 2 to 4 photos taken before cleaning. One claim per trip (a unique row, so a retry or a race answers the first);
 * the review team works on its ticket, which carries the photos.
 */
export const driverCleaningFee = withParams(cleaningFeeParams, async (ctx, params) => {
  requireDriverPartner(ctx.user);
  const booking = needBooking(ctx.booking);
  if (booking.audience !== 'driver') throw new AppError('NOT_FOUND', coded('bookingNotFound'));
  const earlier = await ctx.db
    .selectFrom('driver_cleaning_claims')
    .selectAll()
    .where('booking_id', '=', booking.id)
    .executeTakeFirst();
  if (earlier) {
    return answer('NOIMAGE', coded('requestAlreadyReceived'), coded('driverCleaningAlreadyClaimed'), {
      ticket_request_id: earlier.ticket_id,
    });
  }
  const options = cleaningOptions(JSON.parse(ctx.article.options));
  const photos = ctx.body.uploaded_image_ids?.length ?? 0;
  const problem = cleaningClaimProblem(clockOf(booking), { option: params.option, photos }, options, Date.now());
  if (problem) throw new AppError('VALIDATION_FAILED', coded(problem));
  const option = options.find((o) => o.value === params.option) as CleaningOption;
  requireVerifiedEmail(ctx.user);

  const id = newId('dcl');
  try {
    await ctx.db
      .insertInto('driver_cleaning_claims')
      .values({
        id,
        booking_id: booking.id,
        user_id: ctx.user.id,
        article_id: ctx.article.id,
        option: option.value,
        amount: option.amount,
        photos,
        ticket_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return answer('NOIMAGE', coded('requestAlreadyReceived'), coded('driverCleaningAlreadyClaimed'));
  }
  const amount = formatFare(option.amount, booking.currency_country);
  let ticket: Awaited<ReturnType<typeof followUpTicket>>;
  try {
    ticket = await followUpTicket(
      ctx,
      `Cleaning fee claim of ${amount}: ${option.text}`,
      [
        `Cleaning fee claimed for trip ${booking.crn}: ${option.text} (${amount}).`,
        `${photos} photos attached.`,
        ...(params.note?.trim() ? [params.note.trim()] : []),
      ].join('\n'),
    );
  } catch (err) {
    // No ticket, no claim: the driver may send it again.
    await ctx.db.deleteFrom('driver_cleaning_claims').where('id', '=', id).execute();
    throw err;
  }
  await ctx.db
    .updateTable('driver_cleaning_claims')
    .set({ ticket_id: ticket.ticket_id })
    .where('id', '=', id)
    .execute();
  return answer('SUCCESS', coded('driverCleaningClaimedTitle'), coded('driverCleaningClaimed', { amount }), {
    ticket_request_id: ticket.ticket_id,
    csat_required: true,
  });
});

/** The newest ride among `rows`: a live one first, else the one that ended last (completed only). */
function latestRide<T extends Pick<BookingRow, 'status' | 'stop_at' | 'date_entered_timestamp'>>(rows: T[]): T | null {
  const live = rows.find((r) => LIVE_RIDE_STATUSES.includes(r.status));
  if (live) return live;
  let best: T | null = null;
  for (const r of rows) {
    const end = rideEndedAt(r);
    if (end !== null && (best === null || end > (rideEndedAt(best) ?? 0))) best = r;
  }
  return best;
}

const TIMED_STATUSES = [...LIVE_RIDE_STATUSES, 'completed'];

/** The partner's own trips that a timed action can be about (their driver bookings), newest first. */
function ownTrips(db: Db, user: UserRow) {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('audience', '=', 'driver')
    .where('status', 'in', TIMED_STATUSES)
    .orderBy('date_entered_timestamp', 'desc')
    .limit(20)
    .execute();
}

/**
 * The customers' rides the partner drove: the ride's driver number is the partner's registered number (the one link
 * between a customer's booking and its partner in our data; docs/telephony.md).
 */
function drivenRides(db: Db, user: UserRow) {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('audience', '=', 'customer')
    .where('driver_phone', '=', user.mobile)
    .where('status', 'in', TIMED_STATUSES)
    .orderBy('date_entered_timestamp', 'desc')
    .limit(20)
    .execute();
}

/** The article and its timed tags; an article without either has no timed action. */
export function timedTags(article: ArticleRow) {
  const flow = resolveFlow({ labels: JSON.parse(article.labels), label_names: JSON.parse(article.label_names) });
  return { emergency: flow.emergencyMinutes, call: flow.callDriverExpiryMinutes };
}

/**
 * What the article's timed actions offer the partner now (server clock): the emergency action for their latest trip
 * (live, or within x minutes of its end), the call for the latest customer ride they drove (live, or before it
 * expires x minutes after the end).
 */
export async function articleActions(db: Db, user: UserRow, article: ArticleRow, now = Date.now()) {
  const tags = timedTags(article);
  const timed = (ride: BookingRow | null, minutes: number, open: (r: RideClock) => boolean) => {
    const clock = ride ? clockOf(ride) : null;
    const isOpen = clock !== null && open(clock);
    const closes = clock && isOpen ? actionClosesAt(clock, minutes) : null;
    return {
      open: isOpen,
      crn: isOpen && ride ? ride.crn : null,
      closes_at: closes === null ? null : new Date(closes).toISOString(),
      minutes,
    };
  };
  const result: ArticleActions = { status: 'SUCCESS', emergency: null, call: null };
  if (tags.emergency !== null) {
    const m = tags.emergency;
    result.emergency = timed(latestRide(await ownTrips(db, user)), m, (c) => emergencyActionOpen(c, m, now));
  }
  if (tags.call !== null) {
    const m = tags.call;
    result.call = timed(latestRide(await drivenRides(db, user)), m, (c) => callActionOpen(c, m, now));
  }
  return result;
}

/**
 * The customer ride a call is about: one the partner drove (404 otherwise: whether it exists is not theirs to learn),
 * still within the article's call window (400 with the minutes once it expired).
 */
export async function callableRide(db: Db, user: UserRow, article: ArticleRow, crn: string, now = Date.now()) {
  const minutes = timedTags(article).call;
  if (minutes === null) throw new AppError('VALIDATION_FAILED', coded('driverArticleNoCall'));
  const ride = await db
    .selectFrom('bookings')
    .selectAll()
    .where('crn', '=', crn)
    .where('audience', '=', 'customer')
    .where('driver_phone', '=', user.mobile)
    .executeTakeFirst();
  if (!ride) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
  if (!callActionOpen(clockOf(ride), minutes, now)) {
    throw new AppError('VALIDATION_FAILED', coded('driverCallExpired', { minutes }));
  }
  const customer = await db.selectFrom('users').select('mobile').where('id', '=', ride.user_id).executeTakeFirst();
  return { ride, customerPhone: customer?.mobile ?? '' };
}

// ---- the partner's side of a lost item ----

/** The lost-item requests on customer rides the partner drove (the same link as the calls: the driver number). */
function partnerLabs(db: Db, user: UserRow) {
  return db
    .selectFrom('lab_requests')
    .innerJoin('bookings', 'bookings.id', 'lab_requests.booking_id')
    .leftJoin('lab_handovers', 'lab_handovers.lab_request_id', 'lab_requests.id')
    .select([
      'lab_requests.id',
      'lab_requests.state',
      'lab_requests.item',
      'lab_requests.ticket_id',
      'lab_requests.created_at',
      'bookings.crn',
      'bookings.pickup_date',
      'lab_handovers.handed_over_at',
    ])
    .where('bookings.audience', '=', 'customer')
    .where('bookings.driver_phone', '=', user.mobile);
}

type PartnerLabRow = Awaited<ReturnType<ReturnType<typeof partnerLabs>['executeTakeFirstOrThrow']>>;

function toPartnerLostItem(r: PartnerLabRow): PartnerLostItem {
  const item = JSON.parse(r.item) as PartnerLostItem['item'];
  return {
    request_id: r.id,
    crn: r.crn,
    ride_date: r.pickup_date,
    item: {
      item_description: item.item_description,
      ...(item.item_name ? { item_name: item.item_name } : {}),
      ...(item.item_color ? { item_color: item.item_color } : {}),
      ...(item.item_brand ? { item_brand: item.item_brand } : {}),
      ...(item.item_type ? { item_type: item.item_type } : {}),
      ...(item.item_at ? { item_at: item.item_at } : {}),
    },
    state: r.state as PartnerLostItem['state'],
    step: partnerLostItemStep({ state: r.state, ticket_id: r.ticket_id, handed_over: r.handed_over_at !== null }),
    handed_over_at: r.handed_over_at,
    reported_at: r.created_at,
  };
}

/** A partner with a registered number (both the lost items and the calls find rides by it). */
export function requireLostItemPartner(user: UserRow): UserRow {
  if (user.role === 'customer') throw new AppError('FORBIDDEN', coded('driverHelpOnly'));
  return user;
}

export async function partnerLostItems(db: Db, user: UserRow): Promise<PartnerLostItem[]> {
  const rows = await partnerLabs(db, user).orderBy('lab_requests.created_at', 'desc').limit(50).execute();
  return rows.map(toPartnerLostItem);
}

async function partnerLostItem(db: Db, user: UserRow, id: string) {
  const row = await partnerLabs(db, user).where('lab_requests.id', '=', id).executeTakeFirst();
  // Another partner's request, or none: the same answer.
  if (!row) throw new AppError('NOT_FOUND', coded('labNoRequest'));
  return row;
}

const ANSWERABLE = ['calling_driver', 'awaiting_driver', 'driver_unreachable'];

/**
 * The partner's answer in the app: found or not found, while the request waits for them (calling, waiting, or the
 * call did not reach them). The same outcome as the telephony's partner_submit_result (found → the customer is asked
 * to confirm the pick-up; not found → the customer may raise a ticket), moved only from the state read.
 */
export async function answerLostItem(
  db: Db,
  user: UserRow,
  body: { request_id: string; found: boolean; note?: string | undefined },
) {
  const row = await partnerLostItem(db, user, body.request_id);
  if (row.ticket_id || !ANSWERABLE.includes(row.state)) {
    throw new AppError('CONFLICT', coded('labPartnerAnswerClosed'));
  }
  const note = body.note?.trim();
  const res = await db
    .updateTable('lab_requests')
    .set({
      state: body.found ? 'driver_found' : 'not_found',
      updated_at: new Date().toISOString(),
      ...(note ? { driver_note: note } : {}),
    })
    .where('id', '=', row.id)
    .where('state', '=', row.state)
    .where('ticket_id', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError('CONFLICT', coded('labChangedMeanwhile'));
  return toPartnerLostItem(await partnerLostItem(db, user, row.id));
}

/** The partner handed the item back: once found (or the pick-up arranged); a repeat answers the first. */
export async function handOverLostItem(db: Db, user: UserRow, requestId: string) {
  const row = await partnerLostItem(db, user, requestId);
  if (row.handed_over_at) return toPartnerLostItem(row);
  if (row.state !== 'driver_found' && row.state !== 'resolved') {
    throw new AppError('CONFLICT', coded('labHandoverNotYet'));
  }
  try {
    await db
      .insertInto('lab_handovers')
      .values({ lab_request_id: row.id, partner_id: user.id, handed_over_at: new Date().toISOString() })
      .execute();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  return toPartnerLostItem(await partnerLostItem(db, user, row.id));
}
