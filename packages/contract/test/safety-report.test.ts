import { describe, expect, it } from 'vitest';
import {
  messages,
  othersMinLength,
  type SafetyQuestion,
  safetyMaxImages,
  safetyNotifyEnabled,
  safetyPhoneInput,
  safetyReportParamsSchema,
  safetyReportProblem,
  safetyV2Questions,
  showsPoliceNotice,
} from '../src/index.ts';

const questions: SafetyQuestion[] = [
  { id: 'hurt', question: 'Was anyone hurt?', type: 'radio', values: ['Yes', 'No'], mandatory: 'yes' },
  { id: 'details', question: 'What happened?', type: 'text', mandatory: 'yes' },
  { id: 'people', question: 'How many?', type: 'number' },
  { id: 'photos', question: 'Photos', type: 'file', max_image_count: 2 },
];
const options = ['rash_driving', 'other_safety'];
const rules = (over: Partial<Parameters<typeof safetyReportProblem>[1]> = {}) => ({
  options,
  hasBooking: true,
  questions: null,
  othersMin: 20,
  ...over,
});
const answers = [
  { question: 'Was anyone hurt?', answer: 'No', question_type: 'radio' as const },
  { question: 'What happened?', answer: 'Rash driving', question_type: 'text' as const },
];
const said = (p: ReturnType<typeof safetyReportProblem>) => p?.message ?? null;

