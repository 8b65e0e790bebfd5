import { z } from 'zod';
import { billSchema } from './bill.ts';
import { captchaSchema } from './captcha.ts';
import { tollMapSchema } from './flows/toll-parking.ts';
import { messageParamsSchema } from './message-params.ts';
import { says } from './messages.ts';
import { isValidEmail } from './tickets.ts';

const text = (max: number) => z.string().max(max).nullish();
/** The longest `message` of a one-touch submit (a billing dispute's comment travels as it): the forms' limit too. */
export const ONE_TOUCH_MESSAGE_MAX = 1500;

/**
 * An address an invoice may be mailed to: the contract's isValidEmail rule (one address, 3 to 50 characters, no
 * display name, list, markup or line break), and every way of failing it — missing, not text, too short or too
 * long — answers the spec's one message, like the submit's params.email does.
 */
export const invoiceEmailSchema = z
  .string(says('enterValidEmail'))
  .max(254, says('enterValidEmail'))
  .refine(isValidEmail, says('enterValidEmail'));

/** The one-touch submit payload (guided-flows.md §3); unknown extra fields are ignored. */
export const oneTouchSubmitSchema = z.object({
  custom_id: text(64),
  article_id: z.string().regex(/^[\w-]{1,40}$/),
  reason_submitted: text(200),
  call_type: z.string().regex(/^[a-z0-9_]{2,64}$/, says('unknownCallType')),
  // A catalogue message, not zod's own 'Too big' (the 400 carries this check's code).
  message: z.string().max(ONE_TOUCH_MESSAGE_MAX, says('messageTooLong')).nullish(),
  subscription_id: text(64),
  one_touch_source: text(40),
  index_name: text(40),
  refund_destination: z.enum(['voucher', 'neft', 'ola_money']).nullish(),
  booking_id: text(64),
  car_category: text(40),
  user_input_amount: z.coerce.number().min(0).max(100000).nullish(),
  is_image_uploaded: z.boolean().nullish(),
  uploaded_image_ids: z.array(z.string().max(64)).max(10).nullish(),
  country: text(4),
  crn: text(20),
  // extra cash (flows/extra-cash.ts): an amount that is no number says so; one beyond any 4 digits is too high
  total_cash: z.coerce
    .number(says('enterValidAmount'))
    .min(0, says('enterValidAmount'))
    .max(100000, says('ecAmountTooHigh'))
    .nullish(),
  extra_cash: z.coerce
    .number(says('enterValidAmount'))
    .min(0, says('enterValidAmount'))
    .max(100000, says('ecAmountTooHigh'))
    .nullish(),
  option_selected: text(100),
  ride_deviation: z.union([z.boolean(), z.string().max(40)]).nullish(),
  date_entered_time_stamp: z.union([z.number(), z.string().max(20)]).nullish(),
  /** the toll break-up the rider was shown (toll and parking), plaza name → amount */
  toll_map: tollMapSchema.nullish(),
  /** cab attachment (guided-flows.md §3): checked by its flow (flows/cab-attachment.ts), 400 with its message */
  phone_number: z.unknown().optional(),
  city: z.unknown().optional(),
  /** driver details (guided-flows.md §3): where the page runs, 'app' or 'desktop' */
  source: text(20),
  /**
   * A guided form's own fields: checked against its flow's params for the call_type (flows/<flow>.ts, FlowParams)
   * before its handler runs, a bad one answering 400; a call_type without a flow passes them on with its ticket.
   */
  params: z.record(z.string().max(64), z.unknown()).nullish(),
});
export type OneTouchSubmit = z.infer<typeof oneTouchSubmitSchema>;

