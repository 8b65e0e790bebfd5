import { coded, formatMessage, readOneTouchResponse, validateIssueForm } from '@selfserve/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../src/lib/api-client';
import { i18n } from '../src/lib/i18n';

// A reader whose language has its own words for a few codes (the languages issue writes them all).
const test = {
  orderNotFound: 'Bestelling niet gevonden.',
  refundVoucher: 'Een tegoedbon van {{amount}} staat klaar.',
  refundInitiatedTitle: 'Terugbetaling gestart',
  descriptionTooShort: 'Typ minstens {{n}} tekens',
};

describe('the web shows a message by its code and parameters', () => {
  beforeEach(async () => {
    i18n.addResourceBundle('nl', 'translation', test, true, true);
    await i18n.changeLanguage('nl');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("shows a server error in the reader's language by its code, whatever English came with it", () => {
    const error = toApiError(404, { status: 'FAILURE', error: coded('orderNotFound') });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.text).toBe('Bestelling niet gevonden.');
    // A code without a translation falls back to the catalogue's English, still by code.
    expect(toApiError(409, { status: 'FAILURE', error: coded('alreadyRated') }).text).toBe(
      'You have already rated this request. Thank you!',
    );
  });

  it('fills the parameters the server sent', () => {
    const answer = readOneTouchResponse(200, {
      status: 'SUCCESS',
      title: 'Refund initiated',
      title_code: 'refundInitiatedTitle',
      ...coded('refundVoucher', { amount: '₹80' }),
    });
    expect(answer).toMatchObject({ title: 'Terugbetaling gestart', message: 'Een tegoedbon van ₹80 staat klaar.' });
  });

  it("checks a form with the contract's rules in the reader's language", () => {
    const errors = validateIssueForm(
      { email: 'riya@example.in', description: 'short' },
      { hideEmail: false, hideDescription: false, imageUploadRequired: false, invoice: false },
    );
    expect(errors.description).toBe('Typ minstens 20 tekens');
    expect(formatMessage('descriptionTooShort', { n: 5 })).toBe('Typ minstens 5 tekens');
  });

  it('shows a validation failure that names a field rule as it came', () => {
    const error = toApiError(400, {
      status: 'FAILURE',
      error: { code: 'VALIDATION_FAILED', message: 'Please input a valid email address', fields: { email: 'x' } },
    });
    expect(error.text).toBe('Please input a valid email address');
  });
});
