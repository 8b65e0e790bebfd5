import { describe, expect, it } from 'vitest';
import type { Bill } from '../src/bill-rules.ts';
import { messages } from '../src/messages.ts';
import {
  channelsAfter,
  type FlowArticle,
  type OneTouchResult,
  type RefundDestination,
  readOneTouchResponse,
  refundDestinations,
  resolveFlow,
  submitDelayMs,
} from '../src/one-touch.ts';

const a = (
  labels: FlowArticle['labels'] = {},
  label_names: string[] = [],
  side_load?: Record<string, unknown>,
): FlowArticle => ({
  labels,
  label_names,
  ...(side_load ? { side_load } : {}),
});

describe('resolveFlow: the flow an article shows', () => {
  it.each<[string, FlowArticle, string, string | null]>([
    ['plain article', a(), 'article', null],
    ['one_touch', a({ one_touch: true, call_type: 'fare_dispute' }), 'one_touch', '/api/bookings/v1/submit'],
    ['api_call', a({ api_call: 'true', call_type: 'unban' }), 'one_touch', '/api/bookings/v1/submit'],
    [
      'api_call__v3_submit tag',
      a({ one_touch: true, call_type: 'x' }, ['api_call__v3_submit']),
      'one_touch',
      '/api/bookings/v3/submit',
    ],
    ['quality goes to v3', a({ one_touch: true, call_type: 'quality' }), 'one_touch', '/api/bookings/v3/submit'],
    [
      'paid cash outstanding goes to v3',
      a({ one_touch: true, call_type: 'paid_cash_outstanding' }),
      'one_touch',
      '/api/bookings/v3/submit',
    ],
    [
      'toll/parking goes to v3',
      a({ one_touch: true, call_type: 'toll_parking' }),
      'one_touch',
      '/api/bookings/v3/submit',
    ],
    [
      'driver cleaning goes to v3',
      a({ one_touch: true, call_type: 'driver_cleaning_fee' }),
      'one_touch',
      '/api/bookings/v3/submit',
    ],
    ['QR booking goes to v3', a({ one_touch: true, call_type: 'qr_booking' }), 'one_touch', '/api/bookings/v3/submit'],
    [
      'refund asks for a destination',
      a({ one_touch: true, call_type: 'refund' }, ['neft_refund_option']),
      'refund_destination',
      '/api/bookings/v1/submit',
    ],
    [
      'refund with KYC hidden submits directly',
      a({ one_touch: true, call_type: 'refund' }, ['neft_refund_option'], { show_kyc: false }),
      'one_touch',
      '/api/bookings/v1/submit',
    ],
    ['neft tag without one_touch is an article', a({}, ['neft_refund_option']), 'article', null],
    [
      'send_invoice',
      a({ one_touch: true, call_type: 'send_invoice' }, ['send_invoice']),
      'send_invoice',
      '/api/bookings/v1/submit',
    ],
    ['update_email', a({ one_touch: true, call_type: 'update_email' }), 'update_email', '/api/bookings/v1/submit'],
    ['structured e-mail', a({ structured_email_param: true }), 'structured_email', '/api/bookings/v1/submit'],
    ['cab attachment', a({ cab_attachment_customer: true }), 'cab_attachment', '/api/bookings/v1/submit'],
  ])('%s', (_name, article, kind, path) => {
    const flow = resolveFlow(article);
    expect(flow.kind).toBe(kind);
    expect(flow.submitPath).toBe(path);
  });

  it.each<[string, FlowArticle, Partial<ReturnType<typeof resolveFlow>>]>([
    [
      'defaults',
      a(),
      {
        showBody: true,
        showTitle: false,
        popup: false,
        actionable: false,
        reload: false,
        writeToUs: true,
        callUs: true,
        callBack: true,
      },
    ],
    ['hide_body', a({ hide_body: true }), { showBody: false }],
    ['show_title', a({ show_title: true }), { showTitle: true }],
    ['article_popup', a({ article_popup: 'true' }), { popup: true }],
    ['actionable', a({ actionable: 1 }), { actionable: true }],
    ['should_reload', a({ should_reload: true }), { reload: true }],
    ['article_refresh tag', a({}, ['article_refresh']), { reload: true }],
    ['minus_write_to_us', a({ minus_write_to_us: true }), { writeToUs: false }],
    ['minus_call_us', a({ minus_call_us: true }), { callUs: false }],
    ['minus_call_back', a({ minus_call_back: true }), { callBack: false }],
    ['emergency_time:{x}', a({}, ['emergency_time:30']), { emergencyMinutes: 30 }],
    ['call_driver_expiry_time:{x}', a({}, ['call_driver_expiry_time:15']), { callDriverExpiryMinutes: 15 }],
    ['a false label is off', a({ hide_body: false, minus_call_us: 'false' }), { showBody: true, callUs: true }],
    ['no response: the form as usual', a({ one_touch: true, call_type: 'refund' }), { showMessage: null }],
    [
      'response refund_allowed false: its message instead of the form',
      {
        ...a({ one_touch: true, call_type: 'refund' }),
        response: { refund_allowed: false, message: 'Already paid back' },
      },
      { showMessage: 'Already paid back' },
    ],
    [
      'refund_allowed false without a message: a plain refusal',
      { ...a({ one_touch: true, call_type: 'refund' }), response: { refund_allowed: false } },
      { showMessage: 'This request cannot be made for this ride.' },
    ],
    ['refund_allowed true', { ...a({ one_touch: true }), response: { refund_allowed: true } }, { showMessage: null }],
    ['a read-only article never', { ...a(), response: { refund_allowed: false, message: 'x' } }, { showMessage: null }],
    ['a refund is about a ride', a({ one_touch: true, call_type: 'refund' }), { needsRide: true }],
    ['a generic request is about a ride', a({ one_touch: true, call_type: 'driver_behaviour' }), { needsRide: true }],
    ['unban is about the account', a({ one_touch: true, call_type: 'unban' }), { needsRide: false }],
    ['so is updating the e-mail', a({ one_touch: true, call_type: 'update_email' }), { needsRide: false }],
    ['so is a Select invoice', a({ one_touch: true, call_type: 'subscription_invoice' }), { needsRide: false }],
    ['a read-only article asks for nothing', a(), { needsRide: false }],
  ])('%s', (_name, article, expected) => {
    expect(resolveFlow(article)).toMatchObject(expected);
  });
});

