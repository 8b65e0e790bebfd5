import { coded, formatMessage, readOneTouchResponse, validateIssueForm } from '@selfserve/contract';
import nl from '@selfserve/contract/locales/nl.json';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../src/lib/api-client';
import { setLocale } from '../src/lib/i18n';

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

describe('the web shows a message by its code and parameters', () => {
  beforeEach(async () => {
    await setLocale('nl');
  });
  afterEach(async () => {
    await setLocale('en');
  });

  it("shows a server error in the reader's language by its code, whatever English came with it", () => {
    const error = toApiError(404, { status: 'FAILURE', error: coded('orderNotFound') });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.text).toBe(nl.messages.orderNotFound);
    expect(error.text).not.toBe(error.message);
  });

  it('fills the parameters the server sent', () => {
    const answer = readOneTouchResponse(200, {
      status: 'SUCCESS',
      title: 'Refund initiated',
      title_code: 'refundInitiatedTitle',
      ...coded('refundVoucher', { amount: '₹80' }),
    });
    expect(answer).toMatchObject({
      title: nl.messages.refundInitiatedTitle,
      message: fill(nl.messages.refundVoucher, { amount: '₹80' }),
    });
    expect(answer.message).toContain('₹80');
  });

  it("checks a form with the contract's rules in the reader's language", () => {
    const errors = validateIssueForm(
      { email: 'riya@example.in', description: 'short' },
      { hideEmail: false, hideDescription: false, imageUploadRequired: false, invoice: false },
    );
    expect(errors.description).toBe(fill(nl.messages.descriptionTooShort, { n: 20 }));
    expect(formatMessage('descriptionTooShort', { n: 5 })).toBe(fill(nl.messages.descriptionTooShort, { n: 5 }));
  });

  it('shows a validation failure that names a field rule as it came', () => {
    const error = toApiError(400, {
      status: 'FAILURE',
      error: { code: 'VALIDATION_FAILED', message: 'Please input a valid email address', fields: { email: 'x' } },
    });
    expect(error.text).toBe('Please input a valid email address');
  });
});
