import { describe, expect, it } from 'vitest';
import { kbFeedbackSchema } from '../src/kb.ts';
import { messages } from '../src/messages.ts';
import { oneTouchSubmitSchema } from '../src/one-touch-api.ts';
import { OTHER_REASON_MAX, OTHER_REASON_MIN, otherReasonProblem, otherReasonSchema } from '../src/other-reason.ts';
import { offersReason, reasonBlock } from '../src/survey.ts';
import { csatPayloadSchema } from '../src/tickets.ts';

const chars = (n: number) => 'x'.repeat(n);

describe('other reason free text (guided-flows.md §5: 20 to 1500)', () => {
  it('has the spec bounds', () => {
    expect([OTHER_REASON_MIN, OTHER_REASON_MAX]).toEqual([20, 1500]);
  });
  it.each([
    [0, false],
    [19, false],
    [20, true],
    [21, true],
    [1499, true],
    [1500, true],
    [1501, false],
  ])('%i characters → %s', (n, ok) => {
    const parsed = otherReasonSchema.safeParse(chars(n));
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(messages.otherReasonLength);
  });
  it('counts the text without the spaces around it', () => {
    expect(otherReasonSchema.safeParse(`   ${chars(19)}   `).success).toBe(false);
    expect(otherReasonSchema.safeParse(`  ${chars(20)}\n`).success).toBe(true);
    expect(otherReasonSchema.safeParse(null).error?.issues[0]?.message).toBe(messages.otherReasonLength);
  });

  const options = [
    { text: 'Driver was rude', value: 'rude' },
    { text: 'Something else', value: 'something_else', type: 'other' },
  ];
  it.each([
    ['rude', '', null],
    ['something_else', chars(19), 'otherReasonLength'],
    ['something_else', chars(20), null],
    ['something_else', chars(1500), null],
    ['something_else', chars(1501), 'otherReasonLength'],
    ['something_else', null, 'otherReasonLength'],
    ['not_offered', null, null],
    [null, null, null],
  ])('option %s with %s → %s', (option, message, problem) => {
    expect(otherReasonProblem(options, option, message)).toBe(problem);
  });

  it("the submit's message cap says a catalogue message, not zod's", () => {
    const base = { article_id: '101', call_type: 'driver_behaviour' };
    expect(oneTouchSubmitSchema.safeParse({ ...base, message: chars(1500) }).success).toBe(true);
    const over = oneTouchSubmitSchema.safeParse({ ...base, message: chars(1501) });
    expect(over.error?.issues[0]?.message).toBe(messages.messageTooLong);
  });
});

describe('reasons blocks (Feedback, Csat)', () => {
  const feedback = {
    heading: "Why wasn't this helpful?",
    options: [
      { key: 'refund_not_received', text: 'I still have not received my refund' },
      { key: 'wrong_amount', text: 'The amount is wrong' },
      { key: 'wrong_amount', text: 'Twice' },
    ],
  };
  it('reads an article block, one reason per key', () => {
    const block = reasonBlock({ Feedback: feedback }, 'Feedback');
    expect(block?.heading).toBe("Why wasn't this helpful?");
    expect(block?.options.map((o) => o.key)).toEqual(['refund_not_received', 'wrong_amount']);
    expect(offersReason(block, 'wrong_amount')).toBe(true);
    expect(offersReason(block, 'too_slow')).toBe(false);
    expect(reasonBlock({ Feedback: feedback }, 'Csat')).toBeNull();
  });
  it.each([
    ['missing', undefined],
    ['not an object', 'text'],
    ['no options', { heading: 'x', options: [] }],
    ['a bad key', { options: [{ key: 'a b', text: 'x' }] }],
    ['an empty text', { options: [{ key: 'a', text: ' ' }] }],
    ['an array', [{ key: 'a', text: 'A' }]],
    ['options not a list', { options: { key: 'a', text: 'A' } }],
    ['an option not an object', { options: ['a'] }],
    ['a key not a string', { options: [{ key: 1, text: 'A' }] }],
    ['a key of 41 characters', { options: [{ key: chars(41), text: 'A' }] }],
    ['a text of 201 characters', { options: [{ key: 'a', text: chars(201) }] }],
    ['a blank heading', { heading: '  ', options: [{ key: 'a', text: 'A' }] }],
    ['a heading not a string', { heading: 1, options: [{ key: 'a', text: 'A' }] }],
    ['13 options', { options: Array.from({ length: 13 }, (_, i) => ({ key: `k${i}`, text: 'A' })) }],
  ])('offers nothing when the block is %s', (_, value) => {
    expect(reasonBlock({ Feedback: value }, 'Feedback')).toBeNull();
    expect(offersReason(reasonBlock({ Feedback: value }, 'Feedback'), 'a')).toBe(false);
  });
  it('works without a heading', () => {
    expect(reasonBlock({ Csat: { options: [{ key: 'a', text: 'A' }] } }, 'Csat')?.heading).toBeUndefined();
  });
  it('trims the texts, keeps only what it knows, and takes up to 12 options of up to 200 characters', () => {
    const options = Array.from({ length: 12 }, (_, i) => ({ key: `k-${i}`, text: ` ${chars(200)} `, extra: 1 }));
    expect(reasonBlock({ Feedback: { heading: ` ${chars(200)}\n`, options, colour: 'red' } }, 'Feedback')).toEqual({
      heading: chars(200),
      options: options.map(({ key }) => ({ key, text: chars(200) })),
    });
  });
});

describe('answers that carry a reason', () => {
  it('article feedback: reason and crn are optional and checked for shape', () => {
    expect(kbFeedbackSchema.safeParse({ article_id: '100301', helpful: true }).success).toBe(true);
    const withReason = { article_id: '100301', helpful: false, reason: 'wrong_amount', crn: '4992739872' };
    expect(kbFeedbackSchema.safeParse(withReason).success).toBe(true);
    const bad = kbFeedbackSchema.safeParse({ ...withReason, reason: '<b>' });
    expect(bad.error?.issues[0]?.message).toBe(messages.reasonNotOffered);
    expect(kbFeedbackSchema.safeParse({ ...withReason, crn: 'CRN1' }).success).toBe(false);
    expect(kbFeedbackSchema.safeParse({ ...withReason, crn: '1'.repeat(21) }).success).toBe(false);
  });
  it("the rating's reason is any key (the article's Csat options); its shape is checked", () => {
    const rating = { ref_id: 'T1', reason: 'too_slow', satisfaction_rating: { score: 'bad', comment: '' } };
    expect(csatPayloadSchema.safeParse(rating).success).toBe(true);
    expect(csatPayloadSchema.safeParse({ ...rating, reason: 'no_action' }).success).toBe(true);
    const bad = csatPayloadSchema.safeParse({ ...rating, reason: 'x'.repeat(41) });
    expect(bad.error?.issues[0]?.message).toBe(messages.reasonNotOffered);
  });
});