describe('readOneTouchResponse: every status and HTTP case', () => {
  it.each<[string, number, unknown, string, string, string]>([
    [
      'SUCCESS',
      200,
      { status: 'SUCCESS', title: 'Done', message: 'Refund initiated' },
      'SUCCESS',
      'Done',
      'Refund initiated',
    ],
    [
      'localized_message wins',
      200,
      { status: 'SUCCESS', title: 'T', message: 'en', localized_message: 'हिंदी' },
      'SUCCESS',
      'T',
      'हिंदी',
    ],
    ['heading/body spelling', 200, { status: 'SUCCESS', heading: 'H', body: 'B' }, 'SUCCESS', 'H', 'B'],
    [
      'FAILURE',
      200,
      { status: 'FAILURE', title: 'Not eligible', message: 'Too old' },
      'FAILURE',
      'Not eligible',
      'Too old',
    ],
    [
      'FAILURE without texts',
      200,
      { status: 'FAILURE' },
      'FAILURE',
      'Sorry',
      'Something went wrong. Please try again.',
    ],
    [
      'NOIMAGE',
      200,
      { status: 'NOIMAGE', title: 'Noted', message: 'We are checking' },
      'NOIMAGE',
      'Noted',
      'We are checking',
    ],
    [
      'ALREADY_REFUNDED shown as NOIMAGE',
      200,
      { status: 'ALREADY_REFUNDED', title: 'Already refunded', message: 'On 2 Nov' },
      'NOIMAGE',
      'Already refunded',
      'On 2 Nov',
    ],
    [
      'unknown status is a Sorry failure',
      200,
      { status: 'MAYBE', title: 'x', message: 'y' },
      'FAILURE',
      'Sorry',
      'Something went wrong. Please try again.',
    ],
    ['no body', 200, null, 'FAILURE', 'Sorry', 'Something went wrong. Please try again.'],
    [
      '500 with status ERROR is NOIMAGE with its message',
      500,
      { status: 'ERROR', message: 'Partner system down' },
      'NOIMAGE',
      '',
      'Partner system down',
    ],
    ['other 500', 500, { oops: true }, 'FAILURE', 'Sorry', 'Something went wrong. Please try again.'],
    ['503', 503, { status: 'FAILURE' }, 'FAILURE', 'Sorry', 'Something went wrong. Please try again.'],
    ['404 Invalid token reloads the deep link', 404, { message: 'Invalid token' }, 'RELOAD_DEEPLINK', '', ''],
    ['other 404 is a failure', 404, { status: 'FAILURE', message: 'Not here' }, 'FAILURE', 'Sorry', 'Not here'],
    [
      'email_not_verified',
      403,
      { status: 'FAILURE', error: { code: 'email_not_verified', message: 'verify' } },
      'VERIFY_EMAIL',
      '',
      '',
    ],
    ['email_not_verified as a string', 200, { status: 'FAILURE', error: 'email_not_verified' }, 'VERIFY_EMAIL', '', ''],
    [
      '429 in the error shape says to wait (its error.message), not the generic retry',
      429,
      { status: 'FAILURE', error: { code: 'TOO_MANY_REQUESTS', message: messages.TOO_MANY_REQUESTS } },
      'FAILURE',
      'Sorry',
      messages.TOO_MANY_REQUESTS,
    ],
    [
      '400 in the error shape names what to correct',
      400,
      { status: 'FAILURE', error: { code: 'VALIDATION_FAILED', message: 'Please Enter A Valid Email' } },
      'FAILURE',
      'Sorry',
      'Please Enter A Valid Email',
    ],
    [
      'a 5xx error message stays hidden',
      500,
      { status: 'FAILURE', error: { code: 'INTERNAL', message: 'db down at 10.0.0.3' } },
      'FAILURE',
      'Sorry',
      'Something went wrong. Please try again.',
    ],
  ])('%s', (_name, http, body, state, title, message) => {
    const r = readOneTouchResponse(http, body);
    expect([r.state, r.title, r.message]).toEqual([state, title, message]);
  });

  it('follows a redirect tag (the spec spells it rediectTag) and reads ticket, rating and reload flags', () => {
    expect(readOneTouchResponse(200, { status: 'SUCCESS', rediectTag: 'lost item' })).toMatchObject({
      state: 'REDIRECTED',
      redirectTo: '/report/lost%20item/default',
    });
    expect(
      readOneTouchResponse(200, {
        status: 'SUCCESS',
        ticket_request_id: '123',
        csat_required: true,
        shouldReload: true,
      }),
    ).toMatchObject({ ticketId: '123', csatRequired: true, reload: true });
    expect(readOneTouchResponse(200, { status: 'SUCCESS', ticketId: '9', showCSAT: true })).toMatchObject({
      ticketId: '9',
      csatRequired: true,
    });
  });
});

