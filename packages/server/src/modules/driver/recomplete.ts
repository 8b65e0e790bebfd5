import crypto from 'node:crypto';
import {
  type Bill,
  coded,
  DRIVER_COMMISSION_RATE,
  formatFare,
  type GpsPing,
  type PreRecompleteCheck,
  RECOMPLETE_TOKEN_TTL_SECONDS,
  type RecompleteDecision,
  type RecompleteToken,
  recompleteChecksFor,
  recompleteDecision,
  recompleteParams,
  recomputedCommission,
} from '@selfserve/contract';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../config.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmac, newId } from '../../lib/crypto.ts';
import { answer, followUpTicket, type HandlerContext, needBooking, withParams } from '../onetouch/handler-kit.ts';
import { requireDriver } from './service.ts';

// The recompute of a trip ended short of its drop (docs/driver.md "Recomplete"): the pre-check, the token, and the
// v3 submit's handler for call_type ldt_recomplete. The rule itself is the contract's (driver-recomplete.ts).

type Db = Kysely<Database> | Transaction<Database>;

// ---------------------------------------------------------------------------------------------------------------
// Repo: every query scoped by the driver's user id.

function findOwnLedgerRide(db: Db, userId: string, bookingId: string) {
  return db
    .selectFrom('bookings')
    .innerJoin('driver_rides', 'driver_rides.booking_id', 'bookings.id')
    .select([
      'bookings.id as booking_id',
      'bookings.crn',
      'bookings.status',
      'bookings.fare',
      'bookings.bill',
      'bookings.country',
      'bookings.currency_country',
      'driver_rides.id as ride_id',
      'driver_rides.commission',
      'driver_rides.ended_short_km',
      'driver_rides.gps_pings',
      'driver_rides.drop_lat',
      'driver_rides.drop_lng',
    ])
    .where('bookings.id', '=', bookingId)
    .where('bookings.user_id', '=', userId)
    .where('bookings.audience', '=', 'driver')
    .where('driver_rides.user_id', '=', userId)
    .executeTakeFirst();
}
type LedgerRide = NonNullable<Awaited<ReturnType<typeof findOwnLedgerRide>>>;