describe('safety report rules', () => {
  it.each([
    ['no option', { safety_report_option_id: '' }, rules(), messages.safetyChooseOption],
    ['an option not the article’s', { safety_report_option_id: 'x' }, rules(), messages.safetyChooseOption],
    ['an option, for a booking', { safety_report_option_id: 'rash_driving' }, rules(), null],
    [
      'others: 19 characters',
      { safety_report_option_id: 'other_safety', description: 'a'.repeat(19) },
      rules(),
      'Please enter atleast 20 characters',
    ],
    [
      'others: 19 + spaces',
      { safety_report_option_id: 'other_safety', description: ` ${'a'.repeat(19)}  ` },
      rules(),
      'Please enter atleast 20 characters',
    ],
    ['others: 20 characters', { safety_report_option_id: 'other_safety', description: 'a'.repeat(20) }, rules(), null],
    [
      'others: the article’s 5',
      { safety_report_option_id: 'other_safety', description: 'abcd' },
      rules({ othersMin: 5 }),
      'Please enter atleast 5 characters',
    ],
    [
      'no booking: 9-digit phone',
      { safety_report_option_id: 'rash_driving', phone_number: '982004511', crn: '1' },
      rules({ hasBooking: false }),
      messages.enterValidPhone,
    ],
    [
      'no booking: 11-digit phone',
      { safety_report_option_id: 'rash_driving', phone_number: '98200451181', crn: '1' },
      rules({ hasBooking: false }),
      messages.enterValidPhone,
    ],
    [
      'no booking: CRN with a letter',
      { safety_report_option_id: 'rash_driving', phone_number: '9820045118', crn: '12a' },
      rules({ hasBooking: false }),
      messages.safetyCrnNumeric,
    ],
    [
      'no booking: CRN of 21 digits',
      { safety_report_option_id: 'rash_driving', phone_number: '9820045118', crn: '1'.repeat(21) },
      rules({ hasBooking: false }),
      messages.safetyCrnNumeric,
    ],
    [
      'no booking: CRN of 20 digits',
      { safety_report_option_id: 'rash_driving', phone_number: '9820045118', crn: '1'.repeat(20) },
      rules({ hasBooking: false }),
      null,
    ],
    [
      'v2: all mandatory answered',
      { safety_report_option_id: 'rash_driving', comments: answers },
      rules({ questions }),
      null,
    ],
    [
      'v2: one mandatory missing',
      { safety_report_option_id: 'rash_driving', comments: answers.slice(1) },
      rules({ questions }),
      '* Please answer all mandatory fields',
    ],
    [
      'v2: a blank mandatory answer',
      { safety_report_option_id: 'rash_driving', comments: [answers[0], { ...answers[1], answer: '  ' }] },
      rules({ questions }),
      '* Please answer all mandatory fields',
    ],
    [
      'v2: a radio answer off its values',
      { safety_report_option_id: 'rash_driving', comments: [{ ...answers[0], answer: 'Maybe' }, answers[1]] },
      rules({ questions }),
      '* Please answer all mandatory fields',
    ],
    [
      'v2: a number that is not one',
      {
        safety_report_option_id: 'rash_driving',
        comments: [...answers, { question: 'How many?', answer: 'two', question_type: 'number' as const }],
      },
      rules({ questions }),
      messages.safetyInvalid,
    ],
    [
      'v2: others needs no description',
      { safety_report_option_id: 'other_safety', comments: answers },
      rules({ questions }),
      null,
    ],
  ])('%s', (_, report, r, expected) => {
    expect(said(safetyReportProblem(report as never, r))).toBe(expected);
  });

  it('images: the file question’s max_image_count, else 3', () => {
    expect(safetyMaxImages(questions)).toBe(2);
    expect(safetyMaxImages(null)).toBe(3);
    expect(safetyMaxImages([{ id: 'f', question: 'Photos', type: 'file' }])).toBe(3);
    const report = { safety_report_option_id: 'rash_driving', comments: answers };
    expect(said(safetyReportProblem({ ...report, imageCount: 2 }, rules({ questions })))).toBeNull();
    expect(said(safetyReportProblem({ ...report, imageCount: 3 }, rules({ questions })))).toBe(
      '* You can only upload 2 images',
    );
    expect(said(safetyReportProblem({ safety_report_option_id: 'rash_driving', imageCount: 4 }, rules()))).toBe(
      '* You can only upload 3 images',
    );
  });

  it('v2 applies by country or city_country, else legacy', () => {
    const sideLoad = { safety_v2: { country: ['IN'], city_country: ['London_GB'], questions } };
    expect(safetyV2Questions(sideLoad, { country: 'IN' })).toEqual(questions);
    expect(safetyV2Questions(sideLoad, { country: 'in' })).toEqual(questions);
    expect(safetyV2Questions(sideLoad, { country: 'GB' })).toBeNull();
    expect(safetyV2Questions(sideLoad, { country: 'GB', city: 'London' })).toEqual(questions);
    expect(safetyV2Questions(sideLoad, { country: 'GB', city: 'Leeds' })).toBeNull();
    expect(safetyV2Questions({}, { country: 'IN' })).toBeNull();
    expect(safetyV2Questions({ safety_v2: { country: ['IN'], questions: [] } }, { country: 'IN' })).toBeNull();
  });

  it('notify: an option and, without a booking, a 10-digit phone', () => {
    expect(safetyNotifyEnabled(null, true, '')).toBe(false);
    expect(safetyNotifyEnabled('rash_driving', true, '')).toBe(true);
    expect(safetyNotifyEnabled('rash_driving', false, '982004511')).toBe(false);
    expect(safetyNotifyEnabled('rash_driving', false, '9820045118')).toBe(true);
    expect(safetyPhoneInput('+91 98200-451189')).toBe('9198200451');
    expect(safetyPhoneInput('98200')).toBe('98200');
  });

  it('the others minimum from option_limits, the police notice for GB', () => {
    expect(othersMinLength({ option_limits: [{ key: 'other_safety', limit: 30 }] }, 'other_safety')).toBe(30);
    expect(othersMinLength({}, 'other_safety')).toBe(20);
    expect(showsPoliceNotice('GB')).toBe(true);
    expect(showsPoliceNotice('IN')).toBe(false);
  });

  it('params: each bound says its message', () => {
    const first = (p: unknown) => {
      const r = safetyReportParamsSchema.safeParse(p);
      return r.success ? null : r.error.issues[0]?.message;
    };
    expect(first({ safety_report_option_id: 'a', phone_number: '123456789' })).toBe(messages.enterValidPhone);
    expect(first({ safety_report_option_id: 'a', phone_number: '1234567890' })).toBeNull();
    expect(first({ safety_report_option_id: 'a', crn: '12x' })).toBe(messages.safetyCrnNumeric);
    expect(first({})).toBe(messages.safetyChooseOption);
    expect(first({ safety_report_option_id: 'a', description: 'd'.repeat(1501) })).toBe(messages.messageTooLong);
  });
});
