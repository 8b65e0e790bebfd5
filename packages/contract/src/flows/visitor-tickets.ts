/**
 * The non-login ticket modals (guided-flows.md §4, §5; docs/flows/visitor-tickets.md): which article shows which
 * modal, the visitor's payload, and the rules of each modal's fields. The server decides with visitorTicketIssue;
 * the web modal checks with the same function before it sends.
 */
import { z } from 'zod';
import { captchaSchema } from '../captcha.ts';
import { type PlainMessageCode, says } from '../messages.ts';
import { isValidEmail } from '../tickets.ts';
import { VISITOR_TICKET_MODALS, type VisitorTicketModal } from './visitor-ticket-modals.ts';

/** The form's fields (guided-flows.md §3), sent in custom_field_map; every value is the text the visitor typed. */
export const VISITOR_TICKET_FIELDS = [
  'email',
  'contactNumber',
  'comments',
  'crn',
  'driverName',
  'pickUpLocation',
  'dropLocation',
  'rideDate',
  'rideTime',
  'phoneMakeAndModel',
  'transactionAmount',
  'transactionDate',
  'transactionNumber',
  'cardSixDigits',
  'cardFourDigits',
  'paypalEmail',
] as const;
export type VisitorTicketField = (typeof VISITOR_TICKET_FIELDS)[number];
export type VisitorTicketFields = Partial<Record<VisitorTicketField, string>>;

/** The fields each modal shows, in order (email, contact number and comments in all of them). */
export const modalFields: Record<VisitorTicketModal, readonly VisitorTicketField[]> = {
  lost_phone: [
    'email',
    'contactNumber',
    'crn',
    'rideDate',
    'rideTime',
    'pickUpLocation',
    'dropLocation',
    'phoneMakeAndModel',
    'comments',
  ],
  other_issue: ['email', 'contactNumber', 'comments'],
  write_to_us: ['email', 'contactNumber', 'comments'],
  issue_not_listed: ['email', 'contactNumber', 'comments'],
  unrecognised_charge: [
    'email',
    'contactNumber',
    'transactionDate',
    'transactionAmount',
    'transactionNumber',
    'cardSixDigits',
    'cardFourDigits',
    'paypalEmail',
    'comments',
  ],
};

/** §9: comment size constant 15; dates from 2017-01-01; location text 10 to 100; CRN 20 digits; amount below 1000. */
export const VISITOR_COMMENT_MIN = 15;
/** Ours (the spec gives no maximum for these comments): the structured e-mail's 1000. */
export const VISITOR_COMMENT_MAX = 1000;
export const VISITOR_DATE_MIN = '2017-01-01';
export const VISITOR_TEXT_MIN = 10;
export const VISITOR_TEXT_MAX = 100;
export const VISITOR_CRN_MAX = 20;
export const VISITOR_AMOUNT_BELOW = 1000;

/** A 16-digit card number, its digits alone or grouped with spaces or dashes (§5). */
const CARD_NUMBER = /(?<!\d)(?:\d[ -]*){15}\d(?!\d)/;
export const hasCardNumber = (text: string) => CARD_NUMBER.test(text);

const digits = (s: string, min: number, max: number) => new RegExp(`^\\d{${min},${max}}$`).test(s);

/** A calendar date YYYY-MM-DD from 2017-01-01 to `today` (the visitor's day, YYYY-MM-DD). */
function dateInRange(s: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= VISITOR_DATE_MIN && s <= today;
}

/** 10 to 100 characters that are not blank (spaces do not count toward the 10; the whole stays within 100). */
function placeText(s: string): boolean {
  const filled = s.replace(/\s/g, '').length;
  return filled >= VISITOR_TEXT_MIN && s.trim().length <= VISITOR_TEXT_MAX;
}

/** Above 0 and below 1000, at most two decimals (§5). */
function amountOk(s: string): boolean {
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(s)) return false;
  const n = Number(s);
  return n > 0 && n < VISITOR_AMOUNT_BELOW;
}

/**
 * The first rule the modal's fields break, as its message code (§5), or null when they are fine. `today` is
 * YYYY-MM-DD. Rules without a text of their own say the default failure 'Please verify your inputs'.
 */
