import { describe, expect, it } from 'vitest';
import { earningStatement } from '../src/driver.ts';
import {
  aggregateEarnings,
  bucketEnd,
  bucketRanges,
  bucketStart,
  DRIVER_TIME_ZONES,
  dayInZone,
  daysInRange,
  driverTimeZone,
  type EarningsRide,
  earningsHistoryRequestSchema,
  isIsoDay,
} from '../src/driver-earnings.ts';
import { messages } from '../src/messages.ts';

describe('earnings: buckets (week starts Monday)', () => {
  it.each([
    // day, granularity, start, end
    ['2026-11-18', 'day', '2026-11-18', '2026-11-18'],
    ['2026-11-18', 'week', '2026-11-16', '2026-11-22'], // a Wednesday
    ['2026-11-16', 'week', '2026-11-16', '2026-11-22'], // a Monday is its own week's start
    ['2026-11-22', 'week', '2026-11-16', '2026-11-22'], // a Sunday ends the week
    ['2026-01-01', 'week', '2025-12-29', '2026-01-04'], // a week across the new year
    ['2026-11-18', 'month', '2026-11-01', '2026-11-30'],
    ['2028-02-10', 'month', '2028-02-01', '2028-02-29'], // leap year
    ['2026-12-31', 'month', '2026-12-01', '2026-12-31'],
  ] as const)('%s by %s is in the bucket %s … %s', (day, g, start, end) => {
    expect(bucketStart(day, g)).toBe(start);
    expect(bucketEnd(start, g)).toBe(end);
  });

  it('lists every bucket of the period, empty ones too, clipped to the period', () => {
    expect(bucketRanges('2026-11-18', '2026-12-02', 'week')).toEqual([
      { start: '2026-11-16', from: '2026-11-18', to: '2026-11-22' },
      { start: '2026-11-23', from: '2026-11-23', to: '2026-11-29' },
      { start: '2026-11-30', from: '2026-11-30', to: '2026-12-02' },
    ]);
    expect(bucketRanges('2026-06-15', '2026-11-20', 'month').map((b) => b.start)).toEqual([
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    expect(bucketRanges('2026-11-20', '2026-11-20', 'day')).toEqual([
      { start: '2026-11-20', from: '2026-11-20', to: '2026-11-20' },
    ]);
    expect(bucketRanges('2025-11-21', '2026-11-20', 'day')).toHaveLength(365);
  });

  it('counts days in the driver time zone', () => {
    // 2026-11-19 20:00 UTC is 01:30 on the 20th in India, 07:00 on the 20th in Sydney, still the 19th in London.
    const t = Date.parse('2026-11-19T20:00:00Z');
    expect(dayInZone(t, 'Asia/Kolkata')).toBe('2026-11-20');
    expect(dayInZone(t, 'Australia/Sydney')).toBe('2026-11-20');
    expect(dayInZone(t, 'Europe/London')).toBe('2026-11-19');
    expect(driverTimeZone('in')).toBe(DRIVER_TIME_ZONES.IN);
    expect(driverTimeZone('ZZ')).toBe('UTC');
  });

  it('reads calendar days strictly', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-2-1')).toBe(false);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysInRange('2026-11-20', '2026-11-20')).toBe(1);
  });
});

describe('earnings: sums', () => {
  const at = (iso: string) => Date.parse(iso);
  const rides: EarningsRide[] = [
    // Monday 16 Nov, India: online, with a toll and an incentive
    { at: at('2026-11-16T04:00:00Z'), fare: 540, tolls: 40, commission: 100, incentives: 50, cash: false },
    // Sunday 22 Nov 23:00 India = 17:30 UTC: still the week of the 16th
    { at: at('2026-11-22T17:30:00Z'), fare: 300, tolls: 0, commission: 60, incentives: 0, cash: true },
    // Sunday 22 Nov 19:00 UTC = Monday 23 Nov 00:30 India: the next week
    { at: at('2026-11-22T19:00:00Z'), fare: 210.5, tolls: 0, commission: 42.1, incentives: 0, cash: false },
    // before the period
    { at: at('2026-11-01T06:00:00Z'), fare: 999, tolls: 0, commission: 199.8, incentives: 0, cash: false },
  ];
  const opts = { from: '2026-11-10', to: '2026-11-29', timeZone: 'Asia/Kolkata' } as const;

  it('adds each ride statement to the bucket of its local day', () => {
    const { buckets, totals } = aggregateEarnings(rides, { ...opts, granularity: 'week' });
    expect(buckets.map((b) => [b.start, b.rides, b.fare])).toEqual([
      ['2026-11-09', 0, 0],
      ['2026-11-16', 2, 840],
      ['2026-11-23', 1, 210.5],
    ]);
    const week = buckets[1];
    expect(week).toMatchObject({
      commission: 160,
      incentives: 50,
      tolls: 40,
      cash_collected: 300,
      net_earnings: 730, // 840 − 160 + 50
      net_payout: 430, // 730 − 300
    });
    expect(totals).toMatchObject({ rides: 3, fare: 1050.5, commission: 202.1, net_earnings: 898.4, net_payout: 598.4 });
  });

  it('totals equal the rides statements added up, whatever the granularity', () => {
    const inPeriod = rides.slice(0, 3).map((r) => earningStatement(r));
    const sum = (k: keyof (typeof inPeriod)[number]) =>
      Math.round(inPeriod.reduce((s, st) => s + st[k], 0) * 100) / 100;
    for (const granularity of ['day', 'week', 'month'] as const) {
      const { buckets, totals } = aggregateEarnings(rides, { ...opts, granularity });
      expect(totals.rides).toBe(3);
      for (const k of [
        'fare',
        'commission',
        'incentives',
        'tolls',
        'cash_collected',
        'net_earnings',
        'net_payout',
      ] as const) {
        expect(totals[k], `${granularity} ${k}`).toBe(sum(k));
      }
      expect(buckets.reduce((s, b) => s + b.rides, 0)).toBe(3);
    }
    expect(aggregateEarnings(rides, { ...opts, granularity: 'day' }).buckets).toHaveLength(20);
  });

  it('sums to zero over a period without rides', () => {
    const { totals } = aggregateEarnings(rides, {
      from: '2025-01-01',
      to: '2025-01-31',
      granularity: 'month',
      timeZone: 'UTC',
    });
    expect(totals).toMatchObject({ rides: 0, fare: 0, net_payout: 0 });
  });
});

describe('earnings: the request', () => {
  const ok = { from: '2026-06-01', to: '2026-11-20', granularity: 'month' };
  const issue = (input: unknown) => {
    const r = earningsHistoryRequestSchema.safeParse(input);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it.each([
    [ok, null],
    [{ ...ok, car: 'PYK28A' }, null],
    [{ ...ok, to: '2026-05-31' }, messages.earningsRangeInvalid],
    [{ ...ok, from: '2025-11-19' }, messages.earningsRangeTooLong],
    [{ ...ok, from: '2025-11-20' }, null], // 366 days
    [{ ...ok, from: '2026-02-30' }, messages.earningsDayInvalid],
    [{ ...ok, car: 'PYK<28>' }, messages.earningsCarUnknown],
  ])('%j → %s', (input, message) => {
    expect(issue(input)).toBe(message);
  });

  it('refuses an unknown granularity', () => {
    expect(earningsHistoryRequestSchema.safeParse({ ...ok, granularity: 'year' }).success).toBe(false);
  });
});
