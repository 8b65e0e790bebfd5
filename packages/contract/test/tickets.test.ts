import { describe, expect, it } from 'vitest';
import { withCrnCheckDigit } from '../src/crn.ts';
import {
  cleanDescription,
  type IssueFormRules,
  isDummyEmail,
  isResolved,
  isValidEmail,
  latestTicket,
  supportHistoryEnabled,
  ticketBadge,
  validateIssueForm,
} from '../src/tickets.ts';

const base: IssueFormRules = { hideEmail: false, hideDescription: false, imageUploadRequired: false, invoice: false };
const good = { email: 'riya@example.in', description: 'The driver took a much longer route' };

describe('issue form rules (guided-flows.md §5)', () => {
  it.each<
    [string, Parameters<typeof validateIssueForm>[0], Partial<IssueFormRules>, ReturnType<typeof validateIssueForm>]
  >([
    ['valid', good, {}, {}],
    ['missing e-mail', { ...good, email: '' }, {}, { email: 'Please input a valid email address' }],
    ['malformed e-mail', { ...good, email: 'riya@' }, {}, { email: 'Please input a valid email address' }],
    [
      'dummy e-mail counts as blank',
      { ...good, email: 'dummy@dummy.com' },
      {},
      { email: 'Please input a valid email address' },
    ],
    ['hide_email skips it', { ...good, email: '' }, { hideEmail: true }, {}],
    [
      'short description',
      { ...good, description: 'too short' },
      {},
      { description: 'Please enter atleast 20 characters' },
    ],
    [
      'stripped characters do not count',
      { ...good, description: '!!!!!!!!!!!!!!!!!!!!!!!!abc' },
      {},
      { description: 'Please enter atleast 20 characters' },
    ],
    ['page setting for the minimum', { ...good, description: 'twelve chars' }, { descriptionMin: 10 }, {}],
    ['hide_description skips it', { ...good, description: '' }, { hideDescription: true }, {}],
    ['a valid ride id skips it', { ...good, description: '' }, { rideId: withCrnCheckDigit('123456789') }, {}],
    [
      'an invalid ride id does not',
      { ...good, description: '' },
      { rideId: '1234567890' },
      { description: 'Please enter atleast 20 characters' },
    ],
    [
      'image article needs an image',
      good,
      { imageUploadRequired: true },
      { images: 'Please upload atleast one image.' },
    ],
    [
      'up to 10 images',
      { ...good, imageIds: Array.from({ length: 11 }, (_, i) => `d${i}`) },
      {},
      { images: '* You can only upload 10 images' },
    ],
    [
      'invoice takes 1',
      { ...good, imageIds: ['a', 'b'] },
      { invoice: true },
      { images: '* You can only upload 1 images' },
    ],
    [
      'item article needs a product',
      good,
      { items: [{ item_id: 'i1', item_name: 'Milk', quantity: 2 }] },
      { items: 'Please select atleast one product.' },
    ],
    [
      'quantity up to the ordered count',
      { ...good, items: [{ item_id: 'i1', quantity: 3 }] },
      { items: [{ item_id: 'i1', item_name: 'Milk', quantity: 2 }] },
      { items: 'You can select at most 2 of this product.' },
    ],
    [
      'a chosen product',
      { ...good, items: [{ item_id: 'i1', quantity: 2 }] },
      { items: [{ item_id: 'i1', item_name: 'Milk', quantity: 2 }] },
      {},
    ],
  ])('%s', (_name, input, rules, errors) => {
    expect(validateIssueForm(input, { ...base, ...rules })).toEqual(errors);
  });

  it.each([
    ['Refund! for #ride 4821 (urgent)', 'Refund for ride 4821 urgent'],
    ['किराया ज़्यादा लिया', 'किराया ज़्यादा लिया'],
    ['a\tb\nc', 'abc'],
  ])('cleanDescription(%j) → %j', (input, cleaned) => {
    expect(cleanDescription(input)).toBe(cleaned);
  });

  it.each([
    ['dummy@example.in', true],
    ['noemail@example.in', true],
    ['riya@dummy.com', true],
    ['riya@example.invalid', true],
    ['riya@example.in', false],
  ])('isDummyEmail(%s) → %s', (email, dummy) => {
    expect(isDummyEmail(email)).toBe(dummy);
  });

  it.each([
    ['a@b.in', true],
    ['ab', false],
    [`${'x'.repeat(41)}@example.in`, false],
    ['no spaces@example.in', false],
    ["o'brien+help@example.co.uk", true],
    ['<b>riya</b>@example.in', false],
    ['riya@example.in<script>', false],
    ['riya@exam\nple.in', false],
    ['riya@exam\u0000ple.in', false],
    ['riya@example.in,someone@example.org', false],
    ['riya@example.in;someone@example.org', false],
    ['"riya"@example.in', false],
  ])('isValidEmail(%j) → %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});

describe('ticket lists (core.md §4)', () => {
  it.each([
    ['open', false, 'Open'],
    ['solved', true, 'Resolved'],
    ['closed', true, 'Resolved'],
  ])('%s: resolved %s, badge %s', (status, resolved, badge) => {
    expect(isResolved(status)).toBe(resolved);
    expect(ticketBadge(status)).toBe(badge);
  });

  const t = (id: string, status: string, created_at: string) => ({ id, status, created_at });
  it.each([
    [
      'newest open is newer',
      [t('o1', 'open', '2026-11-01'), t('o2', 'open', '2026-11-05')],
      [t('c1', 'closed', '2026-11-03')],
      'o2',
    ],
    ['newest closed is newer', [t('o1', 'open', '2026-11-01')], [t('c1', 'solved', '2026-11-03')], 'c1'],
    ['only closed', [], [t('c1', 'closed', '2026-11-03')], 'c1'],
    ['only open', [t('o1', 'open', '2026-11-01')], [], 'o1'],
  ])('latest ticket: %s', (_name, open, closed, id) => {
    expect(latestTicket(open, closed)?.id).toBe(id);
  });
  it('no tickets, no latest', () => {
    expect(latestTicket([], [])).toBeNull();
  });

  it.each([
    [{ inApp: false, appVersion: null, country: 'IN' }, true],
    [{ inApp: true, appVersion: null, country: 'IN' }, false],
    [{ inApp: true, appVersion: 91403, country: 'IN' }, false],
    [{ inApp: true, appVersion: 91404, country: 'IN' }, true],
    [{ inApp: true, appVersion: 91404, country: 'AU' }, false],
    [{ inApp: true, appVersion: 91459, country: 'GB' }, false],
    [{ inApp: true, appVersion: 91460, country: 'GB' }, true],
  ])('support history %j → %s', (opts, enabled) => {
    expect(supportHistoryEnabled(opts)).toBe(enabled);
  });
});
