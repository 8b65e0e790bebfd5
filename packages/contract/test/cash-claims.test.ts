import { describe, expect, it } from 'vitest';
import {
  checkExtraCash,
  EXTRA_CASH_BILL_CHECKED_REASONS,
  extraCashFormSchema,
  messages,
  optionLimit,
  paidCashAmountError,
  paidCashFormSchema,
  paidCashInvoiceError,
  paidCashParams,
} from '../src/index.ts';

// The article 101006's side_load: limits for two of its three reasons.
const sideLoad = {
  option_limits: [
    { key: 'driver_demanded_extra_cash', limit: 2000 },
    { key: 'selfserve_driver_did_not_have_change', limit: 500 },
  ],
};
const ride = { cashToBePaid: 420, billAmount: 420 };
const demanded = 'driver_demanded_extra_cash';
const change = 'selfserve_driver_did_not_have_change';
const toll = 'paid_toll_parking_cash';

describe('extra cash (guided-flows.md §5)', () => {
  it('reads the option limits of the article', () => {
    expect(optionLimit(sideLoad, demanded)).toBe(2000);
    expect(optionLimit(sideLoad, change)).toBe(500);
    expect(optionLimit(sideLoad, toll)).toBeNull();
    expect(optionLimit({}, demanded)).toBeNull();
    expect(optionLimit({ option_limits: [{ key: demanded, limit: '9' }, null] }, demanded)).toBeNull();
    expect(EXTRA_CASH_BILL_CHECKED_REASONS).toEqual([demanded, change]);
  });

  it.each([
    // digits: 0 digits, 1, 4, 5
    ['', toll, { ok: false, code: 'cantBeEmpty' }],
    ['   ', toll, { ok: false, code: 'cantBeEmpty' }],
    ['5', toll, { ok: false, code: 'ecCashCorrect' }],
    ['9999', toll, { ok: true, total: 9999, extra: 9579 }],
    ['10000', toll, { ok: false, code: 'ecAmountTooHigh' }],
    ['12a', toll, { ok: false, code: 'enterValidAmount' }],
    ['-50', toll, { ok: false, code: 'enterValidAmount' }],
    ['99999', toll, { ok: false, code: 'ecAmountTooHigh' }],
    // the option's limit: limit − 1, limit, limit + 1 (500 for no change; the extra stays below the bill)
    ['499', change, { ok: true, total: 499, extra: 79 }],
    ['500', change, { ok: true, total: 500, extra: 80 }],
    ['501', change, { ok: false, code: 'ecAmountTooHigh' }],
    ['1999', demanded, { ok: false, code: 'ecExtraAboveBill' }],
    ['2001', demanded, { ok: false, code: 'ecAmountTooHigh' }],
    // extra 0: the total covers the cash due at most
    ['420', demanded, { ok: false, code: 'ecCashCorrect' }],
    ['100', change, { ok: false, code: 'ecCashCorrect' }],
    ['421', demanded, { ok: true, total: 421, extra: 1 }],
    // extra against the bill (420): bill − 1, bill, bill + 1, for the checked reasons only
    ['839', demanded, { ok: true, total: 839, extra: 419 }],
    ['840', demanded, { ok: true, total: 840, extra: 420 }],
    ['841', demanded, { ok: false, code: 'ecExtraAboveBill' }],
    ['841', toll, { ok: true, total: 841, extra: 421 }],
  ])('%j for %s → %j', (typed, reason, expected) => {
    expect(checkExtraCash(typed, reason, optionLimit(sideLoad, reason), ride)).toEqual(expected);
  });

  it('the form says the spec’s texts, and needs a reason', () => {
    const schema = extraCashFormSchema(sideLoad, ride);
    const said = (form: { option_selected: string | null; total_cash: string }) =>
      schema.safeParse(form).error?.issues.map((i) => i.message) ?? [];
    expect(said({ option_selected: null, total_cash: '500' })).toEqual([messages.ecChooseReason]);
    expect(said({ option_selected: change, total_cash: '501' })).toEqual([messages.ecAmountTooHigh]);
    expect(said({ option_selected: demanded, total_cash: '900' })).toEqual([messages.ecExtraAboveBill]);
    expect(said({ option_selected: demanded, total_cash: '420' })).toEqual([messages.ecCashCorrect]);
    expect(said({ option_selected: demanded, total_cash: '600' })).toEqual([]);
  });
});

describe('paid cash outstanding (guided-flows.md §5)', () => {
  it.each([
    ['', 300, 'cantBeEmpty'],
    [' ', 300, 'cantBeEmpty'],
    ['0', 300, 'enterValidAmount'],
    ['050', 300, 'enterValidAmount'],
    ['0.5', 300, 'enterValidAmount'],
    ['abc', 300, 'enterValidAmount'],
    ['1e3', 300, 'enterValidAmount'],
    ['1', 300, null],
    ['299', 300, null],
    ['300', 300, null],
    ['301', 300, 'pcoAboveBill'],
    ['300.01', 300, 'pcoAboveBill'],
    ['299.99', 300, null],
    ['301', null, null],
  ])('%j with bill %s → %s', (typed, bill, expected) => {
    expect(paidCashAmountError(typed, bill)).toBe(expected);
  });

  it('a cashless claim needs exactly one invoice image; a cash one none', () => {
    expect(paidCashInvoiceError('cashless', [])).toBe('pcoUploadInvoice');
    expect(paidCashInvoiceError('cashless', ['a'])).toBeNull();
    expect(paidCashInvoiceError('cashless', ['a', 'b'])).toBe('pcoUploadInvoice');
    expect(paidCashInvoiceError('cash', [])).toBeNull();
  });

  it('the params answer each check’s own message', () => {
    const said = (params: unknown) => paidCashParams.schema.safeParse(params).error?.issues[0]?.message;
    expect(said({ amount: '', payment: 'cash' })).toBe(messages.cantBeEmpty);
    expect(said({ payment: 'cash' })).toBe(messages.cantBeEmpty);
    expect(said({ amount: '012', payment: 'cash' })).toBe(messages.enterValidAmount);
    expect(said({ amount: '12', payment: 'card' })).toBe(messages.pcoChoosePayment);
    expect(said({ amount: '12', payment: 'cashless' })).toBeUndefined();
  });

  it('the form checks the amount against the bill and needs the payment', () => {
    const schema = paidCashFormSchema(300);
    const said = (form: { amount: string; payment: 'cash' | 'cashless' | null }) =>
      schema.safeParse(form).error?.issues.map((i) => i.message) ?? [];
    expect(said({ amount: '301', payment: 'cash' })).toEqual([messages.pcoAboveBill]);
    expect(said({ amount: '300', payment: null })).toEqual([messages.pcoChoosePayment]);
    expect(said({ amount: '300', payment: 'cashless' })).toEqual([]);
  });
});
