import { messages, oneTouchPaths } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

// Issue 15 item 12: a refused body says a catalogue sentence, never a validator's own text.
describe.each(testDatabases)('validation answers [%s]', (dialect) => {
  let t: TestApp;
  let riya: TestClient;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    riya = await signedIn(t.app, accounts.customer);
  });
  afterAll(() => t.close());

  it.each([
    ['a CRN over 20 characters', { crn: '1'.repeat(21) }, 'crn'],
    ['an article id that is no id', { article_id: 'not an id!' }, 'article_id'],
    ['an amount that is not a number', { user_input_amount: 'ten' }, 'user_input_amount'],
  ])('%s: 400 with "Please check your input." for the field, no raw text', async (_, change, field) => {
    const res = await riya.post(oneTouchPaths.submitV1, {
      article_id: '101101',
      call_type: 'cancellation_fee',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: messages.VALIDATION_FAILED });
    expect(error.fields[field]).toBe(messages.VALIDATION_FAILED);
    expect(res.body).not.toMatch(/Too big|Too small|Invalid|expected/);
  });

  it('a check that says a catalogue sentence answers it under its code', async () => {
    const res = await riya.post(oneTouchPaths.submitV1, { article_id: '101101', call_type: 'Not A Call Type' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'unknownCallType', message: messages.unknownCallType });
  });
});
