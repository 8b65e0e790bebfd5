import { describe, expect, it } from 'vitest';
import {
  messages,
  type VisitorTicketFields,
  type VisitorTicketModal,
  visitorTicketIssue,
  visitorTicketModalOf,
  visitorTicketPayloadSchema,
  visitorTicketSucceeded,
} from '../src/index.ts';

const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25';
const comment = 'The driver took a longer route.';
const base = { email: 'visitor@example.com', comments: comment };
const lostPhone: VisitorTicketFields = {
  ...base,
  rideDate: '2026-11-20',
  rideTime: '21:30',
  pickUpLocation: 'MG Road metro station',
  dropLocation: 'Indiranagar 100 ft road',
  phoneMakeAndModel: 'Pixel 7 black case',
};
const charge: VisitorTicketFields = {
  email: 'visitor@example.com',
  transactionDate: '2026-11-20',
  transactionAmount: '250.50',
  cardSixDigits: '411111',
  cardFourDigits: '1111',
};
const issue = (modal: VisitorTicketModal, fields: VisitorTicketFields) => visitorTicketIssue(modal, fields, TODAY);

describe('visitorTicketModalOf (chosen by the article name)', () => {
  it.each([
    ['I lost my phone in a cab', null, 'lost_phone'],
    ["I don't recognise a charge on my card", 'unrecognised_charge', 'unrecognised_charge'],
    ['Unrecognised charge', null, 'unrecognised_charge'],
    ["My issue isn't listed. Write to us", null, 'issue_not_listed'],
    ['Write to us', null, 'write_to_us'],
    ['Write to us about a trip', null, 'write_to_us'],
    ['Other issue', null, 'other_issue'],
    ['Driver was rude', null, null],
  ] as const)('%s → %s', (title, callType, modal) => {
    expect(visitorTicketModalOf({ title, call_type: callType })).toBe(modal);
  });
});

describe('every modal: e-mail, contact number, comments', () => {
  it.each([
    ['other_issue', { ...base, email: 'not-an-address' }, 'invalidEmail'],
    ['other_issue', { ...base, email: '' }, 'invalidEmail'],
    ['other_issue', { ...base, comments: '' }, 'visitorEnterComments'],
    ['other_issue', { ...base, comments: '   ' }, 'visitorEnterComments'],
    ['other_issue', { ...base, comments: 'x'.repeat(14) }, 'visitorCommentsMin'],
    ['other_issue', { ...base, comments: 'x'.repeat(15) }, null],
    ['other_issue', { ...base, comments: 'x'.repeat(1000) }, null],
    ['other_issue', { ...base, comments: 'x'.repeat(1001) }, 'verifyInputs'],
    ['issue_not_listed', { ...base, comments: 'x'.repeat(14) }, 'visitorCommentsMin'],
    ['lost_phone', { ...lostPhone, comments: '' }, 'visitorEnterComments'],
    ['unrecognised_charge', { ...charge, comments: '' }, null],
    ['unrecognised_charge', { ...charge, comments: 'short' }, null],
    // optional 10–12 digits
    ['other_issue', { ...base, contactNumber: '' }, null],
    ['other_issue', { ...base, contactNumber: '123456789' }, 'visitorPhoneTooShort'],
    ['other_issue', { ...base, contactNumber: '1234567890' }, null],
    ['other_issue', { ...base, contactNumber: '123456789012' }, null],
    ['other_issue', { ...base, contactNumber: '1234567890123' }, 'visitorPhoneTooShort'],
    ['other_issue', { ...base, contactNumber: '12345 67890' }, 'visitorPhoneTooShort'],
    ['unrecognised_charge', { ...charge, contactNumber: '123456789' }, 'visitorPhoneTooShort'],
    // write to us: required 8–15
    ['write_to_us', { ...base }, 'visitorPhoneInvalid'],
    ['write_to_us', { ...base, contactNumber: '1234567' }, 'visitorPhoneInvalid'],
    ['write_to_us', { ...base, contactNumber: '12345678' }, null],
    ['write_to_us', { ...base, contactNumber: '123456789012345' }, null],
    ['write_to_us', { ...base, contactNumber: '1234567890123456' }, 'visitorPhoneInvalid'],
    ['write_to_us', { ...base, contactNumber: '12345678', comments: 'x'.repeat(14) }, 'visitorCommentsMin'],
  ] as const)('%s %j → %s', (modal, fields, code) => {
    expect(issue(modal, fields)).toBe(code);
  });
});