describe('readOneTouchResponse: the ride shown with the answer (map, distance, bill)', () => {
  const bill: Bill = {
    currency_country: 'IN',
    lines: [
      { key: 'distance', amount: 200 },
      { key: 'adjustment', amount: -40 },
    ],
    total: 160,
    distance_km: 12.4,
    route_km: 9.8,
    ride_minutes: 31,
    waiting_minutes: 2,
    estimated_fare: 150,
  };
  it.each<[string, unknown, Pick<OneTouchResult, 'mapUrl' | 'distance' | 'bill'>]>([
    ['none of them', { status: 'SUCCESS' }, { mapUrl: null, distance: null, bill: null }],
    [
      'map_url, distance and bill',
      { status: 'SUCCESS', map_url: '/maps/r1.svg', distance: '12.4 km', bill },
      { mapUrl: '/maps/r1.svg', distance: '12.4 km', bill },
    ],
    [
      "the spec's map_link spelling",
      { status: 'NOIMAGE', map_link: '/maps/r2.svg' },
      { mapUrl: '/maps/r2.svg', distance: null, bill: null },
    ],
    [
      'map_url wins over map_link',
      { status: 'SUCCESS', map_url: '/a.svg', map_link: '/b.svg' },
      { mapUrl: '/a.svg', distance: null, bill: null },
    ],
    [
      'null values',
      { status: 'SUCCESS', map_url: null, distance: null, bill: null },
      { mapUrl: null, distance: null, bill: null },
    ],
    [
      'blank texts are none',
      { status: 'SUCCESS', map_url: ' ', distance: '' },
      { mapUrl: null, distance: null, bill: null },
    ],
    [
      'a bill without lines is none',
      { status: 'SUCCESS', bill: { total: 10 } },
      { mapUrl: null, distance: null, bill: null },
    ],
    [
      'a bill that is not an object is none',
      { status: 'SUCCESS', bill: '₹160' },
      { mapUrl: null, distance: null, bill: null },
    ],
    [
      'a FAILURE carries them too',
      { status: 'FAILURE', distance: '3 km' },
      { mapUrl: null, distance: '3 km', bill: null },
    ],
  ])('%s', (_name, body, expected) => {
    const r = readOneTouchResponse(200, body);
    expect({ mapUrl: r.mapUrl, distance: r.distance, bill: r.bill }).toEqual(expected);
  });
});

