/**
 * The structured write-to-us e-mail (guided-flows.md §3–§5, docs/flows/structured-email.md): the article labelled
 * structured_email_param asks whether the issue is about a ride, offers the options of the ride's status (or of no
 * ride), and either links an option's article (an instant resolution) or takes a comment, contact details and images.
 * The form and the server check the same rules (`structuredEmailProblem`).
 */
import { z } from 'zod';
import { captchaSchema } from '../captcha.ts';
import { type CodedMessage, coded, type PlainMessageCode, says } from '../messages.ts';
import { isValidEmail } from '../tickets.ts';
import type { UploadLimit } from '../uploads.ts';

/** Both submit paths are ours (the spec names the fields, not the path). */
export const structuredEmailPaths = {
  /** a signed-in user's e-mail: becomes a ticket */
  submit: '/api/v1/structured_email',
  /** a visitor's: a guest ticket, with the form token and the captcha */
  guest: '/api/events/structured_email',
} as const;

/** guided-flows.md §5 bounds. */
export const SE_COMMENT_MIN = 15;
export const SE_COMMENT_MAX = 1000;
export const SE_PHONE_MIN_DIGITS = 5;
export const SE_PHONE_MAX_DIGITS = 15;
/** An option without max_images_count takes up to 5 images. */
export const SE_DEFAULT_MAX_IMAGES = 5;
/**
 * Structured e-mail images go up with the upload's 5 MB limit (guided-flows.md §5: 5242880 bytes, exactly that
 * passes; over it 'Please upload correct image of less than 5 MB size'), checked in the browser and by the upload.
 */
export const STRUCTURED_EMAIL_UPLOAD_LIMIT: UploadLimit = '5mb';

/** The ride's status an option is offered for; 'none' is an issue not related to a ride. */
export type StructuredEmailRideStatus = 'completed' | 'cancelled' | 'none';

/** One issue option (guided-flows.md §3 "Structured email issue option"). */
export interface StructuredEmailOption {
  option_id: string;
  /** English name; the page shows `structuredEmail.option.<option_id>` of the locale */
  name: string;
  /** the ticket's tag: where support routes it */
  disposition_tag: string;
  /** an article that resolves it at once: the option links it instead of showing the form */
  article_id: string | null;
  image_upload_required: boolean;
  image_mandatory: boolean;
  max_images_count: number | null;
  ride_status: StructuredEmailRideStatus;
  intent_tags: string[];
}

const option = (
  o: Pick<StructuredEmailOption, 'option_id' | 'name' | 'disposition_tag' | 'ride_status' | 'intent_tags'> &
    Partial<StructuredEmailOption>,
): StructuredEmailOption => ({
  article_id: null,
  image_upload_required: false,
  image_mandatory: false,
  max_images_count: null,
  ...o,
});

/**
 * The options, a table per ride status: one list for the whole help centre (not per article's front matter), since
 * every write-to-us article of the customer indexes offers the same issues and support routes them by the tag.
 */
export const STRUCTURED_EMAIL_OPTIONS: readonly StructuredEmailOption[] = [
  option({
    option_id: 'toll_charge_incorrectly_levied_on_the_bill',
    name: 'Toll charge incorrectly levied on the bill',
    disposition_tag: 'toll_incorrect_on_bill',
    // The toll article refunds it at once (the toll and parking flow).
    article_id: '101003',
    ride_status: 'completed',
    intent_tags: ['toll', 'billing'],
  }),
  option({
    option_id: 'driver_collected_extra_toll_parking_amount',
    name: 'Driver collected extra toll or parking amount',
    disposition_tag: 'toll_parking_extra_collected',
    image_upload_required: true,
    image_mandatory: true,
    max_images_count: 3,
    ride_status: 'completed',
    intent_tags: ['toll', 'parking', 'cash_collected'],
  }),
  option({
    option_id: 'driver_behaviour',
    name: 'The driver was rude or unprofessional',
    disposition_tag: 'driver_behaviour',
    ride_status: 'completed',
    intent_tags: ['driver', 'safety'],
  }),
  option({
    option_id: 'vehicle_condition',
    name: 'The car was unclean or in poor condition',
    disposition_tag: 'vehicle_condition',
    image_upload_required: true,
    ride_status: 'completed',
    intent_tags: ['vehicle'],
  }),
  option({
    option_id: 'longer_route',
    name: 'The driver took a longer route',
    disposition_tag: 'route_deviation',
    ride_status: 'completed',
    intent_tags: ['route', 'billing'],
  }),
  option({
    option_id: 'cancellation_fee_charged',
    name: 'I was charged a cancellation fee',
    disposition_tag: 'cancellation_fee',
    article_id: '101100',
    ride_status: 'cancelled',
    intent_tags: ['cancellation', 'billing'],
  }),
  option({
    option_id: 'driver_asked_to_cancel',
    name: 'The driver asked me to cancel',
    disposition_tag: 'driver_asked_cancel',
    ride_status: 'cancelled',
    intent_tags: ['cancellation', 'driver'],
  }),
  option({
    option_id: 'payment_not_reflected',
    name: 'Money was deducted but not added to my wallet',
    disposition_tag: 'payment_not_reflected',
    image_upload_required: true,
    max_images_count: 2,
    ride_status: 'none',
    intent_tags: ['payment', 'wallet'],
  }),
  option({
    option_id: 'account_access',
    name: 'I cannot sign in to my account',
    disposition_tag: 'account_access',
    ride_status: 'none',
    intent_tags: ['account'],
  }),
  option({
    option_id: 'app_feedback',
    name: 'Feedback about the app',
    disposition_tag: 'app_feedback',
    image_upload_required: true,
    ride_status: 'none',
    intent_tags: ['feedback'],
  }),
];

