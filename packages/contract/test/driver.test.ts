import { describe, expect, it } from 'vitest';
import { driverRidesQuerySchema, earningStatement, invoiceQuerySchema, splitDialing } from '../src/driver.ts';
import { DRIVER_RIDES_MAX_PER_PAGE, driverRidesPageSize, hasNextDriverPage } from '../src/driver-paths.ts';
import { messages } from '../src/messages.ts';

describe('driver rides: Fibonacci page sizes (core.md §9)', () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 3],
    [5, 5],
    [6, 8],
    [7, 13],
    [8, 21],
    [9, 34],
    [10, 55],
    [11, 89],
    [12, DRIVER_RIDES_MAX_PER_PAGE],
    [40, DRIVER_RIDES_MAX_PER_PAGE],
  ])('page %i asks for %i rides', (page, size) => {
    expect(driverRidesPageSize(page)).toBe(size);
  });

  it('the page counter starts at 1', () => {
    expect(() => driverRidesPageSize(0)).toThrow(RangeError);
    expect(() => driverRidesPageSize(1.5)).toThrow(RangeError);
  });

  it('the first five pages together hold 12 rides (1 + 1 + 2 + 3 + 5)', () => {
    const sizes = [1, 2, 3, 4, 5].map(driverRidesPageSize);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(12);
  });
});

describe('driver rides: the stop rule (core.md §9)', () => {
  it.each([
    ['both present', { next_page: '1700000000000-bk_x', per_page: 3 }, true],
    ['next_page missing', { per_page: 3 }, false],
    ['per_page missing', { next_page: '1700000000000-bk_x' }, false],
    ['both missing', {}, false],
    ['next_page null', { next_page: null, per_page: 3 }, false],
    ['next_page empty', { next_page: '', per_page: 3 }, false],
    ['per_page null', { next_page: 'x', per_page: null }, false],
    ['per_page 0', { next_page: 'x', per_page: 0 }, false],
    ['no answer', null, false],
  ] as const)('%s → load more: %s', (_, answer, more) => {
    expect(hasNextDriverPage(answer)).toBe(more);
  });
});

describe('driver rides query', () => {
  it('takes per_page 1 to the cap, a cursor and a status', () => {
    expect(driverRidesQuerySchema.parse({ per_page: '5' })).toEqual({ per_page: 5, status: 'all' });
    expect(
      driverRidesQuerySchema.safeParse({ per_page: '2', next_page: '1763600000000-bk_ramesh_004', status: 'completed' })
        .success,
    ).toBe(true);
    expect(driverRidesQuerySchema.safeParse({ per_page: '0' }).success).toBe(false);
    expect(driverRidesQuerySchema.safeParse({ per_page: String(DRIVER_RIDES_MAX_PER_PAGE + 1) }).success).toBe(false);
    expect(driverRidesQuerySchema.safeParse({ per_page: '3', status: 'lost' }).success).toBe(false);
  });

  it('refuses a made-up cursor with the page-link message', () => {
    const r = driverRidesQuerySchema.safeParse({ per_page: '3', next_page: "1' or 1=1" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(messages.pageLinkInvalid);
  });

  it('an invoice is asked for by the ledger id, as JSON or PDF', () => {
    expect(invoiceQuerySchema.parse({ id: 'dr_ramesh_001' })).toEqual({ id: 'dr_ramesh_001', format: 'json' });
    expect(invoiceQuerySchema.safeParse({ id: 'bk_ramesh_001' }).success).toBe(false);
    expect(invoiceQuerySchema.safeParse({ id: 'dr_x', format: 'html' }).success).toBe(false);
  });
});

describe('earning statement', () => {
  it.each([
    // fare, tolls, commission, incentives, cash → net earnings, net payout
    ['online ride', 500, 0, 100, 0, false, 400, 400],
    ['online ride with toll and incentive', 620, 120, 100, 25, false, 545, 545],
    ['cash ride: the driver owes the commission', 300, 0, 60, 0, true, 240, -60],
    ['cash ride with an incentive', 300, 0, 60, 80, true, 320, 20],
    ['AU cents', 23.45, 0, 5.86, 0, false, 17.59, 17.59],
  ] as const)('%s', (_, fare, tolls, commission, incentives, cash, earnings, payout) => {
    const s = earningStatement({ fare, tolls, commission, incentives, cash });
    expect(s.net_earnings).toBe(earnings);
    expect(s.net_payout).toBe(payout);
    expect(s.cash_collected).toBe(cash ? fare : 0);
    // every total from its parts
    expect(Math.round((s.fare - s.commission + s.incentives) * 100) / 100).toBe(s.net_earnings);
    expect(Math.round((s.net_earnings - s.cash_collected) * 100) / 100).toBe(s.net_payout);
  });
});

describe('profile dialing code', () => {
  it.each([
    ['+919741203388', '+91', '9741203388'],
    ['+61491570142', '+61', '491570142'],
    ['+44 7700 900461', '+44', '7700900461'],
    ['+919741203388', '+61', '919741203388'],
  ])('%s with %s → %s', (mobile, code, number) => {
    expect(splitDialing(mobile, code)).toEqual({ dialing_code: code, dialing_number: number });
  });
});
