import { z } from 'zod';
import { SUPPORT_HISTORY_MIN_APP_VERSION } from './constants.ts';
import { isValidCrn } from './crn.ts';
import { messageParamsSchema } from './message-params.ts';
import { formatMessage, says } from './messages.ts';
import { REASON_KEY } from './survey.ts';

/** Issue form and ticket texts (spec core.md §8, guided-flows.md §5). */

export const DESCRIPTION_MIN_LENGTH = 20;
export const MAX_IMAGES = 10;
export const MAX_INVOICE_IMAGES = 1;
export const IMAGE_LIMIT_SMALL = 5 * 1024 * 1024;
export const IMAGE_LIMIT_LARGE = 10 * 1024 * 1024;
export const EMAIL_MAX = 50;

/** Placeholder addresses some apps send instead of a real one count as blank (docs/tickets.md). */
export function isDummyEmail(email: string): boolean {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  return (
    ['dummy', 'noemail', 'no-email', 'none', 'na', 'null'].includes(local) ||
    /(^|\.)dummy\./.test(domain) ||
    domain.endsWith('.invalid')
  );
}

/**
 * One address: no spaces or line breaks, no control characters (NUL …) and none of the characters that make
 * markup or a list of addresses (`<>()[]\,;:"`), so an address can never smuggle a second recipient, a mail
 * header or HTML into a ticket.
 */
