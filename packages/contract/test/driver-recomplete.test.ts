import { describe, expect, it } from 'vitest';
import type { Bill } from '../src/bill-rules.ts';
import {
  type GpsPing,
  haversineKm,
  type LatLng,
  RECOMPLETE_ARTICLES,
  RECOMPLETE_DROP_RADIUS_KM,
  RECOMPLETE_MIN_PINGS,
  type RecompleteChecks,
  type RecompleteInput,
  readPings,
  recompleteArticleFor,
  recompleteDecision,
  recompleteHref,
  recompleteSubmitDelayMs,
  recomputedBill,
  recomputedCommission,
  shortThresholdKm,
} from '../src/driver-recomplete.ts';

const on: RecompleteChecks = { customer_recomplete_check_enabled: true, is_ping_confidence_check_enabled: true };
const off: RecompleteChecks = { customer_recomplete_check_enabled: false, is_ping_confidence_check_enabled: false };

/** ~1 km of latitude. */
const KM_LAT = 1 / 111.195;
const START: LatLng = { lat: 12.95, lng: 77.6 };
const T0 = Date.parse('2026-11-17T05:00:00Z');

/** `count` pings due north, `stepKm` apart, `stepMinutes` apart. */
function track(count: number, stepKm: number, stepMinutes = 2): GpsPing[] {
  return Array.from({ length: count }, (_, i) => [
    START.lat + i * stepKm * KM_LAT,
    START.lng,
    T0 + i * stepMinutes * 60_000,
  ]);
}
const endOf = (pings: GpsPing[]): LatLng => {
  const last = pings.at(-1) as GpsPing;
  return { lat: last[0], lng: last[1] };
};

/** A rupee bill billed on 8 km: base 80, distance 136 (17/km), taxes 5 %. */
const bill: Bill = {
  currency_country: 'IN',
  lines: [
    { key: 'base_fare', amount: 80 },
    { key: 'distance', amount: 136 },
    { key: 'taxes', amount: 11 },
  ],
  total: 227,
  distance_km: 8,
  route_km: 12,
  ride_minutes: 24,
  waiting_minutes: 1,
  estimated_fare: 330,
};

// 13 pings 1 km apart: a 12 km path, ending at the drop.
const full = track(13, 1);
const input = (over: Partial<RecompleteInput> = {}): RecompleteInput => ({
  status: 'completed',
  bill,
  ended_short_km: 4,
  pings: full,
  drop: endOf(full),
  checks: on,
  ...over,
});

describe('haversineKm', () => {
  it('measures a degree of latitude as about 111 km and a point to itself as 0', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.19, 1);
    expect(haversineKm(START, START)).toBe(0);
  });
});

describe('shortThresholdKm: more than 0.5 km and more than 5 % of the route', () => {
  it.each([
    [null, 0.5],
    [4, 0.5],
    [10, 0.5],
    [20, 1],
    [40, 2],
  ])('route %s km → %s km', (route, km) => {
    expect(shortThresholdKm(route)).toBeCloseTo(km, 6);
  });
});

describe('readPings: ping confidence and the customer check', () => {
  it('reads a clean track: its length, its minutes, at the drop', () => {
    const r = readPings(full, endOf(full), on);
    expect(r.km).toBeCloseTo(12, 1);
    expect(r.minutes).toBe(24);
    expect(r.last_to_drop_km).toBe(0);
    expect(r.problem).toBeNull();
  });

  it.each<[string, GpsPing[], LatLng | null, RecompleteChecks, string | null]>([
    ['one ping too few', track(RECOMPLETE_MIN_PINGS - 1, 1), null, on, 'too_few_pings'],
    ['just enough pings', track(RECOMPLETE_MIN_PINGS, 1), 'end' as never, on, null],
    ['a single ping, checks off', track(1, 1), null, off, 'too_few_pings'],
    ['a 10-minute gap is allowed', track(9, 1, 10), 'end' as never, on, null],
    ['an 11-minute gap is not', track(9, 1, 11), 'end' as never, on, 'ping_gap'],
    ['a jump at 150 km/h', track(9, 5, 2), 'end' as never, on, 'ping_jump'],
    [
      'the same jump with ping confidence off',
      track(9, 5, 2),
      'end' as never,
      { ...on, is_ping_confidence_check_enabled: false },
      null,
    ],
    ['no drop known', track(9, 1), null, on, 'not_at_drop'],
    ['no drop known, customer check off', track(9, 1), null, { ...on, customer_recomplete_check_enabled: false }, null],
  ])('%s', (_name, pings, drop, checks, problem) => {
    const d = (drop as unknown) === 'end' ? endOf(pings) : drop;
    expect(readPings(pings, d, checks).problem).toBe(problem);
  });

  it('out of order pings are refused', () => {
    const pings = track(9, 1);
    const swapped = [...pings.slice(0, 3), pings[4], pings[3], ...pings.slice(5)] as GpsPing[];
    expect(readPings(swapped, endOf(pings), on).problem).toBe('pings_out_of_order');
  });

  it('the last ping must be within the drop radius (edge inclusive)', () => {
    const pings = track(9, 1);
    const end = endOf(pings);
    const near = { lat: end.lat + (RECOMPLETE_DROP_RADIUS_KM - 0.01) * KM_LAT, lng: end.lng };
    const far = { lat: end.lat + (RECOMPLETE_DROP_RADIUS_KM + 0.01) * KM_LAT, lng: end.lng };
    expect(readPings(pings, near, on).problem).toBeNull();
    expect(readPings(pings, far, on).problem).toBe('not_at_drop');
  });
});