function findRecompute(db: Db, userId: string, rideId: string) {
  return db
    .selectFrom('driver_recompletes')
    .selectAll()
    .where('driver_ride_id', '=', rideId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

async function ownRide(db: Db, user: UserRow, bookingId: string): Promise<LedgerRide> {
  const ride = await findOwnLedgerRide(db, user.id, bookingId);
  // Another driver's trip is "not found", never "forbidden" (docs/driver.md).
  if (!ride) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
  return ride;
}

function pingsOf(ride: LedgerRide): GpsPing[] {
  if (!ride.gps_pings) return [];
  const parsed = JSON.parse(ride.gps_pings) as unknown;
  return Array.isArray(parsed) ? (parsed as GpsPing[]) : [];
}

function decide(ride: LedgerRide): RecompleteDecision {
  return recompleteDecision({
    status: ride.status,
    bill: ride.bill ? (JSON.parse(ride.bill) as Bill) : null,
    ended_short_km: ride.ended_short_km,
    pings: pingsOf(ride),
    drop: ride.drop_lat != null && ride.drop_lng != null ? { lat: ride.drop_lat, lng: ride.drop_lng } : null,
    checks: recompleteChecksFor(ride.country),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The pre-check

export async function preRecompleteCheck(db: Kysely<Database>, user: UserRow, bookingId: string) {
  const ride = await ownRide(db, requireDriver(user), bookingId);
  const done = await findRecompute(db, user.id, ride.ride_id);
  const decision = done ? null : decide(ride);
  return {
    status: 'SUCCESS',
    ...recompleteChecksFor(ride.country),
    booking_id: ride.booking_id,
    crn: ride.crn,
    ride_id: ride.ride_id,
    currency_country: ride.currency_country,
    fare: ride.fare,
    ended_short_km: ride.ended_short_km,
    gps_pings: pingsOf(ride).length,
    outcome: done ? 'done' : (decision?.outcome ?? 'ticket'),
    reason: decision?.outcome === 'ticket' ? decision.reason : null,
    recomputed: done
      ? { previous_fare: done.previous_fare, fare: done.fare, km: done.km, created_at: done.created_at }
      : null,
  } satisfies PreRecompleteCheck;
}

// ---------------------------------------------------------------------------------------------------------------
// The token: HS256, signed with a key derived from the session secret (never the host app's sign-in key, which the
// host app holds too), binding the driver, the trip and a short expiry.

const ISSUER = 'selfserve';
const AUDIENCE = 'selfserve:recomplete';

const tokenKey = (config: AppConfig) => new TextEncoder().encode(hmac(config.sessionSecret, 'recomplete-jwt'));

export async function recompleteToken(
  db: Kysely<Database>,
  config: AppConfig,
  user: UserRow,
  bookingId: string,
): Promise<RecompleteToken> {
  const ride = await ownRide(db, requireDriver(user), bookingId);
  const now = Math.floor(Date.now() / 1000);
  const exp = now + RECOMPLETE_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ bkg: ride.booking_id, ride: ride.ride_id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(user.id)
    .setJti(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(tokenKey(config));
  return { status: 'SUCCESS', token, expires_at: new Date(exp * 1000).toISOString() };
}

/** The token's id when it is ours, unexpired, and for this driver and this trip; else 403. */
async function verifiedTokenId(config: AppConfig, token: string, userId: string, ride: LedgerRide): Promise<string> {
  const refused = () => new AppError('FORBIDDEN', coded('recompleteTokenInvalid'));
  try {
    const { payload } = await jwtVerify(token, tokenKey(config), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (payload.sub !== userId || payload.bkg !== ride.booking_id || payload.ride !== ride.ride_id || !payload.jti) {
      throw refused();
    }
    return payload.jti;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refused();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The v3 submit (call_type ldt_recomplete)

const money = (amount: number, country: string) => formatFare(amount, country);

function recomputedAnswer(row: { previous_fare: number; fare: number; km: number }, country: string, bill: Bill) {
  return answer(
    'SUCCESS',
    coded('recompleteDoneTitle'),
    coded('recompleteDone', {
      km: row.km,
      fare: money(row.fare, country),
      previous: money(row.previous_fare, country),
    }),
    { bill, distance: `${row.km} km` },
  );
}

function alreadyAnswer(row: { fare: number }, country: string) {
  return answer(
    'FAILURE',
    coded('recompleteAlreadyTitle'),
    coded('recompleteAlready', { fare: money(row.fare, country) }),
  );
}

/**
 * The recompute: the driver's own completed trip (the submit route already checked the booking is the user's),
 * the token of generate_jwt_token for this driver and trip, then the contract's rule — recomputed once (the bill,
 * the fare and the commission, so the earning statement shows the new amounts), else a ticket. A retry with the same
 * token answers the first result; any later attempt is refused.
 */
export const recomplete = withParams(recompleteParams, async (ctx: HandlerContext, params) => {
  const user = requireDriver(ctx.user);
  const booking = needBooking(ctx.booking);
  const ride = await ownRide(ctx.db, user, booking.id);
  const tokenId = await verifiedTokenId(ctx.config, params.token, user.id, ride);
  const country = ride.currency_country;

  const earlier = await findRecompute(ctx.db, user.id, ride.ride_id);
  if (earlier) {
    return earlier.token_id === tokenId
      ? recomputedAnswer(earlier, country, JSON.parse(ride.bill ?? 'null') as Bill)
      : alreadyAnswer(earlier, country);
  }

  const decision = decide(ride);
  if (decision.outcome === 'ticket') {
    const said =
      decision.reason === 'not_short'
        ? coded('recompleteTicketNotShort')
        : decision.reason === 'not_completed' || decision.reason === 'no_bill'
          ? coded('recompleteTicketNotCompleted')
          : coded('recompleteTicketNoProof');
    const t = await followUpTicket(
      ctx,
      `Trip recompute: ${ride.crn}`,
      [
        `The driver asked to recompute trip ${ride.crn} (${ride.ride_id}); not recomputed automatically: ${decision.reason}.`,
        `Ended short of the drop: ${ride.ended_short_km ?? 'no'} km. GPS pings: ${pingsOf(ride).length}.`,
        ...(decision.reading
          ? [
              `The pings draw ${decision.reading.km} km over ${decision.reading.minutes} min; last ping ${decision.reading.last_to_drop_km ?? '?'} km from the drop.`,
            ]
          : []),
      ].join('\n'),
    );
    if (t.request_status === 'OPEN_TICKET_PRESENT') {
      return answer('NOIMAGE', coded('requestAlreadyReceived'), coded('ticketAlreadyOpen'), {
        ticket_request_id: t.ticket_id,
      });
    }
    return answer('SUCCESS', coded('requestReceived'), said, { ticket_request_id: t.ticket_id, csat_required: true });
  }

  const fare = decision.bill.total;
  const commission = recomputedCommission(decision.bill, fare, DRIVER_COMMISSION_RATE[ride.country] ?? 0.2);
  const row = {
    id: newId('rcp'),
    driver_ride_id: ride.ride_id,
    booking_id: ride.booking_id,
    user_id: user.id,
    token_id: tokenId,
    previous_fare: ride.fare,
    fare,
    previous_commission: ride.commission,
    commission,
    previous_bill: ride.bill ?? '',
    km: decision.km,
    pings_km: decision.reading.km,
    created_at: new Date().toISOString(),
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // The unique driver_ride_id makes this the one recompute, whoever else submits at the same moment.
      await trx.insertInto('driver_recompletes').values(row).execute();
      await trx
        .updateTable('bookings')
        .set({ fare, bill: JSON.stringify(decision.bill) })
        .where('id', '=', ride.booking_id)
        .where('user_id', '=', user.id)
        .execute();
      await trx
        .updateTable('driver_rides')
        .set({ commission })
        .where('id', '=', ride.ride_id)
        .where('user_id', '=', user.id)
        .execute();
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const first = await findRecompute(ctx.db, user.id, ride.ride_id);
    if (!first) throw err;
    const now = await ownRide(ctx.db, user, booking.id);
    return first.token_id === tokenId
      ? recomputedAnswer(first, country, JSON.parse(now.bill ?? 'null') as Bill)
      : alreadyAnswer(first, country);
  }
  ctx.log.info({ ride: ride.ride_id, fare, previous: ride.fare }, 'trip recomputed');
  return recomputedAnswer(row, country, decision.bill);
});
