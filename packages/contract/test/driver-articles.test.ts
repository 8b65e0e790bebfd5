import { describe, expect, it } from 'vitest';
import {
  actionClosesAt,
  CLEANING_CLAIM_WINDOW_HOURS,
  callActionOpen,
  cleaningClaimProblem,
  cleaningFeeParams,
  cleaningOptions,
  emergencyActionOpen,
  partnerLostItemStep,
  rideEndedAt,
  riderCallOffered,
} from '../src/driver-articles.ts';
import { isMessageCode } from '../src/messages.ts';

const MIN = 60_000;
const END = Date.parse('2026-11-20T10:00:00.000Z');
const done = { status: 'completed', endedAt: END };

describe('the emergency window (emergency_time:{x}): during the ride and up to x minutes after, inclusive', () => {
  it.each([
    ['during the ride (ongoing)', { status: 'ongoing', endedAt: null }, END + 999 * MIN, true],
    ['during the ride (in progress)', { status: 'in progress', endedAt: null }, END, true],
    ['just after the end', done, END + 1, true],
    ['at exactly x minutes', done, END + 30 * MIN, true],
    ['one millisecond after x minutes', done, END + 30 * MIN + 1, false],
    ['an hour later', done, END + 60 * MIN, false],
    ['a clock that puts the end ahead counts as just ended', done, END - 5 * MIN, true],
    ['before the ride (scheduled)', { status: 'scheduled', endedAt: null }, END, false],
    ['requested, not started', { status: 'requested', endedAt: null }, END, false],
    ['a cancelled ride', { status: 'cancelled', endedAt: END }, END + MIN, false],
    ['a completed ride without an end', { status: 'completed', endedAt: null }, END, false],
  ] as const)('%s', (_name, ride, now, open) => {
    expect(emergencyActionOpen(ride, 30, now)).toBe(open);
  });

  it('x = 0: only the ride itself and its very end', () => {
    expect(emergencyActionOpen(done, 0, END)).toBe(true);
    expect(emergencyActionOpen(done, 0, END + 1)).toBe(false);
  });
});

describe('the call expiry (call_driver_expiry_time:{x}): gone from x minutes after the end', () => {
  it.each([
    ['during the ride', { status: 'ongoing', endedAt: null }, END + 500 * MIN, true],
    ['right after the end', done, END, true],
    ['one millisecond before x', done, END + 15 * MIN - 1, true],
    ['at exactly x: expired', done, END + 15 * MIN, false],
    ['after x', done, END + 16 * MIN, false],
    ['a day later', done, END + 24 * 60 * MIN, false],
    ['before the ride', { status: 'scheduled', endedAt: null }, END, false],
    ['a cancelled ride', { status: 'cancelled', endedAt: END }, END, false],
  ] as const)('%s', (_name, ride, now, open) => {
    expect(callActionOpen(ride, 15, now)).toBe(open);
  });

  it('names when a finished ride’s action closes, and none during the ride', () => {
    expect(actionClosesAt(done, 15)).toBe(END + 15 * MIN);
    expect(actionClosesAt({ status: 'ongoing', endedAt: null }, 15)).toBeNull();
  });
});

describe('the rider’s call-driver button on a call_driver_expiry_time:15 article', () => {
  const stop = '2026-11-20T10:00:00.000Z';
  it.each([
    ['a requested ride', 'requested', null, END + 999 * MIN, true],
    ['a scheduled ride', 'scheduled', null, END, true],
    ['on the road', 'In Progress', null, END, true],
    ['completed, 14 minutes after', 'completed', stop, END + 14 * MIN, true],
    ['completed, at 15 minutes: gone', 'Completed', stop, END + 15 * MIN, false],
    ['cancelled', 'cancelled', stop, END, false],
  ] as const)('%s', (_name, status, stop_at, now, offered) => {
    expect(riderCallOffered({ status, stop_at, date_entered_timestamp: 0 }, 15, now)).toBe(offered);
  });
});

