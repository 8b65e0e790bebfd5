import { type Bill, countries, isValidCrn, reviewBillDispute } from '@selfserve/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { buildDemoData, SEED_ANCHOR, seedDemoData } from '../src/db/seed/index.ts';
import { openTestDatabase, testDatabases } from './helpers.ts';

const SPEC_STATUSES = ['in progress', 'pending', 'requested', 'scheduled', 'cancelled', 'completed', 'ongoing'];
const TABLES = [
  'kb_search_counts',
  'users',
  'subscriptions',
  'countries',
  'cities',
  'call_us_numbers',
  'chat_config',
  'bookings',
  'orders',
  'tickets',
] as const;

function decode(base64: string): string {
  return Buffer.from(base64, 'base64').toString('utf8');
}

describe('buildDemoData', () => {
  it('is deterministic for a given anchor', () => {
    expect(buildDemoData(SEED_ANCHOR)).toEqual(buildDemoData(SEED_ANCHOR));
  });

  it("dates a first run with the anchor 'now' from the current minute", async () => {
    const opened = await openTestDatabase('sqlite', false);
    try {
      const before = Date.now();
      await seedDemoData(opened.db, { anchor: 'now' });
      const row = await opened.db.selectFrom('app_meta').select('value').executeTakeFirstOrThrow();
      expect(Date.parse(row.value)).toBeGreaterThan(before - 60_000);
      expect(Date.parse(row.value)).toBeLessThanOrEqual(Date.now());
    } finally {
      await opened.dispose();
    }
  });

  it('moves every date with the anchor and keeps everything else', () => {
    const base = buildDemoData(SEED_ANCHOR);
    const later = buildDemoData('2027-01-01T00:00:00.000Z');
    expect(later.bookings.map((b) => b.crn)).toEqual(base.bookings.map((b) => b.crn));
    expect(later.bookings[0]?.date_entered_timestamp).not.toBe(base.bookings[0]?.date_entered_timestamp);
  });
});