export function visitorTicketIssue(
  modal: VisitorTicketModal,
  fields: VisitorTicketFields,
  today: string,
): PlainMessageCode | null {
  const v = (k: VisitorTicketField) => (fields[k] ?? '').trim();
  if (!isValidEmail(v('email'))) return 'invalidEmail';

  const phone = v('contactNumber');
  if (modal === 'write_to_us') {
    if (!digits(phone, 8, 15)) return 'visitorPhoneInvalid';
  } else if (phone !== '' && !digits(phone, 10, 12)) return 'visitorPhoneTooShort';

  const comments = v('comments');
  if (comments.length > VISITOR_COMMENT_MAX) return 'verifyInputs';
  if (modal !== 'unrecognised_charge') {
    if (comments === '') return 'visitorEnterComments';
    if (comments.length < VISITOR_COMMENT_MIN) return 'visitorCommentsMin';
  }
  if (hasCardNumber(comments)) return 'cardInComment';

  if (modal === 'lost_phone') {
    if (!dateInRange(v('rideDate'), today)) return 'verifyInputs';
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v('rideTime'))) return 'verifyInputs';
    for (const k of ['pickUpLocation', 'dropLocation', 'phoneMakeAndModel'] as const) {
      if (!placeText(fields[k] ?? '')) return 'verifyInputs';
    }
    if (v('crn') !== '' && !digits(v('crn'), 1, VISITOR_CRN_MAX)) return 'verifyInputs';
  }
  if (modal === 'unrecognised_charge') {
    if (!dateInRange(v('transactionDate'), today)) return 'verifyInputs';
    if (!amountOk(v('transactionAmount'))) return 'verifyInputs';
    if (!digits(v('cardSixDigits'), 6, 6) || !digits(v('cardFourDigits'), 4, 4)) return 'visitorCardInvalid';
    if (v('paypalEmail') !== '' && !isValidEmail(v('paypalEmail'))) return 'invalidEmail';
    if (v('transactionNumber').length > 64) return 'verifyInputs';
  }
  return null;
}

/** Only the modal's own fields travel (others are dropped), as text. */
export function modalFieldsOf(modal: VisitorTicketModal, fields: VisitorTicketFields): VisitorTicketFields {
  const kept: VisitorTicketFields = {};
  for (const k of modalFields[modal]) if (fields[k] !== undefined) kept[k] = String(fields[k]).trim();
  return kept;
}

const fieldValue = z.union([z.string().max(VISITOR_COMMENT_MAX + 100), z.number()]).transform(String);

/**
 * The visitor's ticket (guided-flows.md §3 "Non-login ticket request") plus the captcha and the modal's name; the
 * unrecognised charge's own route takes the same body (its modal is implied).
 */
export const visitorTicketPayloadSchema = z.object({
  country_code: z.string().max(4),
  custom_field_map: z.record(z.string().max(64), fieldValue),
  /** the signed form token (GET ticketPaths.formToken) */
  secret_key: z.string().max(200),
  article_id: z.string().max(64),
  subject: z.string().max(200),
  tag: z.string().max(64).optional(),
  index_name: z.string().max(40).optional(),
  /** which modal the visitor filled (the route of the other four needs it) */
  modal: z.enum(VISITOR_TICKET_MODALS).optional(),
  captcha: captchaSchema,
});
export type VisitorTicketPayload = z.input<typeof visitorTicketPayloadSchema>;

/** The body of ticketPaths.visitorTicket: one of the four modals other than the unrecognised charge (its own route). */
export const visitorModalTicketPayloadSchema = visitorTicketPayloadSchema.extend({
  modal: z.enum(['lost_phone', 'other_issue', 'write_to_us', 'issue_not_listed'], says('verifyInputs')),
});

/** The modal closes itself this many seconds after a success, counting down once a second (§9: 5 s). */
export const VISITOR_MODAL_COUNTDOWN_S = 5;

/** §4: a submit succeeded only when the answer's status is success, in any case. */
export const visitorTicketSucceeded = (answer: unknown) =>
  typeof (answer as { status?: unknown } | null)?.status === 'string' &&
  (answer as { status: string }).status.toLowerCase() === 'success';