const emailPattern = /^[^\s@<>()[\]\\,;:"\p{Cc}]+@[^\s@<>()[\]\\,;:"\p{Cc}]+\.[^\s@<>()[\]\\,;:"\p{Cc}]{2,}$/u;
export function isValidEmail(email: string): boolean {
  const e = email.trim();
  return e.length >= 3 && e.length <= EMAIL_MAX && emailPattern.test(e) && !isDummyEmail(e);
}

/** Description text keeps letters, digits and spaces only; everything else is stripped. */
export function cleanDescription(text: string): string {
  return text.replace(/[^\p{L}\p{M}\p{N} ]+/gu, '');
}

export interface IssueFormRules {
  hideEmail: boolean;
  hideDescription: boolean;
  /** A valid ride id makes the description optional. */
  rideId?: string | null;
  descriptionMin?: number;
  imageUploadRequired: boolean;
  invoice: boolean;
  /** Products of an item article; absent when the article has no checklist. */
  items?: { item_id: string; item_name: string; quantity: number }[] | null;
}

export interface IssueFormInput {
  email?: string | null;
  description?: string | null;
  imageIds?: string[];
  items?: { item_id: string; quantity: number }[];
}

export type IssueFormErrors = Partial<Record<'email' | 'description' | 'images' | 'items', string>>;

/** The issue form's rules, used by the form and again by the server route. */
export function validateIssueForm(input: IssueFormInput, rules: IssueFormRules): IssueFormErrors {
  const errors: IssueFormErrors = {};
  if (!rules.hideEmail && !isValidEmail(input.email ?? '')) errors.email = formatMessage('invalidEmail');
  const min = rules.descriptionMin ?? DESCRIPTION_MIN_LENGTH;
  const descriptionNeeded = !rules.hideDescription && !(rules.rideId && isValidCrn(rules.rideId));
  if (descriptionNeeded && cleanDescription(input.description ?? '').trim().length < min) {
    errors.description = formatMessage('descriptionTooShort', { n: min });
  }
  const images = input.imageIds ?? [];
  const maxImages = rules.invoice ? MAX_INVOICE_IMAGES : MAX_IMAGES;
  if (rules.imageUploadRequired && images.length === 0) errors.images = formatMessage('uploadAtLeastOne');
  else if (images.length > maxImages) errors.images = formatMessage('tooManyImages', { n: maxImages });
  if (rules.items && rules.items.length > 0) {
    const chosen = (input.items ?? []).filter((i) => i.quantity > 0);
    if (chosen.length === 0) errors.items = formatMessage('selectAtLeastOneProduct');
    for (const c of chosen) {
      const product = rules.items.find((p) => p.item_id === c.item_id);
      if (!product) errors.items = formatMessage('selectAtLeastOneProduct');
      else if (c.quantity > product.quantity) errors.items = formatMessage('quantityTooHigh', { n: product.quantity });
    }
  }
  return errors;
}

/** 'pending': answered by an agent, waiting for the rider (issue 21; agent-tickets.ts has the rules). Open to the rider. */
export const ticketStatusSchema = z.enum(['open', 'pending', 'solved', 'closed']);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** Spec §4: resolved when solved or closed; badges read Resolved or Open. */
export function isResolved(status: string): boolean {
  return status === 'solved' || status === 'closed';
}
export function ticketBadge(status: string): 'Resolved' | 'Open' {
  return isResolved(status) ? 'Resolved' : 'Open';
}

/** The ticket kind of a one-touch request's follow-up (the server's tickets.kind). */
export const ONE_TOUCH_TICKET_KIND = 'one_touch';

/**
 * Whether support may be rated (issue 14): a ticket once it is solved or closed — a just-opened one has had no
 * support yet. A one-touch request's ticket is the exception: every one-touch answer that opens one asks for the
 * rating at once (`csat_required`, guided-flows.md §3), and the result dialog offers it only then. The tickets
 * page asks for solved and closed tickets only; the server refuses any other rating (ticketNotRatableYet).
 */
export function mayRateTicket(ticket: { status: string; kind?: string | null }): boolean {
  return isResolved(ticket.status) || ticket.kind === ONE_TOUCH_TICKET_KIND;
}

/** The latest ticket: whichever of the newest open or newest closed has the greater created_at. */
export function latestTicket<T extends { status: string; created_at: string }>(open: T[], closed: T[]): T | null {
  const newest = (list: T[]) => list.reduce<T | null>((a, t) => (!a || t.created_at > a.created_at ? t : a), null);
  const o = newest(open);
  const c = newest(closed);
  if (!o) return c;
  if (!c) return o;
  return c.created_at > o.created_at ? c : o;
}

/** Support history inside the app only above app version 91403 (India) or 91459 (elsewhere). */
export function supportHistoryEnabled(opts: { inApp: boolean; appVersion: number | null; country: string }): boolean {
  if (!opts.inApp) return true;
  if (opts.appVersion === null) return false;
  const min = opts.country === 'IN' ? SUPPORT_HISTORY_MIN_APP_VERSION.IN : SUPPORT_HISTORY_MIN_APP_VERSION.OTHER;
  return opts.appVersion > min;
}

const itemDetail = z.object({
  item_id: z.string().max(64),
  item_name: z.string().max(200),
  quantity: z.number().int().min(1).max(999),
});
const optionalText = (max: number) => z.string().max(max).nullish();
const idText = z.string().max(64).nullish();
/**
 * An e-mail address a ticket is answered at: exactly one address by isValidEmail, and no line break, NUL or other
 * control character anywhere in what was sent (surrounding spaces are trimmed). 400 with the form's own message.
 */
export const ticketEmailSchema = z
  .string()
  .max(EMAIL_MAX + 20, says('invalidEmail'))
  .refine((v) => !/\p{Cc}/u.test(v), says('invalidEmail'))
  .trim()
  .refine(isValidEmail, says('invalidEmail'));

/** POST /api/v1/ticket — v1 payload; v2 adds uploaded_image_ids and item_details (core.md §3). */
export const ticketPayloadSchema = z.object({
  query: z.string().max(5000).default(''),
  article_type: optionalText(64),
  booking_id: idText,
  email_from: ticketEmailSchema.nullish(),
  cab_category: optionalText(40),
  issue_id: idText,
  article_name: optionalText(200),
  coupon_applied: z.union([z.boolean(), z.string().max(40)]).nullish(),
  is_select_article: z.boolean().nullish(),
  country_code: optionalText(4),
  blocker_notify: z.boolean().nullish(),
  is_car_termination: z.boolean().nullish(),
  uploaded_image_ids: z.array(z.string().max(64)).max(MAX_IMAGES).optional(),
  item_details: z.array(itemDetail).max(100).optional(),
});
export type TicketPayload = z.infer<typeof ticketPayloadSchema>;

/** The other form's payload (core.md §3 "issue create"); its path is ours: ticketPaths.issueCreate. */
export const issuePayloadSchema = z.object({
  tag: optionalText(64),
  user: optionalText(64),
  crn: optionalText(20),
  booking_id: idText,
  cab_category: optionalText(40),
  issue_id: idText,
  query: z.string().max(5000).default(''),
  email: ticketEmailSchema.nullish(),
  issueType: optionalText(64),
  city: optionalText(64),
  name: optionalText(100),
  brand: optionalText(40),
  article_type: optionalText(64),
  article_name: optionalText(200),
  article_id: idText,
  coupon_applied: z.union([z.boolean(), z.string().max(40)]).nullish(),
  isSelectArticle: z.boolean().nullish(),
  blocker_notify: z.boolean().nullish(),
  is_car_termination: z.boolean().nullish(),
  item_details: z.array(itemDetail).max(100).optional(),
  uploadedImages: z.array(z.string().max(64)).max(MAX_IMAGES).optional(),
});
export type IssuePayload = z.infer<typeof issuePayloadSchema>;

/** Marketplace and food tickets: the order, the issue and the user's words. */
export const orderTicketPayloadSchema = z.object({
  order_id: z.string().max(64),
  issue_id: idText,
  article_name: optionalText(200),
  query: z.string().max(5000).default(''),
  email_from: ticketEmailSchema.nullish(),
  uploaded_image_ids: z.array(z.string().max(64)).max(MAX_IMAGES).optional(),
  item_details: z.array(itemDetail).max(100).optional(),
});
export type OrderTicketPayload = z.infer<typeof orderTicketPayloadSchema>;

// Non-login tickets (guided-flows.md §3): the visitor ticket modals' payload is flows/visitor-tickets.ts's.

/**
 * Ticket creation limits (docs/tickets.md), over every ticket-creating route together and across instances: a
 * signed-in user creates at most TICKET_CREATE_PER_USER_PER_MINUTE tickets a minute, and one client address at most
 * TICKET_CREATE_PER_IP_PER_MINUTE (signed-in and guest tickets together). Only tickets actually created count: a
 * retry with the same idempotency key gets the first answer and never counts or meets the limit.
 */
// Defaults: an operator may change them (TICKET_RATE_LIMIT_PER_USER / _PER_IP, README).
export const TICKET_CREATE_PER_USER_PER_MINUTE = 10;
export const TICKET_CREATE_PER_IP_PER_MINUTE = 30;
export const TICKET_CREATE_WINDOW_MS = 60_000;

export const ticketResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  request_status: z.enum(['CREATED', 'OPEN_TICKET_PRESENT']),
  /** never empty from this server; a client meeting an answer without one uses answeredTicketId */
  ticket_id: z.string().min(1),
  message: z.string(),
  /** the message's catalogue code and parameters (messages.ts) */
  code: z.string(),
  params: messageParamsSchema.optional(),
});
export type TicketResponse = z.infer<typeof ticketResponseSchema>;