describe('demo bills', () => {
  const bookings = buildDemoData(SEED_ANCHOR).bookings;
  const bills = bookings.flatMap((b) => (b.bill ? [{ booking: b, bill: JSON.parse(b.bill) as Bill }] : []));

  it('a ride has a bill exactly when it has a fare, and its lines add up to the fare', () => {
    for (const b of bookings) expect(b.bill !== null, b.id).toBe(b.fare > 0);
    for (const { booking, bill } of bills) {
      const sum = bill.lines.reduce((total, line) => total + line.amount, 0);
      expect(Math.abs(sum - booking.fare), booking.id).toBeLessThan(0.011);
      expect(bill.total).toBe(booking.fare);
      for (const line of bill.lines) expect(line.amount, `${booking.id} ${line.key}`).toBeGreaterThanOrEqual(0);
    }
  });

  it('most bills stand, and some carry a fault the dispute review proves (distance or waiting)', () => {
    const rides = bills.filter(({ booking }) => booking.status === 'completed');
    const adjusted = rides.filter(({ bill }) => reviewBillDispute(bill, null, []).outcome === 'adjust');
    expect(adjusted.length).toBeGreaterThan(rides.length * 0.05);
    expect(adjusted.length).toBeLessThan(rides.length * 0.3);
    const cancelled = bills.filter(({ booking }) => booking.status === 'cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    for (const { bill } of cancelled) expect(bill.lines.map((l) => l.key)).toEqual(['cancellation_fee', 'taxes']);
  });
});

describe.each(testDatabases)('demo seed [%s]', (dialect) => {
  let db: Kysely<Database>;
  let cleanup: (() => Promise<void>) | undefined;
  let first: Record<string, number>;
  let second: Record<string, number>;

  beforeAll(async () => {
    const opened = await openTestDatabase(dialect, false);
    db = opened.db;
    cleanup = opened.dispose;
    first = await seedDemoData(db);
    second = await seedDemoData(db);
  }, 60_000);

  afterAll(async () => {
    await cleanup?.();
  });

  async function countRows(table: (typeof TABLES)[number]): Promise<number> {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('inserts every table once and nothing on the second run', async () => {
    for (const table of TABLES) {
      expect(first[table], table).toBeGreaterThan(0);
      expect(second[table], table).toBe(0);
      expect(await countRows(table), table).toBe(first[table]);
    }
  });

  it('keeps the anchor of the first run, so a later run with another anchor changes nothing', async () => {
    const meta = await db.selectFrom('app_meta').select('value').where('key', '=', 'demo_seed_anchor').execute();
    expect(meta).toEqual([{ value: SEED_ANCHOR }]);
    const again = await seedDemoData(db, { anchor: 'now' });
    for (const table of TABLES) expect(again[table], table).toBe(0);
  });

  it('gives bookings seeded before bills existed their bill', async () => {
    const { id, bill } = await db
      .selectFrom('bookings')
      .select(['id', 'bill'])
      .where('bill', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = { bill };
    expect(before.bill).not.toBeNull();
    await db.updateTable('bookings').set({ bill: null }).where('id', '=', id).execute();
    await seedDemoData(db);
    const after = await db.selectFrom('bookings').select('bill').where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.bill).toBe(before.bill);
  });

  it('gives the heavy user at least 250 customer bookings', async () => {
    const rows = await db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', 'u_customer_in')
      .where('audience', '=', 'customer')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(250);
  });

  it('covers every booking status, both kinds of cancellation and allotment pending', async () => {
    const rows = await db
      .selectFrom('bookings')
      .select(['status', 'sub_status', 'fare'])
      .where('audience', '=', 'customer')
      .execute();
    const statuses = new Set(rows.map((r) => r.status));
    for (const status of SPEC_STATUSES) expect(statuses, status).toContain(status);
    expect(rows.some((r) => r.status === 'cancelled' && r.fare > 0)).toBe(true);
    expect(rows.some((r) => r.status === 'cancelled' && r.fare === 0)).toBe(true);
    expect(rows.some((r) => r.status === 'requested' && r.sub_status === 'allotment_pending')).toBe(true);
  });

  it('gives share bookings an OSN and no one else', async () => {
    const rows = await db.selectFrom('bookings').select(['brand', 'osn', 'vehicle_category']).execute();
    const share = rows.filter((r) => r.brand === 'ola_share');
    expect(share.length).toBeGreaterThan(0);
    for (const r of share) {
      expect(r.osn).toMatch(/^OSN\d+$/);
      expect(r.vehicle_category).toBe('share');
    }
    expect(rows.filter((r) => r.brand !== 'ola_share').every((r) => r.osn === null)).toBe(true);
  });

  it('has SaaS rides for auto, bike and four-wheeler', async () => {
    const rows = await db.selectFrom('bookings').select('cab_category').where('saas_ride', '=', 1).execute();
    expect(new Set(rows.map((r) => r.cab_category))).toEqual(new Set(['auto', 'bike', 'four_wheeler']));
  });

  it('uses valid, unique CRNs', async () => {
    const rows = await db.selectFrom('bookings').select('crn').execute();
    for (const { crn } of rows) expect(isValidCrn(crn), crn).toBe(true);
    expect(new Set(rows.map((r) => r.crn)).size).toBe(rows.length);
  });

  it('stores addresses as base64 of readable text', async () => {
    const rows = await db.selectFrom('bookings').select(['pickup_location', 'drop_location']).execute();
    for (const encoded of rows.flatMap((r) => [r.pickup_location, r.drop_location])) {
      const text = decode(encoded);
      expect(Buffer.from(text, 'utf8').toString('base64')).toBe(encoded);
      expect(text).toMatch(/^[\p{L}\p{N} ,.'()/-]{10,}$/u);
    }
  });

  it('dates every booking within about 180 days before the anchor', async () => {
    const anchor = Date.parse(SEED_ANCHOR);
    const rows = await db.selectFrom('bookings').select(['date_entered_timestamp', 'stop_at']).execute();
    for (const r of rows) {
      expect(typeof r.date_entered_timestamp).toBe('number');
      expect(r.date_entered_timestamp).toBeLessThanOrEqual(anchor);
      expect(r.date_entered_timestamp).toBeGreaterThan(anchor - 182 * 86_400_000);
      if (r.stop_at) expect(Date.parse(r.stop_at)).toBeLessThanOrEqual(anchor);
    }
  });

  it('loads all 18 countries', async () => {
    const rows = await db.selectFrom('countries').selectAll().orderBy('country_code').execute();
    expect(rows).toHaveLength(18);
    expect(rows.map((r) => r.country_code)).toEqual(countries.map((c) => c.country_code).sort());
  });

  it('describes every demo user', async () => {
    const rows = await db.selectFrom('users').select(['id', 'demo_description']).execute();
    expect(rows).toHaveLength(16);
    for (const r of rows) expect(r.demo_description?.trim(), r.id).toBeTruthy();
  });

  it('models the membership cases', async () => {
    const subs = await db.selectFrom('subscriptions').selectAll().execute();
    const byUser = (id: string) => subs.find((s) => s.user_id === id);
    expect(byUser('u_member_paid')).toMatchObject({ status: 'active', trial: 0, autorenew: 1, eligible_to_cancel: 1 });
    expect(byUser('u_member_trial')).toMatchObject({
      status: 'active',
      trial: 1,
      autorenew: 0,
      eligible_to_cancel: 0,
      ineligibility_reason: 'Trial memberships cannot be cancelled',
    });
    expect(byUser('u_member_expired')).toMatchObject({ status: 'expired' });
    const kabir = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', 'u_member_expired')
      .executeTakeFirstOrThrow();
    expect(kabir).toMatchObject({ is_select: 'true', is_subscribed: 'false', is_expired: 'true' });
  });

  it('links tickets to bookings of the same user and has an ONDC order without contact details', async () => {
    const tickets = await db
      .selectFrom('tickets')
      .leftJoin('bookings', 'bookings.id', 'tickets.booking_id')
      .select(['tickets.user_id', 'tickets.status', 'tickets.ticket_id', 'bookings.user_id as booking_user'])
      .execute();
    for (const t of tickets) {
      expect(t.ticket_id).toMatch(/^\d{7}$/);
      if (t.booking_user !== null) expect(t.booking_user).toBe(t.user_id);
    }
    const riya = new Set(tickets.filter((t) => t.user_id === 'u_customer_in').map((t) => t.status));
    expect(riya).toEqual(new Set(['open', 'solved', 'closed']));
    const placeholder = await db
      .selectFrom('orders')
      .select('id')
      .where('order_type', '=', 'ondc')
      .where('customer_name', 'is', null)
      .where('customer_contact', 'is', null)
      .where('customer_email', 'is', null)
      .execute();
    expect(placeholder.length).toBeGreaterThan(0);
  });
});
