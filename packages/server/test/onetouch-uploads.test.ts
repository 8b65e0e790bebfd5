import { type Bill, oneTouchPaths, reviewBillDispute } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  createTestApp,
  fixtureKb,
  signedIn,
  type TestApp,
  type TestClient,
  testDatabases,
} from './helpers.ts';

const submitPaths = [oneTouchPaths.submitV1, oneTouchPaths.submitV2, oneTouchPaths.submitV3];

describe.each(testDatabases)('one-touch requests take only the requester’s own uploads [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let arjun: TestClient;
  let n = 0;

  /** An upload of `userId` as the uploads API records it (the bytes do not matter to the claim). */
  async function uploadOf(userId: string): Promise<string> {
    n += 1;
    const id = `doc_test_${dialect}_${n}`;
    await t.database.db
      .insertInto('documents')
      .values({
        id,
        user_id: userId,
        file_name: 'receipt.png',
        content_type: 'image/png',
        size: 68,
        storage_key: `k_${id}`,
        ticket_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    return id;
  }
  const ticketOf = async (documentId: string) =>
    (
      await t.database.db
        .selectFrom('documents')
        .select('ticket_id')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow()
    ).ticket_id;

  /** Riya's completed rides whose bill a dispute sends to a person (a ticket). */
  async function ridesForReview() {
    const rows = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'bill'])
      .where('user_id', '=', 'u_customer_in')
      .where('status', '=', 'completed')
      .where('bill', 'is not', null)
      .orderBy('id')
      .execute();
    return rows.filter((r) => reviewBillDispute(JSON.parse(r.bill ?? '') as Bill, null, []).outcome === 'review');
  }
  const dispute = (c: TestClient, path: string, bookingId: string, images: string[]) =>
    c.post(path, {
      article_id: '25',
      call_type: 'fare_dispute',
      booking_id: bookingId,
      uploaded_image_ids: images,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: fixtureKb });
    riya = await signedIn(t.app, accounts.customer);
    arjun = await signedIn(t.app, accounts.paidMember);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(submitPaths)('refuses another user’s upload on %s, before anything is done', async (path) => {
    const rides = await ridesForReview();
    const ride = rides[submitPaths.indexOf(path)];
    if (!ride) throw new Error('not enough rides for review in the seed');
    const foreign = await uploadOf('u_member_paid');
    const own = await uploadOf('u_customer_in');
    const res = await dispute(riya, path, ride.id, [own, foreign]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('uploadAttachFailed');
    expect(await ticketOf(foreign)).toBeNull();
    expect(await ticketOf(own)).toBeNull();
    // Nothing was filed: the same request with only her own image goes through and takes it.
    const ok = await dispute(riya, path, ride.id, [own]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'SUCCESS', ticket_request_id: expect.any(String) });
    expect(await ticketOf(own)).not.toBeNull();
  });

  it('attaches an upload once: a second request cannot take an image another ticket holds', async () => {
    const rides = await ridesForReview();
    const [first, second] = rides.slice(3);
    if (!first || !second) throw new Error('not enough rides for review in the seed');
    const own = await uploadOf('u_customer_in');
    expect((await dispute(riya, oneTouchPaths.submitV1, first.id, [own])).statusCode).toBe(200);
    const held = await ticketOf(own);
    const again = await dispute(riya, oneTouchPaths.submitV1, second.id, [own]);
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json().error.code).toBe('uploadAttachFailed');
    expect(await ticketOf(own)).toBe(held);
  });

  it('refuses a stranger’s attempt on someone else’s image even for an answer that files no ticket', async () => {
    const foreign = await uploadOf('u_customer_in');
    const res = await arjun.post(oneTouchPaths.submitV1, {
      article_id: '152',
      call_type: 'subscription_invoice',
      uploaded_image_ids: [foreign],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('uploadAttachFailed');
  });
});