describe('recompleteDecision', () => {
  it('recomputes a short trip the pings prove, adding what they drew beyond the billed distance', () => {
    const d = recompleteDecision(input());
    expect(d.outcome).toBe('recompute');
    if (d.outcome !== 'recompute') return;
    expect(d.km).toBe(12);
    expect(d.minutes).toBe(24);
    // distance 136 × 12/8 = 204; pretax 284; taxes at 11/216 of it = 14.46… → 14; total 298
    expect(d.bill.lines).toEqual([
      { key: 'base_fare', amount: 80 },
      { key: 'distance', amount: 204 },
      { key: 'taxes', amount: 14 },
    ]);
    expect(d.bill.total).toBe(298);
    expect(d.bill.distance_km).toBe(12);
  });

  it('never adds more than the trip was short by (a detour is not paid)', () => {
    const d = recompleteDecision(input({ ended_short_km: 2.5 }));
    expect(d.outcome === 'recompute' && d.km).toBe(10.5);
  });

  it.each<[string, Partial<RecompleteInput>, string]>([
    ['a cancelled trip', { status: 'cancelled' }, 'not_completed'],
    ['no bill', { bill: null }, 'no_bill'],
    ['a bill without distance', { bill: { ...bill, distance_km: null } }, 'no_bill'],
    ['it reached its drop', { ended_short_km: null }, 'not_short'],
    ['0.5 km short: not more than the threshold', { ended_short_km: 0.5 }, 'not_short'],
    ['too few pings', { pings: track(5, 3) }, 'too_few_pings'],
    ['the pings stop where the trip was ended', { pings: track(9, 1), drop: endOf(full) }, 'not_at_drop'],
    ['the pings draw no more than was billed', { pings: track(9, 1), drop: endOf(track(9, 1)) }, 'not_proven'],
  ])('%s → ticket (%s)', (_name, over, reason) => {
    const d = recompleteDecision(input(over));
    expect(d.outcome).toBe('ticket');
    expect(d.outcome === 'ticket' && d.reason).toBe(reason);
  });

  it('on a 12 km route the threshold is 0.6 km: 0.6 short is not short, 0.7 is', () => {
    const pings = track(10, 1); // 9 km drawn, 8 billed
    const at06 = recompleteDecision(input({ ended_short_km: 0.6, pings, drop: endOf(pings) }));
    expect(at06.outcome === 'ticket' && at06.reason).toBe('not_short');
    const d = recompleteDecision(input({ ended_short_km: 0.7, pings, drop: endOf(pings) }));
    expect(d.outcome === 'recompute' && d.km).toBe(8.7);
  });

  it('with both checks off, the pings still have to draw the distance', () => {
    const d = recompleteDecision(input({ checks: off, drop: null }));
    expect(d.outcome).toBe('recompute');
    expect(recompleteDecision(input({ checks: off, pings: track(1, 1) })).outcome).toBe('ticket');
  });
});

describe('recomputedBill and the commission', () => {
  it('scales the distance and peak lines, keeps base and tolls, re-taxes, rounds cents outside India', () => {
    const aud: Bill = {
      currency_country: 'AU',
      lines: [
        { key: 'base_fare', amount: 3.6 },
        { key: 'distance', amount: 14.7 },
        { key: 'peak', amount: 2.1 },
        { key: 'toll', amount: 7.9 },
        { key: 'taxes', amount: 2.83 },
      ],
      total: 31.13,
      distance_km: 7,
      route_km: 10,
      ride_minutes: 15,
      waiting_minutes: 0,
      estimated_fare: null,
    };
    const b = recomputedBill(aud, 10, 20);
    expect(b.lines.find((l) => l.key === 'distance')?.amount).toBe(21);
    expect(b.lines.find((l) => l.key === 'peak')?.amount).toBe(3);
    expect(b.lines.find((l) => l.key === 'toll')?.amount).toBe(7.9);
    expect(b.lines.reduce((s, l) => s + l.amount, 0)).toBeCloseTo(b.total, 6);
    expect(b.ride_minutes).toBe(20);
    expect(recomputedCommission(b, b.total, 0.25)).toBe(Math.round((b.total - 7.9) * 0.25 * 100) / 100);
  });
});

describe('the 3000 ms wait before the v3 submit (core.md §9)', () => {
  it.each([
    ['driver_in_hi_trip', null, 3000],
    ['driver_au_en_trip', 'rides_completed', 3000],
    ['driver_in_hi_trip', 'heat_map', 0],
    ['driver_in_en_trip', 'heat_map_demand', 0],
    ['customer', null, 0],
  ])('%s, context %s → %s ms', (index, context, ms) => {
    expect(recompleteSubmitDelayMs(index, context)).toBe(ms);
  });
});

describe('articles and links', () => {
  it('every trip index has its recompute article; an unknown index gets English India’s', () => {
    expect(recompleteArticleFor('driver_in_hi_trip')).toBe(RECOMPLETE_ARTICLES.driver_in_hi_trip);
    expect(recompleteArticleFor('driver_in_bike_hi')).toBe(RECOMPLETE_ARTICLES.driver_in_en_trip);
    expect(recompleteHref('230106', '541700008')).toBe('/ldt_article/230106/541700008/driver_default');
    expect(recompleteHref('230106', null)).toBe('/ldt_article/230106/0/driver_default');
  });
});