describe('lost phone', () => {
  it.each([
    [{}, null],
    [{ rideDate: '2016-12-31' }, 'verifyInputs'],
    [{ rideDate: '2017-01-01' }, null],
    [{ rideDate: TODAY }, null],
    [{ rideDate: TOMORROW }, 'verifyInputs'],
    [{ rideDate: '2023-02-30' }, 'verifyInputs'],
    [{ rideDate: '' }, 'verifyInputs'],
    [{ rideTime: '' }, 'verifyInputs'],
    [{ rideTime: '24:00' }, 'verifyInputs'],
    [{ rideTime: '00:00' }, null],
    [{ pickUpLocation: 'x'.repeat(9) }, 'verifyInputs'],
    [{ pickUpLocation: 'x'.repeat(10) }, null],
    [{ pickUpLocation: 'x'.repeat(100) }, null],
    [{ pickUpLocation: 'x'.repeat(101) }, 'verifyInputs'],
    [{ pickUpLocation: 'x x x x x x x x x' }, 'verifyInputs'],
    [{ dropLocation: 'x'.repeat(9) }, 'verifyInputs'],
    [{ dropLocation: 'x'.repeat(101) }, 'verifyInputs'],
    [{ phoneMakeAndModel: ' '.repeat(12) }, 'verifyInputs'],
    [{ phoneMakeAndModel: 'x'.repeat(10) }, null],
    [{ crn: '' }, null],
    [{ crn: '1'.repeat(20) }, null],
    [{ crn: '1'.repeat(21) }, 'verifyInputs'],
    [{ crn: 'CRN123' }, 'verifyInputs'],
  ] as const)('%j → %s', (change, code) => {
    expect(issue('lost_phone', { ...lostPhone, ...change })).toBe(code);
  });
});

describe('unrecognised charge', () => {
  it.each([
    [{}, null],
    [{ transactionDate: '2016-12-31' }, 'verifyInputs'],
    [{ transactionDate: '2017-01-01' }, null],
    [{ transactionDate: TOMORROW }, 'verifyInputs'],
    [{ transactionAmount: '0' }, 'verifyInputs'],
    [{ transactionAmount: '0.00' }, 'verifyInputs'],
    [{ transactionAmount: '0.01' }, null],
    [{ transactionAmount: '999.99' }, null],
    [{ transactionAmount: '1000' }, 'verifyInputs'],
    [{ transactionAmount: '10.123' }, 'verifyInputs'],
    [{ transactionAmount: '-5' }, 'verifyInputs'],
    [{ transactionAmount: '' }, 'verifyInputs'],
    [{ cardSixDigits: '41111', cardFourDigits: '1111' }, 'visitorCardInvalid'],
    [{ cardSixDigits: '411111', cardFourDigits: '1111' }, null],
    [{ cardSixDigits: '411111', cardFourDigits: '111' }, 'visitorCardInvalid'],
    [{ cardSixDigits: '4111111', cardFourDigits: '1111' }, 'visitorCardInvalid'],
    [{ cardFourDigits: '11a1' }, 'visitorCardInvalid'],
    [{ paypalEmail: '' }, null],
    [{ paypalEmail: 'payer@example.com' }, null],
    [{ paypalEmail: 'payer@' }, 'invalidEmail'],
    [{ comments: 'my card 4111111111111111 was charged' }, 'cardInComment'],
    [{ comments: 'my card 4111 1111 1111 1111 was charged' }, 'cardInComment'],
    [{ comments: 'my card 4111-1111-1111-1111 was charged' }, 'cardInComment'],
    [{ comments: 'reference 411111111111111 (15 digits)' }, null],
  ] as const)('%j → %s', (change, code) => {
    expect(issue('unrecognised_charge', { ...charge, ...change })).toBe(code);
  });
});

describe('messages are the spec’s', () => {
  it('says each rule exactly', () => {
    expect(messages.visitorCommentsMin).toBe('Please input minimum 15 Characters');
    expect(messages.visitorEnterComments).toBe('Please Enter the comments');
    expect(messages.visitorPhoneTooShort).toBe('Please Enter Minimum 10 digit phone number');
    expect(messages.visitorPhoneInvalid).toBe('Please Enter Valid phone number');
    expect(messages.visitorCardInvalid).toBe('Please input a valid Card Information');
    expect(messages.verifyInputs).toBe('Please verify your inputs');
  });
});

describe('payload and answer', () => {
  const payload = {
    country_code: 'IN',
    custom_field_map: base,
    secret_key: 't',
    article_id: '100502',
    subject: 'Lost phone',
    captcha: 'c',
  };
  it('needs the captcha', () => {
    expect(visitorTicketPayloadSchema.safeParse(payload).success).toBe(true);
    const { captcha: _c, ...without } = payload;
    const r = visitorTicketPayloadSchema.safeParse(without);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please Submit the Captcha Correctly.');
  });
  it.each([
    [{ status: 'SUCCESS' }, true],
    [{ status: 'success' }, true],
    [{ status: 'Success' }, true],
    [{ status: 'FAILURE' }, false],
    [{}, false],
    [null, false],
  ])('%j succeeded: %s', (answer, ok) => {
    expect(visitorTicketSucceeded(answer)).toBe(ok);
  });
});
