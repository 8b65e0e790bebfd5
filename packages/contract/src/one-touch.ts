/**
 * One-touch flows (guided-flows.md §3–§4): which flow an article shows, how a submit's answer is
 * read, and which support channels follow a result. Pure rules, used by the web app and the server.
 */
import type { Bill } from './bill-rules.ts';
import { DRIVER_V3_SUBMIT_DELAY_MS } from './constants.ts';
import { isInvalidTokenAnswer } from './invalid-token.ts';
import { driverIndexes } from './kb-indexes.ts';
import { formatMessage, shownText } from './messages.ts';

export type LabelValue = string | number | boolean;

export interface FlowArticle {
  labels: Record<string, LabelValue>;
  label_names: string[];
  side_load?: Record<string, unknown>;
  response?: Record<string, unknown>;
}

export const V3_SUBMIT_PATH = '/api/bookings/v3/submit';

/** The call_types whose submit goes to /api/bookings/v3/submit (core.md §7). */
export const V3_CALL_TYPES = new Set([
  'quality',
  'paid_cash_outstanding',
  'toll_parking',
  'driver_toll_parking',
  'driver_cleaning_fee',
  'qr_booking',
]);

/**
 * Requests about the account, not about a ride: the page asks for no booking first (a blocked account, the e-mail
 * address, deleting the account, the Select membership and its invoices).
 */
export const ACCOUNT_CALL_TYPES = new Set([
  'unban',
  'update_email',
  'delete_account',
  'cancel_select_membership',
  'change_select_plan',
  'select_membership_not_active',
  'subscription_invoice',
  'cab_attachment_customer',
]);

/** The driver's cleaning-fee claim (its rules and schemas are in driver-articles.ts). */
export const DRIVER_CLEANING_CALL_TYPES = ['driver_cleaning_fee'] as const;

export type FlowKind =
  | 'article' // read only
  | 'one_touch' // options (or a single button), then a submit
  | 'refund_destination' // refund: choose voucher / NEFT / wallet first
  | 'send_invoice'
  | 'update_email'
  | 'structured_email'
  | 'cab_attachment';

export interface Flow {
  kind: FlowKind;
  callType: string | null;
  submitPath: '/api/bookings/v1/submit' | '/api/bookings/v3/submit' | null;
  showBody: boolean;
  showTitle: boolean;
  popup: boolean;
  actionable: boolean;
  /** reload the article after a result (should_reload label or article_refresh tag) */
  reload: boolean;
  writeToUs: boolean;
  callUs: boolean;
  callBack: boolean;
  /** minutes from emergency_time:{x} / call_driver_expiry_time:{x} tags, when present */
  /**
   * The article's response says the request cannot be made (refund_allowed false) and gives the message to show
   * instead of the options: the form opens in SHOWMESSAGE.
   */
  showMessage: string | null;
  /** the request is about one ride: the page asks the user to choose it first */
  needsRide: boolean;
  emergencyMinutes: number | null;
  callDriverExpiryMinutes: number | null;
}

const truthy = (v: LabelValue | undefined) => v === true || v === 'true' || v === 1 || v === '1';