describe('channelsAfter', () => {
  const all = { callUs: true, writeToUs: true, chat: true };
  it.each<[string, string, Record<string, unknown>, typeof all, typeof all]>([
    ['FAILURE in India offers call-us', 'IN', {}, all, { callUs: true, writeToUs: false, chat: false }],
    [
      'FAILURE elsewhere offers write-to-us, no call-us',
      'GB',
      {},
      all,
      { callUs: false, writeToUs: true, chat: false },
    ],
    [
      'side_load switches channels',
      'IN',
      { one_touch_write_to_us: true, one_touch_call_us: false, one_touch_chat_with_us: true },
      all,
      { callUs: false, writeToUs: true, chat: true },
    ],
    [
      'master switches win',
      'IN',
      { one_touch_chat_with_us: true },
      { callUs: false, writeToUs: true, chat: false },
      { callUs: false, writeToUs: false, chat: false },
    ],
  ])('%s', (_name, country, sideLoad, limits, expected) => {
    expect(channelsAfter({ state: 'FAILURE', sideLoad }, country, limits)).toEqual(expected);
  });

  it('offers nothing after a success unless side_load asks', () => {
    expect(channelsAfter({ state: 'SUCCESS', sideLoad: {} }, 'IN', all)).toEqual({
      callUs: false,
      writeToUs: false,
      chat: false,
    });
    expect(channelsAfter({ state: 'SUCCESS', sideLoad: { one_touch_call_us: true } }, 'IN', all).callUs).toBe(true);
  });
});

describe('refundDestinations: what a refund article offers', () => {
  it.each<[string, Record<string, unknown> | undefined, RefundDestination[]]>([
    ['no side_load', undefined, ['voucher', 'neft', 'ola_money']],
    ['both shown', { showVoucher: true, showNEFT: true }, ['voucher', 'neft', 'ola_money']],
    ['NEFT off', { showVoucher: true, showNEFT: false }, ['voucher', 'ola_money']],
    ['voucher off', { showVoucher: false }, ['neft', 'ola_money']],
    ['both off', { showVoucher: false, showNEFT: false }, ['ola_money']],
    ['only false switches off', { showVoucher: 'false', showNEFT: 0 }, ['voucher', 'neft', 'ola_money']],
  ])('%s', (_name, sideLoad, expected) => {
    expect(refundDestinations(sideLoad)).toEqual(expected);
  });
});

describe('submitDelayMs: the driver v3 wait (core.md §9)', () => {
  const article = (index_name: string, labels: Record<string, string | boolean>, label_names: string[] = []) => ({
    index_name,
    labels,
    label_names,
  });
  it.each([
    [
      'a driver v3 call type',
      article('driver_in_en', { one_touch: true, call_type: 'driver_cleaning_fee' }),
      null,
      3000,
    ],
    [
      'a driver article tagged for v3',
      article('driver_in_hi', { one_touch: true }, ['api_call__v3_submit']),
      null,
      3000,
    ],
    [
      'the same from the heat map',
      article('driver_in_en', { one_touch: true, call_type: 'driver_cleaning_fee' }),
      'heat_map',
      0,
    ],
    [
      'a heat-map sub-context',
      article('driver_au_en', { one_touch: true, call_type: 'quality' }),
      'heat_map_demand',
      0,
    ],
    ['a driver v1 submit', article('driver_in_en', { one_touch: true, call_type: 'ride_not_taken' }), null, 0],
    ['a customer v3 submit', article('customer', { one_touch: true, call_type: 'paid_cash_outstanding' }), null, 0],
    ['a plain driver article', article('driver_in_en', {}), null, 0],
  ] as const)('%s', (_, a, context, ms) => {
    expect(submitDelayMs(a, context)).toBe(ms);
  });
});
