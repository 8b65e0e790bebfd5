import {
  apiPaths,
  type DriverRideDetails,
  type DriverRidesResponse,
  driverBillingCategories,
  driverPaths,
  type InvoiceResponse,
  type KbMetaResponse,
  kbPaths,
  messages,
} from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentFolder } from '../src/modules/kb/content.ts';
import { accounts, createTestApp, signAppToken, signedIn, type TestApp, TestClient, testDatabases } from './helpers.ts';
import { testConfig } from './test-config.ts';

// Issue 18 items 3 and 8 (docs/driver.md "Billing help", "Who lands where"): what the driver's billing help reads,
// and which index each partner lands on — on the demo knowledge base.

const vikram = 'vikram.bike@example.in';
const sunil = 'sunil.rider@example.in';

describe('the billing categories in the demo content', () => {
  const content = loadContentFolder(testConfig().kbContentDir);
  it.each(Object.entries(driverBillingCategories))('%s → %s is a top category with articles', (index, id) => {
    const node = content.nodes.find((n) => n.id === id);
    expect(node).toMatchObject({ index_name: index, type: 'category', parent_id: null });
    expect(content.nodes.filter((n) => n.parent_id === id && n.type === 'article').length).toBeGreaterThanOrEqual(3);
  });

  it.each(['driver_in_bike_hi', 'driver_in_auto_hi'])('the Hindi partner index %s is written in Hindi', (index) => {
    const hindi = content.nodes.filter((n) => n.index_name === index && n.type === 'article');
    expect(hindi.length).toBeGreaterThanOrEqual(5);
    expect(hindi.every((n) => /[\u0900-\u097F]{3}/.test(n.title) && /[\u0900-\u097F]{3}/.test(n.body_text))).toBe(true);
  });
});

