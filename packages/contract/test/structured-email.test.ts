import { describe, expect, it } from 'vitest';
import {
  STRUCTURED_EMAIL_OPTIONS,
  STRUCTURED_EMAIL_UPLOAD_LIMIT,
  type StructuredEmailInput,
  structuredEmailGuestPayloadSchema,
  structuredEmailMaxImages,
  structuredEmailOptions,
  structuredEmailPayloadSchema,
  structuredEmailProblem,
  structuredEmailRideStatus,
} from '../src/flows/structured-email.ts';
import { formatMessage } from '../src/messages.ts';
import { uploadLimits } from '../src/uploads.ts';

const good: StructuredEmailInput = {
  optionId: 'driver_behaviour',
  comment: 'The driver shouted at me.',
  email: 'asha@example.com',
  phone: '9876543210',
  imageCount: 0,
};
const problem = (change: Partial<StructuredEmailInput>, status: 'completed' | 'cancelled' | 'none' = 'completed') =>
  structuredEmailProblem({ ...good, ...change }, status)?.code ?? null;

describe('structured e-mail bounds (guided-flows.md §5)', () => {
  it.each([
    [14, 'enterValidComment'],
    [15, null],
    [1000, null],
    [1001, 'enterValidComment'],
  ])('a comment of %i characters → %s', (n, code) => {
    expect(problem({ comment: 'a'.repeat(n) })).toBe(code);
  });

  it('counts the comment without its surrounding spaces', () => {
    expect(problem({ comment: `  ${'a'.repeat(14)}  ` })).toBe('enterValidComment');
  });

  it.each([
    ['1234', 'enterValidPhone'],
    ['12345', null],
    ['123456789012345', null],
    ['1234567890123456', 'enterValidPhone'],
    ['98765 43210', 'enterValidPhone'],
    ['+919876543210', 'enterValidPhone'],
  ])('phone %s → %s', (phone, code) => {
    expect(problem({ phone })).toBe(code);
  });

  it.each([
    ['asha@example.com', null],
    ['asha@', 'enterValidEmail'],
    ['', 'enterValidEmail'],
    ['a b@example.com', 'enterValidEmail'],
  ])('e-mail %s → %s', (email, code) => {
    expect(problem({ email })).toBe(code);
  });

  it('needs an option of the ride status, and not one that an article resolves', () => {
    expect(problem({ optionId: null })).toBe('selectOptionCorrectly');
    expect(problem({ optionId: 'nonsense' })).toBe('selectOptionCorrectly');
    // an option of another status
    expect(problem({ optionId: 'account_access' })).toBe('selectOptionCorrectly');
    expect(problem({ optionId: 'account_access' }, 'none')).toBeNull();
    // the toll article resolves it: no e-mail
    expect(problem({ optionId: 'toll_charge_incorrectly_levied_on_the_bill' })).toBe('selectOptionCorrectly');
  });

  it('mandatory images: none → Please Upload Images!!; the option count n passes, n+1 does not', () => {
    const id = 'driver_collected_extra_toll_parking_amount';
    expect(problem({ optionId: id, imageCount: 0 })).toBe('uploadImages');
    expect(problem({ optionId: id, imageCount: 3 })).toBeNull();
    const over = structuredEmailProblem({ ...good, optionId: id, imageCount: 4 }, 'completed');
    expect(over).toEqual({ field: 'images', code: 'onlyUploadImages', n: 3 });
    expect(formatMessage('onlyUploadImages', { n: 3 })).toBe('You can only upload 3 images');
  });

  it('an option without max_images_count takes the default 5', () => {
    const id = 'vehicle_condition';
    expect(structuredEmailMaxImages(STRUCTURED_EMAIL_OPTIONS.find((o) => o.option_id === id)!)).toBe(5);
    expect(problem({ optionId: id, imageCount: 5 })).toBeNull();
    expect(structuredEmailProblem({ ...good, optionId: id, imageCount: 6 }, 'completed')?.n).toBe(5);
    // images optional
    expect(problem({ optionId: id, imageCount: 0 })).toBeNull();
  });

  it('an option without image upload takes none', () => {
    expect(problem({ imageCount: 1 })).toBe('onlyUploadImages');
  });

  it('uploads its images with the 5 MB limit (5242880 bytes) and its message', () => {
    expect(uploadLimits[STRUCTURED_EMAIL_UPLOAD_LIMIT]).toEqual({ bytes: 5242880, refusal: 'imageTooLarge5' });
    expect(formatMessage('imageTooLarge5')).toBe('Please upload correct image of less than 5 MB size');
  });
});

describe('structured e-mail options', () => {
  it('offers options per ride status, with the spec option ids', () => {
    expect(structuredEmailRideStatus('completed')).toBe('completed');
    expect(structuredEmailRideStatus('cancelled')).toBe('cancelled');
    expect(structuredEmailRideStatus(null)).toBe('none');
    const completed = structuredEmailOptions('completed').map((o) => o.option_id);
    expect(completed).toContain('driver_collected_extra_toll_parking_amount');
    expect(completed).toContain('toll_charge_incorrectly_levied_on_the_bill');
    expect(structuredEmailOptions('none').length).toBeGreaterThan(0);
    expect(structuredEmailOptions('cancelled').length).toBeGreaterThan(0);
  });

  it('gives every option its unique id, a tag and intent tags', () => {
    const ids = STRUCTURED_EMAIL_OPTIONS.map((o) => o.option_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of STRUCTURED_EMAIL_OPTIONS) {
      expect(o.disposition_tag).not.toBe('');
      expect(o.intent_tags.length).toBeGreaterThan(0);
      // a mandatory image needs the upload
      if (o.image_mandatory) expect(o.image_upload_required).toBe(true);
    }
  });
});

describe('structured e-mail payloads say the spec messages', () => {
  const said = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  it('a missing option says Please Select Option Correctly.', () => {
    const r = structuredEmailPayloadSchema.safeParse({ comment: 'x', email: 'a@b.co', phone: '12345' });
    expect(said(r)).toBe('Please Select Option Correctly.');
  });
  it('a visitor without captcha or dialing code hears the spec messages', () => {
    const base = { option_id: 'account_access', comment: 'x', email: 'a@b.co', phone: '12345', secret_key: 't' };
    expect(said(structuredEmailGuestPayloadSchema.safeParse({ ...base, dialing_code: '+91' }))).toBe(
      'Please Submit the Captcha Correctly.',
    );
    expect(said(structuredEmailGuestPayloadSchema.safeParse({ ...base, dialing_code: '', captcha: 'c' }))).toBe(
      'Please Select Dialing Code',
    );
  });
});