describe('when a ride ended', () => {
  it.each([
    ['its stop time', { status: 'completed', stop_at: '2026-11-20T10:00:00.000Z', date_entered_timestamp: 1 }, END],
    ['without one, when it was booked', { status: 'completed', stop_at: null, date_entered_timestamp: 42 }, 42],
    ['a bad stop time reads as none', { status: 'completed', stop_at: 'soon', date_entered_timestamp: 42 }, 42],
    ['not completed: not ended', { status: 'ongoing', stop_at: null, date_entered_timestamp: 42 }, null],
  ] as const)('%s', (_name, ride, ended) => {
    expect(rideEndedAt(ride)).toBe(ended);
  });
});

describe('the cleaning-fee claim', () => {
  const articleOptions = [
    { text: 'Food or drink spill', value: 'food_drink_spill', type: 'cleaning_fee', bill_amount: 150 },
    { text: 'Mud', value: 'heavy_dirt', type: 'cleaning_fee', bill_amount: '250' },
    { text: 'Too much', value: 'too_much', type: 'cleaning_fee', bill_amount: 99_999 },
    { text: 'Free', value: 'free', type: 'cleaning_fee', bill_amount: 0 },
    { text: 'Other flow', value: 'other', type: 'refund', bill_amount: 100 },
    'junk',
  ];
  const options = cleaningOptions(articleOptions);

  it('claims only the article’s cleaning options with an amount in bounds', () => {
    expect(options).toEqual([
      { text: 'Food or drink spill', value: 'food_drink_spill', amount: 150 },
      { text: 'Mud', value: 'heavy_dirt', amount: 250 },
    ]);
    expect(cleaningOptions(null)).toEqual([]);
  });

  const H = 60 * MIN;
  it.each([
    ['a completed trip, 2 photos, an hour after', done, 'food_drink_spill', 2, END + H, null],
    ['4 photos', done, 'heavy_dirt', 4, END + H, null],
    ['at exactly 24 hours', done, 'food_drink_spill', 3, END + CLEANING_CLAIM_WINDOW_HOURS * H, null],
    ['just after 24 hours', done, 'food_drink_spill', 3, END + 24 * H + 1, 'driverCleaningTooLate'],
    [
      'a cancelled trip',
      { status: 'cancelled', endedAt: END },
      'food_drink_spill',
      2,
      END,
      'driverCleaningNotCompleted',
    ],
    [
      'a trip on the road',
      { status: 'ongoing', endedAt: null },
      'food_drink_spill',
      2,
      END,
      'driverCleaningNotCompleted',
    ],
    ['an option the article has not', done, 'too_much', 2, END, 'driverCleaningOption'],
    ['one photo', done, 'food_drink_spill', 1, END, 'driverCleaningPhotos'],
    ['no photo', done, 'food_drink_spill', 0, END, 'driverCleaningPhotos'],
    ['five photos', done, 'food_drink_spill', 5, END, 'driverCleaningPhotos'],
  ] as const)('%s', (_name, ride, option, photos, now, problem) => {
    expect(cleaningClaimProblem(ride, { option, photos }, options, now)).toBe(problem);
    if (problem) expect(isMessageCode(problem)).toBe(true);
  });

  it('checks its params: an option, an optional note up to 500 characters', () => {
    expect(cleaningFeeParams.schema.safeParse({ option: 'heavy_dirt' }).success).toBe(true);
    expect(cleaningFeeParams.schema.safeParse({ option: ' ' }).success).toBe(false);
    expect(cleaningFeeParams.schema.safeParse({ option: 'x', note: 'n'.repeat(501) }).success).toBe(false);
  });
});

describe('the partner’s next step on a lost item', () => {
  it.each([
    ['while we call the driver', 'calling_driver', null, false, 'answer'],
    ['waiting for the driver', 'awaiting_driver', null, false, 'answer'],
    ['the call did not reach the driver', 'driver_unreachable', null, false, 'answer'],
    ['…but the customer raised a ticket', 'driver_unreachable', 'T1', false, 'closed'],
    ['found', 'driver_found', null, false, 'handover'],
    ['pick-up arranged', 'resolved', null, false, 'handover'],
    ['handed over', 'resolved', null, true, 'done'],
    ['not found', 'not_found', null, false, 'closed'],
  ] as const)('%s', (_name, state, ticket_id, handed_over, step) => {
    expect(partnerLostItemStep({ state, ticket_id, handed_over })).toBe(step);
  });
});
