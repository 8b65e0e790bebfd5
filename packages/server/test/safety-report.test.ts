import path from 'node:path';
import { IDEMPOTENCY_HEADER, messages, oneTouchPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

const contentKb = path.resolve(import.meta.dirname, '../../../content/kb');
/**
 * content/kb/customer/100402 (v2 questions for IN) and customer_gb/180301 (v2 questions by city_country, London and
 * Manchester; legacy options anywhere else).
 */
const V2_ARTICLE = '100402';
const LEGACY_ARTICLE = '180301';
/** The v2 answers 100402 asks for (its side_load safety_v2). */
const answered = [
  { question: 'When did it happen?', answer: 'During the ride', question_type: 'radio' },
  { question: 'Was anyone hurt?', answer: 'No', question_type: 'radio' },
  { question: 'Tell us what happened', answer: 'The driver shouted at me and braked hard.', question_type: 'text' },
];

describe.each(testDatabases)('safety report [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  let arjun: TestClient;
  let ride: string;
  let n = 0;
  const key = () => `safety-key-${dialect}-${++n}`;
  const report = (
    c: TestClient,
    params: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    k: string = key(),
    article = V2_ARTICLE,
  ) =>
    c.post(
      oneTouchPaths.submitV1,
      { article_id: article, call_type: 'safety_report', params, ...extra },
      { [IDEMPOTENCY_HEADER]: k },
    );
  const ticketsOf = (ticketId: string) =>
    t.database.db.selectFrom('tickets').selectAll().where('ticket_id', '=', ticketId).execute();
  const refused = async (res: Awaited<ReturnType<typeof report>>) => {
    expect(res.statusCode, res.body).toBe(400);
    return res.json().error.message as string;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { kb: contentKb });
    riya = await signedIn(t.app, accounts.customer);
    arjun = await signedIn(t.app, accounts.paidMember);
    const row = await t.database.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', 'u_customer_in')
      .where('status', '=', 'completed')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    ride = row.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('files a v2 report for the rider’s ride as an urgent ticket flagged safety', async () => {
    const res = await report(
      riya,
      { safety_report_option_id: 'rash_driving', comments: answered },
      { booking_id: ride },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SUCCESS',
      title: messages.safetyReportedTitle,
      message: messages.safetyReported,
      csat_required: true,
    });
    const [ticket, ...more] = await ticketsOf(res.json().ticket_request_id);
    expect(more).toEqual([]);
    expect(ticket).toMatchObject({ priority: 'urgent', flag: 'safety', booking_id: ride, issue_id: V2_ARTICLE });
    expect(ticket?.query).toContain('Was anyone hurt? No');
  });

  it('is never merged into another open ticket, and a retry answers the same ticket', async () => {
    const first = await report(riya, { safety_report_option_id: 'accident', comments: answered }, { booking_id: ride });
    const k = key();
    const second = await report(
      riya,
      { safety_report_option_id: 'accident', comments: answered },
      { booking_id: ride },
      k,
    );
    const retry = await report(
      riya,
      { safety_report_option_id: 'accident', comments: answered },
      { booking_id: ride },
      k,
    );
    expect([first.statusCode, second.statusCode, retry.statusCode]).toEqual([200, 200, 200]);
    expect(second.json().ticket_request_id).not.toBe(first.json().ticket_request_id);
    expect(retry.json().ticket_request_id).toBe(second.json().ticket_request_id);
    expect(await ticketsOf(second.json().ticket_request_id)).toHaveLength(1);
    const open = await t.database.db
      .selectFrom('tickets')
      .select(['ticket_id', 'priority'])
      .where('user_id', '=', 'u_customer_in')
      .where('issue_id', '=', V2_ARTICLE)
      .where('booking_id', '=', ride)
      .where('status', '=', 'open')
      .execute();
    expect(open.length).toBeGreaterThanOrEqual(3);
    expect(open.every((r) => r.priority === 'urgent')).toBe(true);
  });

  it('is not merged into an open ordinary ticket of the same issue and ride, which keeps its rule and priority', async () => {
    const now = new Date().toISOString();
    const ordinary = (id: string) => ({
      id,
      ticket_id: id.slice(-8),
      user_id: 'u_customer_in',
      status: 'open' as const,
      subject: 'An ordinary request',
      query: 'about the ride',
      issue_id: V2_ARTICLE,
      article_id: V2_ARTICLE,
      article_name: null,
      booking_id: ride,
      order_id: null,
      tag: null,
      source: 'web',
      email_from: null,
      idempotency_key: null,
      kind: 'one_touch',
      payload: '{}',
      source_page: null,
      created_at: now,
      updated_at: now,
    });
    await t.database.db.insertInto('tickets').values(ordinary('tk_ordinary_00000001')).execute();
    // The one-open-ticket-per-issue index still holds for unflagged tickets.
    await expect(
      t.database.db.insertInto('tickets').values(ordinary('tk_ordinary_00000002')).execute(),
    ).rejects.toThrow();
    const res = await report(riya, { safety_report_option_id: 'accident', comments: answered }, { booking_id: ride });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ticket_request_id).not.toBe('00000001');
    const [kept] = await ticketsOf('00000001');
    expect(kept).toMatchObject({ priority: 'normal', flag: null, status: 'open' });
  });

  it('asks for every mandatory v2 answer and a radio answer among its values', async () => {
    const [, ...withoutWhen] = answered;
    expect(
      await refused(
        await report(riya, { safety_report_option_id: 'accident', comments: withoutWhen }, { booking_id: ride }),
      ),
    ).toBe('* Please answer all mandatory fields');
    const blank = answered.map((a) => (a.question_type === 'text' ? { ...a, answer: '   ' } : a));
    expect(
      await refused(await report(riya, { safety_report_option_id: 'accident', comments: blank }, { booking_id: ride })),
    ).toBe('* Please answer all mandatory fields');
    const offList = answered.map((a) => (a.question === 'Was anyone hurt?' ? { ...a, answer: 'Maybe' } : a));
    expect(
      await refused(
        await report(riya, { safety_report_option_id: 'accident', comments: offList }, { booking_id: ride }),
      ),
    ).toBe('* Please answer all mandatory fields');
  });

  it('needs one of the article’s options', async () => {
    expect(await refused(await report(riya, { comments: answered }, { booking_id: ride }))).toBe(
      messages.safetyChooseOption,
    );
    expect(
      await refused(
        await report(riya, { safety_report_option_id: 'made_up', comments: answered }, { booking_id: ride }),
      ),
    ).toBe(messages.safetyChooseOption);
  });

  it('for another rider: a registered 10-digit phone and a numeric CRN', async () => {
    const other = (phone_number: unknown, crn: unknown) =>
      report(riya, { safety_report_option_id: 'accident', comments: answered, phone_number, crn });
    expect(await refused(await other('982004511', '12345'))).toBe('Please Enter A Valid Phone Number');
    expect(await refused(await other('98200451181', '12345'))).toBe('Please Enter A Valid Phone Number');
    expect(await refused(await other(undefined, '12345'))).toBe('Please Enter A Valid Phone Number');
    expect(await refused(await other('9820045118', '12a45'))).toBe(messages.safetyCrnNumeric);
    expect(await refused(await other('9820045118', '1'.repeat(21)))).toBe(messages.safetyCrnNumeric);
    expect(await refused(await other('9000000001', '12345'))).toBe(messages.safetyPhoneNotRegistered);
    const ok = await other('9820045118', '1'.repeat(20));
    expect(ok.statusCode, ok.body).toBe(200);
    const [ticket] = await ticketsOf(ok.json().ticket_request_id);
    expect(ticket).toMatchObject({ priority: 'urgent', flag: 'safety', booking_id: null });
    expect(ticket?.query).toContain('phone 9820045118');
  });

  it('legacy options: the “others” description needs the minimum length', async () => {
    const legacy = (params: Record<string, unknown>) =>
      report(riya, params, { booking_id: ride }, key(), LEGACY_ARTICLE);
    expect(await refused(await legacy({ safety_report_option_id: 'other_safety', description: 'x'.repeat(19) }))).toBe(
      'Please enter atleast 20 characters',
    );
    const ok = await legacy({ safety_report_option_id: 'other_safety', description: 'y'.repeat(20) });
    expect(ok.statusCode, ok.body).toBe(200);
    // Not an 'others' option: no description needed, and no v2 answers asked (the article has none).
    expect((await legacy({ safety_report_option_id: 'dangerous_driving' })).statusCode).toBe(200);
  });

  it('city_country: a ride in London gets the v2 questions; a ride elsewhere keeps the options', async () => {
    const oliver = await signedIn(t.app, 'oliver.smith@example.co.uk');
    const london = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'city'])
      .where('user_id', '=', 'u_customer_gb')
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    expect(london.city).toBe('London');
    const gb = (params: Record<string, unknown>) =>
      report(oliver, params, { booking_id: london.id }, key(), LEGACY_ARTICLE);
    expect(await refused(await gb({ safety_report_option_id: 'dangerous_driving' }))).toBe(
      '* Please answer all mandatory fields',
    );
    const gbAnswers = [
      { question: 'When did it happen?', answer: 'At pickup', question_type: 'radio' },
      { question: 'Was anyone hurt?', answer: 'No', question_type: 'radio' },
      { question: 'Tell us what happened', answer: 'The driver drove off with the door open.', question_type: 'text' },
    ];
    const ok = await gb({ safety_report_option_id: 'dangerous_driving', comments: gbAnswers });
    expect(ok.statusCode, ok.body).toBe(200);
    // The ride decides, not where the rider lives: Oliver's ride in Leeds keeps the options.
    const leeds = await t.database.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', 'u_customer_gb')
      .where('status', '=', 'completed')
      .where('id', '!=', london.id)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('bookings').set({ city: 'Leeds' }).where('id', '=', leeds.id).execute();
    const away = await report(
      oliver,
      { safety_report_option_id: 'dangerous_driving' },
      { booking_id: leeds.id },
      key(),
      LEGACY_ARTICLE,
    );
    expect(away.statusCode, away.body).toBe(200);
  });

  it('its photos are claimed by the safety ticket, up to the file question’s 3', async () => {
    const upload = async (i: number) => {
      const id = `doc_safety_${dialect}_${i}`;
      await t.database.db
        .insertInto('documents')
        .values({
          id,
          user_id: 'u_customer_in',
          file_name: 'photo.png',
          content_type: 'image/png',
          size: 68,
          storage_key: `k_${id}`,
          ticket_id: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      return id;
    };
    const photos = await Promise.all([1, 2, 3, 4].map(upload));
    const tooMany = await report(
      riya,
      { safety_report_option_id: 'accident', comments: answered },
      { booking_id: ride, uploaded_image_ids: photos, is_image_uploaded: true },
    );
    expect(await refused(tooMany)).toBe('* You can only upload 3 images');
    const res = await report(
      riya,
      { safety_report_option_id: 'accident', comments: answered },
      { booking_id: ride, uploaded_image_ids: photos.slice(0, 3), is_image_uploaded: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [ticket] = await ticketsOf(res.json().ticket_request_id);
    const claimed = await t.database.db
      .selectFrom('documents')
      .select(['id', 'ticket_id'])
      .where('id', 'in', photos)
      .orderBy('id')
      .execute();
    expect(claimed.map((d) => d.ticket_id)).toEqual([ticket?.id, ticket?.id, ticket?.id, null]);
  });

  it('refuses someone else’s ride (404) and records nothing', async () => {
    const before = await t.database.db.selectFrom('tickets').select('id').where('flag', '=', 'safety').execute();
    const res = await report(arjun, { safety_report_option_id: 'accident', comments: answered }, { booking_id: ride });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(messages.bookingNotFound);
    const after = await t.database.db.selectFrom('tickets').select('id').where('flag', '=', 'safety').execute();
    expect(after).toHaveLength(before.length);
  });

  it('answers garbage params with 400 and a catalogue message, never a validator’s text', async () => {
    const res = await report(riya, { safety_report_option_id: 42, comments: 'no' }, { booking_id: ride });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/zod|Expected|invalid_type/i);
  });
});
