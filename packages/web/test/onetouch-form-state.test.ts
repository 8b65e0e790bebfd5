import type { OneTouchResult } from '@selfserve/contract';
import { describe, expect, it } from 'vitest';
import { formReducer, formStateFor, initialFormState } from '../src/lib/one-touch/form-state';

const result = (state: OneTouchResult['state']): OneTouchResult => ({
  state,
  title: 't',
  message: 'm',
  ticketId: null,
  csatRequired: false,
  reload: false,
  redirectTo: null,
  sideLoad: {},
  mapUrl: null,
  distance: null,
  bill: null,
});

describe('one-touch form states', () => {
  it('goes INITIAL → LOADING → COMPLETED and back to INITIAL', () => {
    const loading = formReducer(initialFormState, { type: 'submit' });
    expect(loading.status).toBe('LOADING');
    const done = formReducer(loading, { type: 'answer', result: result('SUCCESS') });
    expect(done.status).toBe('COMPLETED');
    expect(formReducer(done, { type: 'back' })).toEqual(initialFormState);
  });

  it('a failure answer is FAILURE; NOIMAGE completes', () => {
    const loading = formReducer(initialFormState, { type: 'submit' });
    expect(formReducer(loading, { type: 'answer', result: result('FAILURE') }).status).toBe('FAILURE');
    expect(formReducer(loading, { type: 'answer', result: result('NOIMAGE') }).status).toBe('COMPLETED');
  });

  it('ignores an answer when no submit is running', () => {
    expect(formReducer(initialFormState, { type: 'answer', result: result('SUCCESS') })).toBe(initialFormState);
  });

  it('has CUSTOM_MESSAGE and REFUND_INITIATED steps', () => {
    expect(formReducer(initialFormState, { type: 'custom_message', heading: 'h', message: 'm' })).toEqual({
      status: 'CUSTOM_MESSAGE',
      heading: 'h',
      message: 'm',
    });
    const refund = formReducer(initialFormState, { type: 'refund_step', option: 'x' });
    expect(refund).toEqual({ status: 'REFUND_INITIATED', option: 'x' });
    expect(formReducer(refund, { type: 'submit' }).status).toBe('LOADING');
  });

  it('starts in SHOWMESSAGE when the article refuses up front, else INITIAL', () => {
    expect(formStateFor({ showMessage: 'Already paid back' })).toEqual({
      status: 'SHOWMESSAGE',
      message: 'Already paid back',
    });
    expect(formStateFor({ showMessage: null })).toEqual(initialFormState);
  });

  it('is REDIRECTED on the way to a redirect tag’s page', () => {
    const loading = formReducer(initialFormState, { type: 'submit' });
    expect(formReducer(loading, { type: 'redirected', to: '/report/x/default' })).toEqual({
      status: 'REDIRECTED',
      to: '/report/x/default',
    });
  });
});