function tagNumber(tags: string[], name: string): number | null {
  const tag = tags.find((t) => t.startsWith(`${name}:`));
  const n = tag ? Number(tag.slice(name.length + 1)) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

function refusal(response: Record<string, unknown>): string {
  const message = response.message;
  return typeof message === 'string' && message.trim() ? message : formatMessage('requestCannotBeMade');
}

/** Decides the flow of an article from its labels and tags (a table test covers every one). */
export function resolveFlow(article: FlowArticle): Flow {
  const { labels, label_names: tags } = article;
  const sideLoad = article.side_load ?? {};
  const callType = typeof labels.call_type === 'string' ? labels.call_type : null;
  const oneTouch = truthy(labels.one_touch) || truthy(labels.api_call);

  let kind: FlowKind = 'article';
  if (tags.includes('send_invoice') && oneTouch) kind = 'send_invoice';
  else if (callType === 'update_email') kind = 'update_email';
  else if (truthy(labels.structured_email_param)) kind = 'structured_email';
  else if (truthy(labels.cab_attachment) || truthy(labels.cab_attachment_customer)) kind = 'cab_attachment';
  // Refund articles ask where the money goes first, unless KYC is hidden (show_kyc false).
  else if (oneTouch && tags.includes('neft_refund_option') && sideLoad.show_kyc !== false) kind = 'refund_destination';
  else if (oneTouch) kind = 'one_touch';

  const v3 = tags.includes('api_call__v3_submit') || (callType !== null && V3_CALL_TYPES.has(callType));
  return {
    kind,
    callType,
    submitPath: kind === 'article' ? null : v3 ? V3_SUBMIT_PATH : '/api/bookings/v1/submit',
    showBody: !truthy(labels.hide_body),
    showTitle: truthy(labels.show_title),
    popup: truthy(labels.article_popup),
    actionable: truthy(labels.actionable),
    reload: truthy(labels.should_reload) || tags.includes('article_refresh'),
    writeToUs: !truthy(labels.minus_write_to_us),
    callUs: !truthy(labels.minus_call_us),
    callBack: !truthy(labels.minus_call_back),
    emergencyMinutes: tagNumber(tags, 'emergency_time'),
    callDriverExpiryMinutes: tagNumber(tags, 'call_driver_expiry_time'),
    needsRide: kind !== 'article' && !(callType !== null && ACCOUNT_CALL_TYPES.has(callType)),
    showMessage: kind !== 'article' && article.response?.refund_allowed === false ? refusal(article.response) : null,
  };
}

export type RefundDestination = 'voucher' | 'neft' | 'ola_money';

/**
 * The refund destinations an article offers (guided-flows.md §3 side_load showVoucher / showNEFT): voucher and
 * NEFT unless switched off; the wallet always (it goes through KYC). The server refuses the others.
 */
export function refundDestinations(sideLoad: Record<string, unknown> = {}): RefundDestination[] {
  const all: RefundDestination[] = ['voucher', 'neft', 'ola_money'];
  return all.filter(
    (d) => !(d === 'voucher' && sideLoad.showVoucher === false) && !(d === 'neft' && sideLoad.showNEFT === false),
  );
}

export type ResultState = 'SUCCESS' | 'FAILURE' | 'NOIMAGE' | 'RELOAD_DEEPLINK' | 'VERIFY_EMAIL' | 'REDIRECTED';

export interface OneTouchResult {
  state: ResultState;
  title: string;
  message: string;
  ticketId: string | null;
  csatRequired: boolean;
  reload: boolean;
  /** '/report/{tag}/default' for a redirect tag */
  redirectTo: string | null;
  sideLoad: Record<string, unknown>;
  /** the ride's map (core.md §3 map_url; guided-flows.md §3 spells it map_link) */
  mapUrl: string | null;
  /** the distance charged, as the answer words it ('12.4 km') */
  distance: string | null;
  /** the ride's bill as the answer left it (a billing dispute's adjusted bill) */
  bill: Bill | null;
  /** the driver and car a driver-details answer carries (guided-flows.md §3); absent or null otherwise */
  driver?: DriverShown | null;
}

/** A driver-details answer's driver and car (never a phone number). */
export interface DriverShown {
  firstName: string;
  lastName: string;
  carModel: string | null;
  carNumber: string | null;
}

function asDriver(b: Record<string, unknown>): DriverShown | null {
  const first = asText(b.driver_first_name);
  if (!first) return null;
  return {
    firstName: first,
    lastName: asText(b.driver_last_name) ?? '',
    carModel: asText(b.car_model),
    carNumber: asText(b.car_number),
  };
}

/** A bill in an answer: read only when it has the shape of one (lines and a total). */
function asBill(v: unknown): Bill | null {
  if (typeof v !== 'object' || v === null) return null;
  const bill = v as Partial<Bill>;
  return Array.isArray(bill.lines) && typeof bill.total === 'number' ? (v as Bill) : null;
}

const asText = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/**
 * Reads a one-touch answer in one place (spec core.md §4, §8): SUCCESS, FAILURE, NOIMAGE, and
 * ALREADY_REFUNDED shown as NOIMAGE; anything else a Sorry failure. HTTP 500 with status ERROR is
 * NOIMAGE with its message, other 500s the generic failure; 404 'Invalid token' reloads the deep
 * link; error email_not_verified goes to verify; a redirect tag (spelled rediectTag) redirects; any other 4xx
 * refusal in the error shape is a failure with its error.message.
 */
export function readOneTouchResponse(httpStatus: number, body: unknown): OneTouchResult {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const result = (state: ResultState, title: string | null, message: string | null): OneTouchResult => ({
    state,
    title: title ?? (state === 'FAILURE' ? formatMessage('sorry') : ''),
    message: message ?? (state === 'FAILURE' ? formatMessage('genericFailure') : ''),
    ticketId: asText(b.ticket_request_id) ?? asText(b.ticketId),
    csatRequired: b.csat_required === true || b.showCSAT === true,
    reload: b.shouldReload === true,
    redirectTo: null,
    sideLoad: typeof b.side_load === 'object' && b.side_load !== null ? (b.side_load as Record<string, unknown>) : {},
    mapUrl: asText(b.map_url) ?? asText(b.map_link),
    distance: asText(b.distance),
    bill: asBill(b.bill),
    driver: asDriver(b),
  });
  // Our answers name their title and message by code (shown in the reader's language); others give text.
  const title = shownText({ code: b.title_code, message: asText(b.title) ?? asText(b.heading) });
  const message = b.code ? shownText(b) : (asText(b.localized_message) ?? asText(b.message) ?? asText(b.body));
  const error = b.error;
  const errorText = typeof error === 'string' ? error : asText((error as { code?: unknown } | undefined)?.code);
  // A refusal in the one error shape (400 bad address, 404, 429 too many) says why in error.message: shown rather
  // than the generic failure, so "try again" is not suggested when waiting or correcting is the answer.
  const refusal =
    httpStatus >= 400 && httpStatus < 500 && typeof error === 'object' && error !== null ? shownText(error) : null;

  if (errorText === 'email_not_verified') return result('VERIFY_EMAIL', null, message);
  if (isInvalidTokenAnswer(httpStatus, body) || (httpStatus === 404 && /invalid token/i.test(message ?? ''))) {
    return result('RELOAD_DEEPLINK', null, null);
  }
  if (httpStatus >= 500) {
    return b.status === 'ERROR' ? result('NOIMAGE', title, message) : result('FAILURE', null, null);
  }
  const tag = asText(b.rediectTag);
  if (tag) return { ...result('REDIRECTED', title, message), redirectTo: `/report/${encodeURIComponent(tag)}/default` };
  switch (b.status) {
    case 'SUCCESS':
      return result('SUCCESS', title, message);
    case 'FAILURE':
      return result('FAILURE', title, message ?? refusal);
    case 'NOIMAGE':
    case 'ALREADY_REFUNDED':
      return result('NOIMAGE', title, message);
    default:
      return result('FAILURE', null, null);
  }
}

/**
 * Support channels after a result: a failure in India offers call-us; elsewhere write-to-us with
 * call-us hidden. side_load flags one_touch_call_us / one_touch_write_to_us / one_touch_chat_with_us
 * switch a channel on or off; master switches and the article's minus_ labels always win.
 */
export function channelsAfter(
  result: Pick<OneTouchResult, 'state' | 'sideLoad'>,
  country: string,
  limits: { callUs: boolean; writeToUs: boolean; chat: boolean },
): { callUs: boolean; writeToUs: boolean; chat: boolean } {
  const failed = result.state === 'FAILURE';
  let callUs = failed && country === 'IN';
  let writeToUs = failed && country !== 'IN';
  let chat = false;
  const flag = (name: string) => result.sideLoad[name];
  if (typeof flag('one_touch_call_us') === 'boolean') callUs = flag('one_touch_call_us') as boolean;
  if (typeof flag('one_touch_write_to_us') === 'boolean') writeToUs = flag('one_touch_write_to_us') as boolean;
  if (typeof flag('one_touch_chat_with_us') === 'boolean') chat = flag('one_touch_chat_with_us') as boolean;
  return { callUs: callUs && limits.callUs, writeToUs: writeToUs && limits.writeToUs, chat: chat && limits.chat };
}

/** The help context the driver app opens help with from its heat map (demand areas): no wait there. */
export const HEAT_MAP_CONTEXT = 'heat_map';

/**
 * How long the page waits, showing its progress, before a submit goes out (core.md §9): 3000 ms for a v3 submit of a
 * driver article (the driver app's own request settles first), none from the heat map, none otherwise.
 */
export function submitDelayMs(article: FlowArticle & { index_name: string }, context: string | null): number {
  const driverArticle = (driverIndexes as readonly string[]).includes(article.index_name);
  const heatMap = context?.startsWith(HEAT_MAP_CONTEXT) ?? false;
  return driverArticle && !heatMap && resolveFlow(article).submitPath === V3_SUBMIT_PATH
    ? DRIVER_V3_SUBMIT_DELAY_MS
    : 0;
}