describe.each(testDatabases)('partners: where they land and the billing help’s calls [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: testConfig().kbContentDir });
  });
  afterAll(async () => {
    await t?.close();
  });

  const driverMeta = async (client: TestClient, query = '') => {
    const res = await client.get(`${kbPaths.driverMeta}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as KbMetaResponse;
  };
  const ids = (meta: KbMetaResponse) => meta.data.map((c) => c.id);

  /** Signed in by a host app in a mode (docs/embedding.md). */
  async function inApp(email: string, entryMode: string): Promise<TestClient> {
    const client = new TestClient(t.app);
    const res = await client.post(apiPaths.appSession, { token: await signAppToken({ email }), entry_mode: entryMode });
    expect(res.statusCode, res.body).toBe(200);
    return client;
  }

  it('vikram, a bike partner, lands on the bike partners’ index with its billing category; his profile says so', async () => {
    const client = await signedIn(t.app, vikram);
    const meta = await driverMeta(client);
    expect(meta.index_name).toEqual(['driver_in_bike_en']);
    expect(ids(meta)).toContain(driverBillingCategories.driver_in_bike_en);
    const home = (await client.get(kbPaths.meta)).json() as KbMetaResponse;
    expect(home.index_name).toEqual(['driver_in_bike_en']);
    expect((await client.get(driverPaths.profile)).json()).toMatchObject({
      partner_type: 'bike',
      article_index: 'driver_in_bike_en',
    });
    // In the driver app too.
    expect((await driverMeta(await inApp(vikram, 'driver_app'))).index_name).toEqual(['driver_in_bike_en']);
  });

  it('vikram sees his own rides, and a trip’s help reads the drivers’ trip index', async () => {
    const client = await signedIn(t.app, vikram);
    const page = (await client.get(`${driverPaths.rides}?per_page=5&status=completed`)).json() as DriverRidesResponse;
    expect(page.data.length).toBe(5);
    expect(page.data.every((r) => r.car_category === 'bike')).toBe(true);
    const trip = await driverMeta(client, `?booking_id=${encodeURIComponent(page.data[0]?.booking_id ?? '')}`);
    expect(trip.index_name).toEqual(['driver_in_en_trip']);
  });

  it('ramesh (Hindi) reads his billing category; the billing help’s calls answer his trip and its bill', async () => {
    const ramesh = await signedIn(t.app, accounts.driverIn);
    const meta = await driverMeta(ramesh);
    expect(meta.index_name).toEqual(['driver_in_hi']);
    const billing = meta.data.find((c) => c.id === driverBillingCategories.driver_in_hi);
    expect(billing?.articles.length).toBeGreaterThanOrEqual(3);

    // A completed cash trip: the bill from the driver's side adds up (the page shows exactly these numbers).
    const list = (await ramesh.get(`${driverPaths.rides}?per_page=40&status=completed`)).json() as DriverRidesResponse;
    const cash = list.data.find((r) => r.cash);
    expect(cash).toBeDefined();
    const details = (await ramesh.get(`${driverPaths.rideDetails}?crn=${cash?.crn}`)).json() as {
      data: DriverRideDetails;
    };
    expect(details.data.has_statement).toBe(true);
    const bill = ((await ramesh.get(`${driverPaths.invoice}?id=${details.data.id}`)).json() as InvoiceResponse).data;
    const s = bill.statement;
    expect(s.fare).toBe(cash?.total_fare);
    expect(s.net_earnings).toBeCloseTo(s.fare - s.commission + s.incentives, 2);
    expect(s.cash_collected).toBe(s.fare);
    expect(s.net_payout).toBeCloseTo(s.net_earnings - s.cash_collected, 2);
  });

  it('an auto partner lands on the auto partners’ index, a four-wheeler partner on the drivers’', async () => {
    // No demo account is an auto partner: vikram's row becomes one for this test, then a four-wheeler partner.
    const setType = (type: string) =>
      t.database.db.updateTable('users').set({ partner_type: type }).where('id', '=', 'u_bike_driver').execute();
    try {
      await setType('auto');
      const auto = await driverMeta(await signedIn(t.app, vikram));
      expect(auto.index_name).toEqual(['driver_in_auto_en']);
      expect(ids(auto)).toContain(driverBillingCategories.driver_in_auto_en);
      await setType('four_wheeler');
      expect((await driverMeta(await signedIn(t.app, vikram))).index_name).toEqual(['driver_in_en']);
    } finally {
      await setType('bike');
    }
  });

  it('jack (Australia) reads the Australian billing category', async () => {
    const jack = await signedIn(t.app, accounts.driverAu);
    const meta = await driverMeta(jack);
    expect(meta.index_name).toEqual(['driver_au_en']);
    expect(ids(meta)).toContain(driverBillingCategories.driver_au_en);
  });

  it('sunil, the food-delivery rider, reads his own index and has no driver bookings', async () => {
    const client = await signedIn(t.app, sunil);
    const meta = await driverMeta(client);
    expect(meta.index_name).toEqual(['fp_rider_in']);
    expect(meta.data.length).toBeGreaterThan(0);
    expect(meta.data.every((c) => c.index_name === 'fp_rider_in')).toBe(true);
    const rides = await client.get(`${driverPaths.rides}?per_page=1`);
    expect(rides.statusCode).toBe(403);
    expect(rides.json().error.message).toBe(messages.foodRiderNoBookings);
  });

  it('the operator app reads the partners’ index for whoever signs in, a bike partner his own', async () => {
    expect((await (await inApp(accounts.customer, 'operator_app')).get(kbPaths.meta)).json().index_name).toEqual([
      'driver_in_en',
    ]);
    expect((await (await inApp(accounts.driverIn, 'operator_app')).get(kbPaths.meta)).json().index_name).toEqual([
      'driver_in_hi',
    ]);
    expect((await (await inApp(vikram, 'operator_app')).get(kbPaths.meta)).json().index_name).toEqual([
      'driver_in_bike_en',
    ]);
  });
});
