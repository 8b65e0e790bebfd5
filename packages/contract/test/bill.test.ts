import { describe, expect, it } from 'vitest';
import { adjustedBill, type Bill, type BillLineKey } from '../src/bill-rules.ts';
import { type BillReview, reviewBillDispute } from '../src/flows/billing-dispute.ts';

const bill = (over: Partial<Bill> = {}): Bill => ({
  currency_country: 'IN',
  lines: [
    { key: 'base_fare', amount: 50 },
    { key: 'distance', amount: 200 },
    { key: 'waiting', amount: 15 },
    { key: 'taxes', amount: 13 },
  ],
  total: 278,
  distance_km: 15,
  route_km: 10,
  ride_minutes: 40,
  waiting_minutes: 8,
  estimated_fare: 190,
  ...over,
});

describe('reviewBillDispute', () => {
  it.each<[string, Bill, string | null, BillLineKey[], BillReview]>([
    // distance: 15 km charged on a 10 km route → a third of the distance line back
    [
      'charged beyond the route, whole bill',
      bill(),
      null,
      [],
      { outcome: 'adjust', amount: 67, because: ['distance'] },
    ],
    [
      'charged beyond the route, distance line',
      bill(),
      null,
      ['distance'],
      { outcome: 'adjust', amount: 67, because: ['distance'] },
    ],
    ['the rider changed the drop', bill(), 'drop_changed_fare_high', [], { outcome: 'review' }],
    ['only the toll line disputed', bill(), null, ['toll'], { outcome: 'review' }],
    ['within the 15% tolerance', bill({ distance_km: 11.5 }), null, [], { outcome: 'review' }],
    [
      'just past the tolerance',
      bill({ distance_km: 11.6 }),
      null,
      [],
      { outcome: 'adjust', amount: 28, because: ['distance'] },
    ],
    ['no route recorded', bill({ route_km: null }), null, [], { outcome: 'review' }],
    ['no distance recorded', bill({ distance_km: null }), null, [], { outcome: 'review' }],
    // waiting: charged although the driver waited no more than the free 3 minutes
    [
      'waiting charged within the free minutes',
      bill({ distance_km: 10, waiting_minutes: 3 }),
      null,
      ['waiting'],
      { outcome: 'adjust', amount: 15, because: ['waiting'] },
    ],
    [
      'waiting reason without marked lines',
      bill({ distance_km: 10, waiting_minutes: 2 }),
      'wrong_waiting_charge',
      ['toll'],
      { outcome: 'adjust', amount: 15, because: ['waiting'] },
    ],
    [
      'waiting past the free minutes',
      bill({ distance_km: 10 }),
      'wrong_waiting_charge',
      ['waiting'],
      { outcome: 'review' },
    ],
    [
      'no waiting time recorded',
      bill({ distance_km: 10, waiting_minutes: null }),
      null,
      ['waiting'],
      { outcome: 'review' },
    ],
    [
      'both at once',
      bill({ waiting_minutes: 1 }),
      null,
      [],
      { outcome: 'adjust', amount: 82, because: ['distance', 'waiting'] },
    ],
    [
      'two decimals outside India',
      bill({
        currency_country: 'AU',
        lines: [{ key: 'distance', amount: 30.5 }],
        total: 30.5,
        distance_km: 9,
        route_km: 6,
        waiting_minutes: null,
      }),
      null,
      [],
      { outcome: 'adjust', amount: 10.17, because: ['distance'] },
    ],
    [
      'never more than the total',
      bill({
        lines: [
          { key: 'distance', amount: 10 },
          { key: 'waiting', amount: 5 },
        ],
        total: 12,
        waiting_minutes: 0,
        route_km: 1,
      }),
      null,
      [],
      { outcome: 'adjust', amount: 12, because: ['distance', 'waiting'] },
    ],
  ])('%s', (_name, b, reason, lines, expected) => {
    expect(reviewBillDispute(b, reason, lines)).toEqual(expected);
  });

  it('an adjusted bill carries a negative adjustment line and the new total', () => {
    const adjusted = adjustedBill(bill(), 67);
    expect(adjusted.lines.at(-1)).toEqual({ key: 'adjustment', amount: -67 });
    expect(adjusted.total).toBe(211);
    expect(adjustedBill(bill(), 0)).toEqual(bill());
  });
});