/**
 * The ticket a create answer names, or null when it names none. Such an answer made nothing the user can follow:
 * it is shown as 'Your issue could not be submitted. We request you to please submit your issue again.'
 * (spec core.md §8, code ticketNotSubmitted), never as a blank ticket number.
 */
export function answeredTicketId(answer: { ticket_id?: unknown } | null | undefined): string | null {
  const id = answer?.ticket_id;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return String(id);
  return typeof id === 'string' && id.trim() !== '' ? id.trim() : null;
}

/** A non-login ticket whose form token is missing, forged or expired (spec §8: shown under 'Sorry!'). */
export const invalidTokenResponseSchema = z.object({
  status: z.literal('FAILURE'),
  reason: z.literal('invalidToken'),
  message: z.string(),
  code: z.string(),
});
export const formTokenResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  token: z.string(),
  expires_in: z.number(),
});
export const FORM_TOKEN_TTL_SECONDS = 30 * 60;

export const ticketSummarySchema = z.object({
  ticket_id: z.string(),
  status: ticketStatusSchema,
  subject: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  booking_id: z.string().nullable(),
  order_id: z.string().nullable(),
  article_name: z.string().nullable(),
  /** the article the request was made from (its Csat options are a bad rating's reasons) */
  article_id: z.string().nullable().optional(),
  rated: z.boolean(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;
/** Tickets per page of GET ticketPaths.search, newest first; next_cursor asks for the next page. */
export const TICKETS_PAGE_SIZE = 100;
export const searchTicketsQuerySchema = z.object({
  tag: z.enum(['driver', 'customer']).optional(),
  status: z.enum(['open', 'closed', 'all']).default('all'),
  /** next_cursor of the page before; absent for the newest page */
  cursor: z
    .string()
    .max(200)
    .regex(/^[\w-]+$/, says('listLinkInvalid'))
    .optional(),
});
export const searchTicketsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** this page's tickets, split: open, and closed (solved or closed) */
  open: z.array(ticketSummarySchema),
  closed: z.array(ticketSummarySchema),
  /** the cursor of the next (older) page, null on the last page */
  next_cursor: z.string().nullable(),
});
export type SearchTicketsResponse = z.infer<typeof searchTicketsResponseSchema>;

/** The longest comment a rating may carry (the rating form's limit too). */
export const CSAT_COMMENT_MAX = 1500;
/** POST /api/v1/csat (guided-flows.md §3 rating payload). */
export const csatPayloadSchema = z.object({
  ref_id: z.string().max(64),
  /** a key of the ticket's article's own `Csat` options when it has them, else of csatReasons (checked by the server) */
  reason: z.string().regex(REASON_KEY, says('reasonNotOffered')).nullish(),
  satisfaction_rating: z.object({
    score: z.enum(['good', 'bad']),
    comment: z.string().max(CSAT_COMMENT_MAX).default(''),
  }),
  email_from: optionalText(EMAIL_MAX),
});
export type CsatPayload = z.infer<typeof csatPayloadSchema>;

/**
 * The spec's device fields of a monitoring event (core.md §7), in its spelling. The client sends each one, null when
 * the browser or host app does not expose it (never a guess); docs/telemetry.md says where each comes from.
 */
export const monitoringDeviceFields = [
  'versionId',
  'osVersion',
  'osName',
  'profileCity',
  'profileCountry',
  'deviceName',
  'deviceModel',
  'appRequest',
] as const;
export type MonitoringDeviceField = (typeof monitoringDeviceFields)[number];

/** POST /api/new-relic/v1/submit: one monitoring event (core.md §7) — its name, the device fields, then extras. */
export const monitoringEventSchema = z
  .object({
    event_name: z.string().min(1).max(100),
    versionId: z.string().max(40).nullish(),
    osVersion: z.string().max(40).nullish(),
    osName: z.string().max(40).nullish(),
    profileCity: z.string().max(64).nullish(),
    profileCountry: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullish(),
    deviceName: z.string().max(100).nullish(),
    deviceModel: z.string().max(100).nullish(),
    appRequest: z.boolean().nullish(),
  })
  .catchall(z.union([z.string().max(500), z.number(), z.boolean(), z.null()]));

export const ticketPaths = {
  create: '/api/v1/ticket',
  issueCreate: '/api/v2/issues/create',
  marketplace: (kind: 'ondc' | 'grocery' | 'giftcard' | 'fashion/electronics') => `/api/v1/${kind}/createTicket`,
  food: (orderId: string) => `/api/v1/food/createFoodTicket/${orderId}`,
  unrecognisedTransaction: '/api/events/raiseTicketForUnrecognisedTransaction',
  /** ours (docs/flows/visitor-tickets.md): the other four visitor ticket modals, next to the spec's one */
  visitorTicket: '/api/events/raiseTicket',
  formToken: '/api/events/ticket_form_token',
  search: '/api/v2/search_tickets',
  csat: '/api/v1/csat',
  monitoring: '/api/new-relic/v1/submit',
} as const;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
