import { describe, expect, it } from 'vitest';
import type { Bill } from '../src/bill.ts';
import {
  tollAmountOf,
  tollClaimable,
  tollClaimFormSchema,
  tollEntryInput,
  tollEntryProblem,
  tollMapOf,
} from '../src/flows/toll-parking.ts';
import { formatMessage, type PlainMessageCode } from '../src/messages.ts';

describe('toll entry (spec §5: digits, 0 to 3 of them, at least 10, not above toll_amount)', () => {
  it.each<[string, number, PlainMessageCode | null]>([
    // at and around the minimum
    ['9', 120, 'tollAmountTooLow'],
    ['10', 120, null],
    ['11', 120, null],
    // at and around the ride's toll_amount
    ['119', 120, null],
    ['120', 120, null],
    ['121', 120, 'tollAmountTooHigh'],
    // 3 digits, not 4
    ['999', 1000, null],
    ['1000', 2000, 'tollEnterAmount'],
    // digits only
    ['', 120, 'tollEnterAmount'],
    ['1a', 120, 'tollEnterAmount'],
    ['12.5', 120, 'tollEnterAmount'],
    ['-20', 120, 'tollEnterAmount'],
    [' 20', 120, 'tollEnterAmount'],
    ['०२०', 120, 'tollEnterAmount'],
  ])('%s with toll_amount %d → %s', (entry, tollAmount, problem) => {
    expect(tollEntryProblem(entry, tollAmount)).toBe(problem);
  });

  it('says the spec text above the toll amount, in the form too', () => {
    expect(formatMessage('tollAmountTooHigh')).toBe("Amount can't be more than toll/parking charges");
    const parsed = tollClaimFormSchema(60).safeParse({ amount: '61' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["Amount can't be more than toll/parking charges"]);
    expect(tollClaimFormSchema(60).safeParse({ amount: '60' }).success).toBe(true);
  });

  it('keeps only digits as the rider types, at most 3', () => {
    expect(tollEntryInput('1a2')).toBe('12');
    expect(tollEntryInput('12345')).toBe('123');
    expect(tollEntryInput('₹ 4.5')).toBe('45');
    expect(tollEntryInput('')).toBe('');
  });
});

describe('toll details', () => {
  const bill = (lines: Bill['lines']): Bill => ({
    currency_country: 'IN',
    lines,
    total: lines.reduce((s, l) => s + l.amount, 0),
    distance_km: null,
    route_km: null,
    ride_minutes: null,
    waiting_minutes: null,
    estimated_fare: null,
  });

  it('adds up the toll lines of a bill', () => {
    expect(tollAmountOf(bill([{ key: 'distance', amount: 300 }]))).toBe(0);
    expect(
      tollAmountOf(
        bill([
          { key: 'distance', amount: 300 },
          { key: 'toll', amount: 90 },
        ]),
      ),
    ).toBe(90);
    expect(tollAmountOf(null)).toBe(0);
  });

  it('takes a claim only where the least claim fits in the tolls', () => {
    expect([0, 4.5, 9, 10, 60].map(tollClaimable)).toEqual([false, false, false, true, true]);
  });

  it('maps the break-up shown to the submit toll_map', () => {
    expect(
      tollMapOf([
        { toll_name: 'Sadahalli Toll Plaza', total_tax: 60 },
        { toll_name: 'Kempegowda International Airport parking', total_tax: 30 },
      ]),
    ).toEqual({ 'Sadahalli Toll Plaza': 60, 'Kempegowda International Airport parking': 30 });
  });
});