/** The answer (core.md §3 one-touch result); the web app reads it with readOneTouchResponse(). */
export const oneTouchResponseSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILURE', 'NOIMAGE', 'ALREADY_REFUNDED']),
  title: z.string(),
  message: z.string(),
  /** the catalogue codes of the title and the message, and the message's parameters (messages.ts) */
  title_code: z.string().optional(),
  code: z.string().optional(),
  params: messageParamsSchema.optional(),
  ticket_request_id: z.string().nullable(),
  csat_required: z.boolean(),
  map_url: z.string().nullable().optional(),
  distance: z.string().nullable().optional(),
  bill: billSchema.nullable().optional(),
  /** driver details (guided-flows.md §3); never the driver's phone: the call goes through the provider */
  driver_first_name: z.string().optional(),
  driver_last_name: z.string().optional(),
  car_model: z.string().nullable().optional(),
  car_number: z.string().nullable().optional(),
  /** cab attachment's refusal (guided-flows.md §3 error{status,title,message}), shown as a popup */
  error: z.object({ status: z.string(), title: z.string(), message: z.string() }).optional(),
  side_load: z.record(z.string(), z.unknown()),
});
export type OneTouchResponse = z.infer<typeof oneTouchResponseSchema>;

export const sendInvoiceSchema = z.object({
  booking_id: z.string().max(64),
  cab_category: text(40),
  email: invoiceEmailSchema,
  article_id: text(40),
  article_name: text(200),
  index_name: text(40),
});

export const updateEmailSchema = z.object({
  previous_email: z.string().max(50).default(''),
  updated_email: z
    .string()
    .trim()
    .min(3, says('enterValidEmail'))
    .max(50, says('enterValidEmail'))
    .email(says('enterValidEmail')),
  reason_submitted: text(200),
  article_id: text(40),
  call_type: text(64),
  message: text(ONE_TOUCH_MESSAGE_MAX),
  booking_id: text(64),
});

/**
 * POST /api/bookings/v3/submit_without_login (core.md §7, "for an unknown city"): a visitor whose city we
 * cannot place asks for help; needs the non-login form token like the other non-login requests.
 */
export const submitWithoutLoginSchema = z.object({
  article_id: z.string().regex(/^[\w-]{1,40}$/),
  call_type: z.string().regex(/^[a-z0-9_]{2,64}$/, says('unknownCallType')),
  email: z
    .string()
    .trim()
    .min(3, says('enterValidEmail'))
    .max(50, says('enterValidEmail'))
    .email(says('enterValidEmail')),
  phone_number: z
    .string()
    .regex(/^\d{5,15}$/, says('enterValidPhone'))
    .optional(),
  city: z.string().trim().min(2, says('verifyInputs')).max(64, says('verifyInputs')),
  message: z.string().trim().min(15, says('enterValidComment')).max(1000, says('enterValidComment')),
  secret_key: z.string().max(200),
  /** the visitor's solved captcha (issue 16), checked after the form and the article, used once */
  captcha: captchaSchema,
});

export const oneTouchPaths = {
  submitV1: '/api/bookings/v1/submit',
  submitV2: '/api/bookings/v2/submit',
  submitV3: '/api/bookings/v3/submit',
  submitWithoutLogin: '/api/bookings/v3/submit_without_login',
  sendInvoice: '/api/bookings/v2/send_invoice',
  /** ours (the spec shows none): the one-time link an invoice address is confirmed with (docs/one-touch-rules.md) */
  confirmInvoiceEmail: '/api/bookings/v1/confirm_invoice_email',
  updateEmail: '/api/users/v1/update_email',
} as const;

/**
 * Invoices by mail (docs/one-touch-rules.md): straight to the account's verified address or one the user confirmed;
 * any other address first gets a one-time link. Every invoice and confirmation mail counts against both limits.
 */
export const INVOICE_MAILS_PER_USER_PER_HOUR = 10;
export const INVOICE_MAILS_PER_ADDRESS_PER_DAY = 5;
export const INVOICE_CONFIRMATION_TTL_SECONDS = 24 * 3600;

export const confirmInvoiceEmailSchema = z.object({ token: z.string().regex(/^[\w-]{20,100}$/) });

/** The fields of the KYC form's post (KYC_FORM_PATH, api-paths.ts): the spec's hidden fields. */
export const kycFormSchema = z.object({
  /** the booking reference (CRN) the choice is about, if any */
  cnl: z.string().max(20).default(''),
  /** the article the user came from */
  nav: z.string().max(40).default(''),
  /** what was chosen: 'refund_wallet' or 'kyc' */
  banner: z.string().max(40).default('kyc'),
  landing: z.string().max(40).default(''),
  care_redirect_url: z.string().max(500).default('/home'),
  source: z.string().max(40).default('web'),
});
