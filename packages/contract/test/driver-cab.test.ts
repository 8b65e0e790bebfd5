import { describe, expect, it } from 'vitest';
import {
  cabAttachmentFormSchema,
  cabAttachmentParams,
  cabMobileInput,
  mapSearchLink,
} from '../src/flows/cab-attachment.ts';
import {
  DRIVER_DETAILS_WINDOW_HOURS,
  DRIVER_NAME_SHOWN_MAX,
  driverDetailsOpen,
  shortDriverName,
  splitDriverName,
} from '../src/flows/driver-details.ts';
import { messages } from '../src/messages.ts';
import { readOneTouchResponse, resolveFlow } from '../src/one-touch.ts';

const HOUR = 3600_000;

describe('cab attachment mobile and city (guided-flows.md §5)', () => {
  const firstError = (form: { city: string; phone_number: string }) => {
    const r = cabAttachmentFormSchema.safeParse(form);
    return r.success ? null : r.error.issues[0]?.message;
  };
  it.each([
    ['', '', messages.cabChooseCity],
    ['', '987654321', messages.cabEnterValidMobile],
    ['', '9876543210', null],
    ['', '98765432101', messages.cabEnterValidMobile],
    ['', '0987654321', messages.cabEnterValidMobile],
    ['', '98765x4321', messages.cabEnterValidMobile],
    ['city_pune', '', null],
    ['city_pune', 'anything', null],
  ])('form city %j mobile %j → %s', (city, phone, error) => {
    expect(firstError({ city, phone_number: phone })).toBe(error);
  });

  it.each([
    [{ city: 'city_pune' }, null],
    [{ phone_number: '9876543210' }, null],
    [{}, messages.cabChooseCity],
    [{ city: '  ' }, messages.cabChooseCity],
    [{ city: 7 }, messages.cabChooseCity],
    [{ city: 'x'.repeat(65) }, messages.cabChooseCity],
    [{ phone_number: '987654321' }, messages.cabEnterValidMobile],
    [{ phone_number: '98765432101' }, messages.cabEnterValidMobile],
    [{ phone_number: '0876543210' }, messages.cabEnterValidMobile],
    [{ phone_number: 9876543210 }, messages.cabEnterValidMobile],
    [{ city: 'city_pune', phone_number: '12' }, messages.cabEnterValidMobile],
  ])('params %j → %s', (params, error) => {
    const r = cabAttachmentParams.schema.safeParse(params);
    expect(r.success ? null : r.error.issues[0]?.message).toBe(error);
  });

  it.each([
    ['9876543210', '9876543210'],
    ['98765432109', '9876543210'],
    ['0987', '987'],
    ['00', ''],
    ['98a7-6 5', '98765'],
    ['+91 98765 43210', '9198765432'],
  ])('typing %j keeps %j (digits, no leading zero, at most 10)', (typed, kept) => {
    expect(cabMobileInput(typed)).toBe(kept);
  });

  it('the article is about the account: no ride first', () => {
    const flow = resolveFlow({
      labels: { one_touch: true, call_type: 'cab_attachment_customer', cab_attachment_customer: true },
      label_names: [],
    });
    expect(flow).toMatchObject({ kind: 'cab_attachment', needsRide: false });
  });

  it('map links search the address', () => {
    expect(mapSearchLink('12 A Road, Pune')).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20A%20Road%2C%20Pune',
    );
  });
});

describe('driver details (guided-flows.md §3, §9)', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const ended = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  it.each([
    ['ongoing', null, true],
    ['in progress', null, true],
    ['completed', ended(1), true],
    ['completed', ended(DRIVER_DETAILS_WINDOW_HOURS), true],
    ['completed', ended(DRIVER_DETAILS_WINDOW_HOURS + 0.01), false],
    ['completed', null, false],
    ['cancelled', null, false],
    ['scheduled', null, false],
  ])('%s ride ended %s → open %s', (status, stop, open) => {
    expect(driverDetailsOpen({ status, stop_at: stop }, now)).toBe(open);
  });

  it('cuts the name to 25 characters with an ellipsis, whole when it fits', () => {
    const long = 'Venkatasubramanian Raghavendra';
    expect(shortDriverName(long)).toHaveLength(DRIVER_NAME_SHOWN_MAX);
    expect(shortDriverName(long).endsWith('…')).toBe(true);
    expect(shortDriverName('a'.repeat(25))).toBe('a'.repeat(25));
    expect(splitDriverName(' Murugan  S ')).toEqual({ first: 'Murugan', last: 'S' });
    expect(splitDriverName('Madonna')).toEqual({ first: 'Madonna', last: '' });
  });

  it('reads the driver from an answer, never a phone', () => {
    const read = readOneTouchResponse(200, {
      status: 'SUCCESS',
      title: 'Your driver',
      message: 'x',
      driver_first_name: 'Murugan',
      driver_last_name: 'S',
      car_model: 'Honda Amaze',
      car_number: 'TN 09 AB 1234',
      driver_phone: '+919800000000',
    });
    expect(read.driver).toEqual({
      firstName: 'Murugan',
      lastName: 'S',
      carModel: 'Honda Amaze',
      carNumber: 'TN 09 AB 1234',
    });
    expect(JSON.stringify(read)).not.toContain('9800000000');
    expect(readOneTouchResponse(200, { status: 'SUCCESS', title: 't', message: 'm' }).driver).toBeNull();
  });
});
