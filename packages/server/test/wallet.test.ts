import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditOnce, findCredit } from '../src/modules/wallet/credits.ts';
import { openTestDatabase, type TestDatabase, testDatabases } from './helpers.ts';

describe.each(testDatabases)('wallet credits [%s]', (dialect) => {
  let database: TestDatabase;
  let bookingId: string;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    const ride = await database.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', 'u_customer_in')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    bookingId = ride.id;
  });
  afterAll(() => database.dispose());

  const credit = (flow: string, amount: number) =>
    creditOnce(database.db, { user_id: 'u_customer_in', booking_id: bookingId, flow, amount, currency_country: 'IN' });

  it('gives once per ride and flow: a retry answers the first credit', async () => {
    const first = await credit('extra_cash', 80);
    expect(first).toMatchObject({ given: true, credit: { amount: 80, flow: 'extra_cash' } });
    const again = await credit('extra_cash', 120);
    expect(again).toEqual({ given: false, credit: first.credit });
    expect(await findCredit(database.db, bookingId, 'extra_cash')).toEqual(first.credit);
  });

  it('concurrent submits give once', async () => {
    const results = await Promise.all([credit('coupon', 50), credit('coupon', 50), credit('coupon', 50)]);
    expect(results.filter((r) => r.given)).toHaveLength(1);
    const rows = await database.db.selectFrom('wallet_credits').selectAll().where('flow', '=', 'coupon').execute();
    expect(rows).toHaveLength(1);
  });

  it('another flow on the same ride is its own credit', async () => {
    expect((await credit('paid_cash_outstanding', 30)).given).toBe(true);
  });
});