/** The ride status whose options a ride gets: a cancelled ride has its own, any other finished ride the completed. */
export const structuredEmailRideStatus = (bookingStatus: string | null): StructuredEmailRideStatus =>
  bookingStatus === null ? 'none' : bookingStatus === 'cancelled' ? 'cancelled' : 'completed';

export const structuredEmailOptions = (status: StructuredEmailRideStatus) =>
  STRUCTURED_EMAIL_OPTIONS.filter((o) => o.ride_status === status);

export const findStructuredEmailOption = (optionId: string) =>
  STRUCTURED_EMAIL_OPTIONS.find((o) => o.option_id === optionId) ?? null;

export const structuredEmailMaxImages = (o: StructuredEmailOption) => o.max_images_count ?? SE_DEFAULT_MAX_IMAGES;

export interface StructuredEmailInput {
  optionId: string | null;
  comment: string;
  email: string;
  phone: string;
  imageCount: number;
}

export type StructuredEmailField = 'option' | 'comment' | 'email' | 'phone' | 'images';
export type StructuredEmailProblem = {
  field: StructuredEmailField;
  code: PlainMessageCode | 'onlyUploadImages';
  n?: number;
};

/**
 * The first broken rule of a filled form, or null (the option must be one of the ride status's; an option with an
 * article takes no form). The form shows it under its field; the server answers 400 with it.
 */
export function structuredEmailProblem(
  input: StructuredEmailInput,
  status: StructuredEmailRideStatus,
): StructuredEmailProblem | null {
  const chosen = input.optionId ? findStructuredEmailOption(input.optionId) : null;
  if (!chosen || chosen.ride_status !== status || chosen.article_id) {
    return { field: 'option', code: 'selectOptionCorrectly' };
  }
  const comment = input.comment.trim().length;
  if (comment < SE_COMMENT_MIN || comment > SE_COMMENT_MAX) return { field: 'comment', code: 'enterValidComment' };
  if (!isValidEmail(input.email.trim())) return { field: 'email', code: 'enterValidEmail' };
  if (!structuredEmailPhoneOk(input.phone)) return { field: 'phone', code: 'enterValidPhone' };
  if (chosen.image_mandatory && input.imageCount === 0) return { field: 'images', code: 'uploadImages' };
  const max = structuredEmailMaxImages(chosen);
  if (input.imageCount > (chosen.image_upload_required ? max : 0)) {
    return { field: 'images', code: 'onlyUploadImages', n: chosen.image_upload_required ? max : 0 };
  }
  return null;
}

/** A problem as its catalogue code (with the option's count for 'You can only upload {n} images'). */
export const structuredEmailSaid = (p: StructuredEmailProblem): CodedMessage =>
  p.code === 'onlyUploadImages' ? coded('onlyUploadImages', { n: p.n ?? 0 }) : coded(p.code);

/** 5 to 15 digits (the dialing code goes apart). */
export const structuredEmailPhoneOk = (phone: string) =>
  new RegExp(`^\\d{${SE_PHONE_MIN_DIGITS},${SE_PHONE_MAX_DIGITS}}$`).test(phone.trim());

const fields = {
  option_id: z.string(says('selectOptionCorrectly')).max(80, says('selectOptionCorrectly')),
  comment: z.string(says('enterValidComment')).max(SE_COMMENT_MAX + 200, says('enterValidComment')),
  email: z.string(says('enterValidEmail')).max(120, says('enterValidEmail')),
  phone: z.string(says('enterValidPhone')).max(40, says('enterValidPhone')),
  uploaded_image_ids: z.array(z.string().max(64)).max(20).default([]),
  article_id: z.string().max(64).optional(),
};

/** POST structuredEmailPaths.submit: a signed-in user's, about a ride (booking_id) or not (none). */
export const structuredEmailPayloadSchema = z.object({
  ...fields,
  booking_id: z.string().max(64).nullish(),
});
export type StructuredEmailPayload = z.infer<typeof structuredEmailPayloadSchema>;

/** POST structuredEmailPaths.guest: a visitor's, never about a ride; with the dialing code, form token and captcha. */
export const structuredEmailGuestPayloadSchema = z.object({
  ...fields,
  uploaded_image_ids: z.array(z.string().max(64)).max(0).default([]),
  dialing_code: z.string(says('selectDialingCode')).regex(/^\+\d{1,4}$/, says('selectDialingCode')),
  secret_key: z.string().max(200),
  captcha: captchaSchema,
});
export type StructuredEmailGuestPayload = z.infer<typeof structuredEmailGuestPayloadSchema>;

export const structuredEmailInput = (p: {
  option_id: string;
  comment: string;
  email: string;
  phone: string;
  uploaded_image_ids: string[];
}): StructuredEmailInput => ({
  optionId: p.option_id,
  comment: p.comment,
  email: p.email,
  phone: p.phone,
  imageCount: p.uploaded_image_ids.length,
});
