// Zod-free, so the article footer and the ticket pages use these without loading the schemas.
import { isValidCrn } from './crn.ts';
import type { IssueFormRules } from './tickets.ts';

const seg = encodeURIComponent;

/**
 * The issue form for an article: /{crn}/dwritetous/{articleId} when a valid booking reference is known
 * (the booking is then sent with the ticket), else /dwritetous/{articleId}.
 */
export function writeToUsHref(articleId: string, crn?: string | null): string {
  return crn && isValidCrn(crn) ? `/${seg(crn)}/dwritetous/${seg(articleId)}` : `/dwritetous/${seg(articleId)}`;
}

/**
 * An order's issue form: /dwritetous/{articleId}?order_id=&order_type= — the order's card on top, and the ticket goes
 * to the marketplace createTicket of the order's kind with its id (docs/tickets.md).
 */
export function orderWriteToUsHref(articleId: string, order: { order_id: string; order_type: string }): string {
  return `/dwritetous/${seg(articleId)}?order_id=${seg(order.order_id)}&order_type=${seg(order.order_type)}`;
}

/** /report/{articleId}: the customer app's instant-resolution article. */
export const reportHref = (articleId: string) => `/report/${seg(articleId)}`;
/** /report/{tag}/default: an article found by a redirect tag or context (spec core.md §2, §4). */
export const reportTagHref = (tag: string) => `/report/${seg(tag)}/default`;

/**
 * Reasons offered with a bad support rating. The spec leaves the list's content open
 * (guided-flows.md §9); the key is what POST /api/v1/csat receives as `reason`.
 */
export const csatReasons = [
  { key: 'too_slow', text: 'Too slow' },
  { key: 'not_resolved', text: 'Not resolved' },
  { key: 'rude_or_unhelpful', text: 'Rude or unhelpful' },
  { key: 'other', text: 'Other' },
] as const;
export type CsatReasonKey = (typeof csatReasons)[number]['key'];

/** Image-upload articles (guided-flows.md §5): damaged goods and paid-cash-outstanding claims. */
export const IMAGE_UPLOAD_CALL_TYPES: readonly string[] = ['damaged_item', 'paid_cash_outstanding'];
/** Item articles show the order's product checklist. */
export const ITEM_CALL_TYPE = 'item_missing';

/** What an article carries that decides its issue form (labels, tags, side_load). */
export interface IssueFormArticle {
  labels: Readonly<Record<string, unknown>>;
  label_names: readonly string[];
  side_load: Readonly<Record<string, unknown>>;
}

/**
 * The issue form's rules for an article (docs/tickets.md "Form rules"), for contract validateIssueForm:
 * hide_email and hide_description tags; images required for image-upload call types or
 * side_load.image_upload_required; one image for side_load.invoice_upload; the ordered products as the
 * checklist of an item article (only when the order's items are known). No article means none of these.
 */
export function articleFormRules(
  article: IssueFormArticle | null | undefined,
  extra: {
    rideId?: string | null;
    items?: readonly { item_id: string; item_name: string; quantity: number }[] | null;
  } = {},
): IssueFormRules {
  const tags = article?.label_names ?? [];
  const callType = article ? String(article.labels.call_type ?? '') : '';
  const sideLoad = article?.side_load ?? {};
  const itemArticle = callType === ITEM_CALL_TYPE;
  return {
    hideEmail: tags.includes('hide_email'),
    hideDescription: tags.includes('hide_description'),
    rideId: extra.rideId ?? null,
    imageUploadRequired: IMAGE_UPLOAD_CALL_TYPES.includes(callType) || sideLoad.image_upload_required === true,
    invoice: sideLoad.invoice_upload === true,
    items: itemArticle && extra.items && extra.items.length > 0 ? [...extra.items] : null,
  };
}
