import { describe, expect, it } from 'vitest';
import { oneTouchPayload, type Submitter } from '../src/lib/one-touch/submit-payload';
import { article } from './kb-fixtures';

const riya: Submitter = { country: 'IN', inApp: false, subscriptionId: null };
const ride = { id: 'b-1', crn: '1234567890', cab_category: 'mini' };
const oneTouch = (labels: Record<string, string | boolean> = {}, response: Record<string, unknown> = {}) =>
  article({
    id: '101101',
    index_name: 'customer',
    labels: { one_touch: true, call_type: 'quality', ...labels },
    response,
  });

describe('the one-touch submit payload (guided-flows.md §3)', () => {
  it('carries the article, the ride, the country and the source, then the form fields', () => {
    expect(
      oneTouchPayload(oneTouch(), ride, riya, { option_selected: 'ac', message: 'The AC did not work at all' }),
    ).toEqual({
      path: '/api/bookings/v3/submit',
      payload: {
        article_id: '101101',
        call_type: 'quality',
        booking_id: 'b-1',
        crn: '1234567890',
        car_category: 'mini',
        index_name: 'customer',
        country: 'IN',
        option_selected: 'ac',
        message: 'The AC did not work at all',
        is_image_uploaded: false,
        subscription_id: null,
        one_touch_source: 'web',
      },
    });
  });

  it.each([
    ['the article label', { one_touch_source: 'select_invoice' }, false, 'select_invoice'],
    ['the app, without a label', {}, true, 'app'],
    ['the website, without a label', {}, false, 'web'],
  ])('one_touch_source from %s', (_, labels, inApp, source) => {
    const sent = oneTouchPayload(oneTouch(labels), ride, { ...riya, inApp }, {});
    expect(sent?.payload.one_touch_source).toBe(source);
  });

  it.each([
    [['doc-1', 'doc-2'], true],
    [[], false],
    [undefined, false],
  ])('is_image_uploaded for uploaded_image_ids %j is %s', (ids, uploaded) => {
    const sent = oneTouchPayload(oneTouch(), ride, riya, ids ? { uploaded_image_ids: ids } : {});
    expect(sent?.payload.is_image_uploaded).toBe(uploaded);
  });

  it("sends the article answer's ride_deviation, and the member's subscription", () => {
    const sent = oneTouchPayload(
      oneTouch({}, { ride_deviation: true }),
      ride,
      { ...riya, subscriptionId: 'sub_1' },
      {},
    );
    expect(sent?.payload).toMatchObject({ ride_deviation: true, subscription_id: 'sub_1' });
    expect(oneTouchPayload(oneTouch(), ride, riya, {})?.payload).not.toHaveProperty('ride_deviation');
  });

  it('a request about the account has no ride; a plain article submits nothing', () => {
    const account = oneTouchPayload(oneTouch({ call_type: 'unban' }), null, riya, {});
    expect(account).toMatchObject({ path: '/api/bookings/v1/submit', payload: { booking_id: null, crn: null } });
    expect(oneTouchPayload(article(), ride, riya, {})).toBeNull();
  });
});
