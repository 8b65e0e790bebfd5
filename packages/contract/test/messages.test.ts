import { afterEach, describe, expect, it } from 'vitest';
import { fillParams, setMessageRenderer } from '../src/message-render.ts';
import { coded, formatMessage, isMessageCode, messages, plainCodeOf, says, shownText } from '../src/messages.ts';
import { readOneTouchResponse } from '../src/one-touch.ts';

afterEach(() => setMessageRenderer(null));

describe('the message catalogue', () => {
  it('writes every text once, under a code, with {name} parameters only', () => {
    for (const [code, text] of Object.entries(messages)) {
      expect(text.trim(), code).toBe(text);
      expect(text.length, code).toBeGreaterThan(0);
      // Parameters are {name}; the web's i18n must never see a {{…}} of its own in a catalogue text.
      expect(text, code).not.toMatch(/\{\{|\}\}/);
    }
  });

  it.each([
    ['descriptionTooShort', { n: 20 }, 'Please enter atleast 20 characters'],
    ['tooManyImages', { n: 1 }, '* You can only upload 1 images'],
    ['refundAlreadyOn', { amount: '₹120', date: '2026-11-20' }, 'We refunded ₹120 for this ride on 2026-11-20.'],
    ['labTooOld', { days: 7 }, 'This ride is more than 7 days old. Please write to us instead.'],
  ] as const)('fills %s with its parameters', (code, params, text) => {
    expect(formatMessage(code, params as never)).toBe(text);
    expect(coded(code, params as never)).toEqual({ code, message: text, params });
  });

  it('keeps a parameter nobody gave visible instead of guessing', () => {
    expect(fillParams('Refund of {amount}', {})).toBe('Refund of {amount}');
  });

  it('speaks the reader language once the web installs its renderer', () => {
    setMessageRenderer((code, params) => `hi:${code}:${JSON.stringify(params)}`);
    expect(formatMessage('sorry')).toBe('hi:sorry:{}');
    // What the server sends stays English whatever the renderer.
    expect(coded('sorry').message).toBe('Sorry');
  });

  it('shows an answer by its code, or as it came when it is not the catalogue text', () => {
    setMessageRenderer((code) => `«${code}»`);
    expect(shownText(coded('orderNotFound'))).toBe('«orderNotFound»');
    expect(shownText({ code: 'VALIDATION_FAILED', message: 'Please input a valid email address' })).toBe(
      'Please input a valid email address',
    );
    expect(shownText({ code: 'SOMETHING_ELSE', message: 'Their own words' })).toBe('Their own words');
    expect(isMessageCode('toString')).toBe(false);
  });

  it('reads a one-touch answer by its title and message codes', () => {
    setMessageRenderer((code, params) => `«${code}${params.amount ? ` ${params.amount}` : ''}»`);
    const answer = {
      status: 'SUCCESS',
      title: messages.refundInitiatedTitle,
      title_code: 'refundInitiatedTitle',
      ...coded('refundVoucher', { amount: '₹80' }),
    };
    expect(readOneTouchResponse(200, answer)).toMatchObject({
      state: 'SUCCESS',
      title: '«refundInitiatedTitle»',
      message: '«refundVoucher ₹80»',
    });
    expect(readOneTouchResponse(429, { status: 'FAILURE', error: coded('TOO_MANY_REQUESTS') })).toMatchObject({
      state: 'FAILURE',
      title: '«sorry»',
      message: '«TOO_MANY_REQUESTS»',
    });
  });
});

describe('plainCodeOf (a failed says() check back to its code)', () => {
  it.each([
    ['invalidEmail', messages.invalidEmail],
    ['sorry', 'Sorry'],
  ])('%s', (code, text) => {
    expect(plainCodeOf(text)).toBe(code);
    expect(plainCodeOf(says(code as 'sorry').error())).toBe(code);
  });

  it('knows no text with parameters, nor a validator own text', () => {
    expect(plainCodeOf('Too big: expected string to have <=1500 characters')).toBeNull();
    expect(plainCodeOf(messages.refundAlreadyOn)).toBeNull();
    expect(plainCodeOf('')).toBeNull();
  });
});
