import { describe, expect, it } from 'vitest';
import { parseAppVersion } from '../src/app-version.ts';
import { withCrnCheckDigit } from '../src/crn.ts';
import { issueFormSchema } from '../src/issue-form.ts';
import { formatMessage, messages } from '../src/messages.ts';
import {
  articleFormRules,
  type IssueFormArticle,
  reportHref,
  reportTagHref,
  writeToUsHref,
} from '../src/ticket-rules.ts';
import { validateIssueForm } from '../src/tickets.ts';

const crn = withCrnCheckDigit('271828182');

describe('write-to-us links', () => {
  it.each([
    ['100607', null, '/dwritetous/100607'],
    ['100607', undefined, '/dwritetous/100607'],
    ['100607', crn, `/${crn}/dwritetous/100607`],
    ['100607', '12345', '/dwritetous/100607'],
    ['100607', `${crn.slice(0, -1)}${(Number(crn.at(-1)) + 1) % 10}`, '/dwritetous/100607'],
    ['a/b', null, '/dwritetous/a%2Fb'],
  ])('%s with crn %j → %s', (id, ref, href) => {
    expect(writeToUsHref(id, ref)).toBe(href);
  });

  it('builds the report routes', () => {
    expect(reportHref('101005')).toBe('/report/101005');
    expect(reportTagHref('verify_email')).toBe('/report/verify_email/default');
  });
});

const article = (over: Partial<IssueFormArticle> = {}): IssueFormArticle => ({
  labels: {},
  label_names: [],
  side_load: {},
  ...over,
});
const ordered = [
  { item_id: 'i1', item_name: 'Onions 1 kg', quantity: 2 },
  { item_id: 'i2', item_name: 'Milk', quantity: 1 },
];

describe('articleFormRules', () => {
  it.each([
    ['no article', null, {}, { hideEmail: false, hideDescription: false, imageUploadRequired: false, invoice: false }],
    ['hide_email', article({ label_names: ['hide_email'] }), {}, { hideEmail: true }],
    ['hide_description', article({ label_names: ['hide_description'] }), {}, { hideDescription: true }],
    ['damaged item', article({ labels: { call_type: 'damaged_item' } }), {}, { imageUploadRequired: true }],
    ['paid cash', article({ labels: { call_type: 'paid_cash_outstanding' } }), {}, { imageUploadRequired: true }],
    ['side_load images', article({ side_load: { image_upload_required: true } }), {}, { imageUploadRequired: true }],
    ['invoice', article({ side_load: { invoice_upload: true } }), {}, { invoice: true }],
    ['item article', article({ labels: { call_type: 'item_missing' } }), { items: ordered }, { items: ordered }],
    ['item article without order', article({ labels: { call_type: 'item_missing' } }), {}, { items: null }],
    ['items of another article', article(), { items: ordered }, { items: null }],
    ['ride id', article(), { rideId: crn }, { rideId: crn }],
  ] as const)('%s', (_name, a, extra, expected) => {
    expect(articleFormRules(a, extra)).toMatchObject(expected);
  });

  it('drives validateIssueForm exactly like the server (docs/tickets.md)', () => {
    const images = articleFormRules(article({ labels: { call_type: 'damaged_item' } }));
    expect(validateIssueForm({ email: 'riya@example.in', description: 'x'.repeat(20) }, images)).toEqual({
      images: messages.uploadAtLeastOne,
    });
    const invoice = articleFormRules(article({ side_load: { invoice_upload: true } }));
    expect(
      validateIssueForm({ email: 'riya@example.in', description: 'x'.repeat(20), imageIds: ['a', 'b'] }, invoice),
    ).toEqual({ images: formatMessage('tooManyImages', { n: 1 }) });
    const items = articleFormRules(article({ labels: { call_type: 'item_missing' } }), { items: ordered });
    expect(validateIssueForm({ email: 'riya@example.in', description: 'x'.repeat(20), items: [] }, items)).toEqual({
      items: messages.selectAtLeastOneProduct,
    });
    const hidden = articleFormRules(article({ label_names: ['hide_email', 'hide_description'] }));
    expect(validateIssueForm({}, hidden)).toEqual({});
    expect(validateIssueForm({ email: 'riya@example.in' }, articleFormRules(article(), { rideId: crn }))).toEqual({});
  });
});

describe('parseAppVersion', () => {
  it.each([
    ['91500', 91500],
    [' 91404 ', 91404],
    ['9.14.3', null],
    ['abc', null],
    ['', null],
    [null, null],
    [undefined, null],
    [91460, 91460],
    [-1, null],
    [1.5, null],
    ['1234567890', null],
  ])('%j → %j', (value, expected) => {
    expect(parseAppVersion(value)).toBe(expected);
  });
});

describe('issueFormSchema (the form runs the server rules)', () => {
  const values = { email: 'riya.customer@example.in', description: 'x'.repeat(20), imageIds: [], items: [] };
  const rules = articleFormRules(null);

  it.each([
    ['valid', values, rules, {}],
    [
      'short description',
      { ...values, description: 'too short' },
      rules,
      { description: formatMessage('descriptionTooShort', { n: 20 }) },
    ],
    ['dummy e-mail', { ...values, email: 'dummy@example.in' }, rules, { email: messages.invalidEmail }],
    [
      'images required',
      values,
      articleFormRules(article({ labels: { call_type: 'damaged_item' } })),
      { imageIds: messages.uploadAtLeastOne },
    ],
    [
      'too many products',
      { ...values, items: [{ item_id: 'i1', quantity: 3 }] },
      articleFormRules(article({ labels: { call_type: 'item_missing' } }), { items: ordered }),
      { items: formatMessage('quantityTooHigh', { n: 2 }) },
    ],
  ] as const)('%s', (_name, input, r, expected) => {
    const result = issueFormSchema(r).safeParse(input);
    const errors = Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(errors).toEqual(expected);
  });
});
