// What each ticket-creating call turns its payload into, with its rules (docs/tickets.md); the routes only submit.
import {
  articleFormRules,
  coded,
  type IssueFormInput,
  type IssuePayload,
  type OrderTicketPayload,
  type TicketPayload,
  validateIssueForm,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { ArticleRow, Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import { findArticle } from '../kb/repo.ts';
import { findOwnOrder } from '../orders/repo.ts';
import { formArticle, type NewTicket, PLACEHOLDER_CONTACT } from './service.ts';

/** What a create call knows about its ticket; the rest is the same for every call (the routes' `submit`). */
export type TicketDraft = Pick<NewTicket, 'kind' | 'subject' | 'query' | 'source' | 'emailFrom' | 'payload'> &
  Partial<Pick<NewTicket, 'issueId' | 'bookingId' | 'orderId' | 'tag' | 'sourcePage' | 'items' | 'said'>> & {
    article?: ArticleRow | undefined;
    articleName?: string | null | undefined;
    imageIds?: string[] | undefined;
    /** where the confirmation mail goes (null: none) and, when it differs from the ticket's, its subject */
    confirmTo: string | null;
    mailSubject?: string;
  };

export const marketplaceKinds = {
  ondc: 'ondc',
  grocery: 'grocery',
  giftcard: 'giftcard',
  'fashion/electronics': 'fashion_electronics',
} as const;
export type MarketplaceKind = (typeof marketplaceKinds)[keyof typeof marketplaceKinds];

/** The issue form's rules, as the web form applies them (contract): the first broken one is the 400's message. */
function checkForm(input: IssueFormInput, rules: ReturnType<typeof articleFormRules>) {
  const errs = validateIssueForm(input, rules);
  const fields = Object.fromEntries(Object.entries(errs).filter(([, v]) => v)) as Record<string, string>;
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION_FAILED', { code: 'VALIDATION_FAILED', message: first }, fields);
}

async function ownBooking(db: Kysely<Database>, user: UserRow, by: { id: string } | { crn: string } | null) {
  const booking = by ? await findOwnBooking(db, user.id, by) : undefined;
  if (by && !booking) throw new AppError('NOT_FOUND', coded('bookingNotFound'));
  return booking;
}

const articleOf = async (db: Kysely<Database>, id: string | null | undefined) =>
  id ? await findArticle(db, id) : undefined;

/** POST /api/v1/ticket: write to us, about a ride or not. */
export async function writeToUsDraft(
  db: Kysely<Database>,
  user: UserRow,
  p: TicketPayload,
  sourcePage: string | null,
): Promise<TicketDraft> {
  const booking = await ownBooking(db, user, p.booking_id ? { id: p.booking_id } : null);
  const article = await articleOf(db, p.issue_id);
  const email = p.email_from ?? user.email;
  const items = p.item_details ?? [];
  checkForm(
    { email, description: p.query, imageIds: p.uploaded_image_ids ?? [], items },
    articleFormRules(formArticle(article), { rideId: booking?.crn }),
  );
  return {
    kind: p.uploaded_image_ids || p.item_details ? 'ticket_v2' : 'ticket',
    subject: p.article_name ?? article?.title ?? 'Write to us',
    query: p.query,
    issueId: p.issue_id ?? null,
    article,
    articleName: p.article_name,
    bookingId: booking?.id ?? null,
    tag: p.article_type ?? null,
    source: 'web',
    sourcePage,
    emailFrom: email,
    payload: p,
    items,
    imageIds: p.uploaded_image_ids,
    confirmTo: email,
  };
}

/** POST /api/v2/issues/create: the issue form, by booking id or CRN. */
export async function issueDraft(db: Kysely<Database>, user: UserRow, p: IssuePayload): Promise<TicketDraft> {
  const booking = await ownBooking(db, user, p.booking_id ? { id: p.booking_id } : p.crn ? { crn: p.crn } : null);
  const article = await articleOf(db, p.article_id);
  const email = p.email ?? user.email;
  const items = p.item_details ?? [];
  checkForm(
    { email, description: p.query, imageIds: p.uploadedImages ?? [], items },
    articleFormRules(formArticle(article), { rideId: booking?.crn }),
  );
  return {
    kind: 'issue',
    subject: p.article_name ?? article?.title ?? p.issueType ?? 'Issue',
    query: p.query,
    issueId: p.issue_id ?? p.article_id ?? null,
    article,
    articleName: p.article_name,
    bookingId: booking?.id ?? null,
    tag: p.tag ?? null,
    source: 'web',
    emailFrom: email,
    payload: p,
    items,
    imageIds: p.uploadedImages,
    confirmTo: email,
    mailSubject: p.article_name ?? article?.title ?? 'Issue',
  };
}

/** The four marketplace createTicket calls: the user's own order of that kind, with its contact details. */
export async function marketplaceDraft(
  db: Kysely<Database>,
  user: UserRow,
  kind: MarketplaceKind,
  p: OrderTicketPayload,
): Promise<TicketDraft> {
  const order = await findOwnOrder(db, user.id, p.order_id, kind);
  if (!order) throw new AppError('NOT_FOUND', coded('orderNotFound'));
  const article = await articleOf(db, p.issue_id);
  const ordered = JSON.parse(order.items) as { item_id: string; item_name: string; quantity: number }[];
  // The order's own contact details, else the user's, else placeholders (never shown to users).
  const contact = {
    name: order.customer_name ?? user.name ?? PLACEHOLDER_CONTACT.name,
    contact: order.customer_contact ?? user.mobile ?? PLACEHOLDER_CONTACT.contact,
    email: p.email_from ?? order.customer_email ?? user.email ?? PLACEHOLDER_CONTACT.email,
  };
  const items = p.item_details ?? [];
  checkForm(
    { email: contact.email, description: p.query, imageIds: p.uploaded_image_ids ?? [], items },
    { ...articleFormRules(formArticle(article), { items: ordered }), hideEmail: true },
  );
  return {
    kind: 'marketplace',
    subject: p.article_name ?? article?.title ?? `Order ${order.id}`,
    query: p.query,
    issueId: p.issue_id ?? null,
    article,
    articleName: p.article_name,
    orderId: order.id,
    tag: kind,
    source: 'web',
    emailFrom: contact.email,
    payload: { ...p, contact },
    items,
    imageIds: p.uploaded_image_ids,
    // Placeholder addresses are for the ticket system only: no mail goes to them.
    confirmTo: contact.email === PLACEHOLDER_CONTACT.email ? null : contact.email,
    mailSubject: `Order ${order.id}`,
    // Marketplace orders get longer messages without a heading (spec §8), naming the order the ticket is about.
    said: {
      created: coded('marketplaceTicketCreated', { orderId: order.id }),
      alreadyOpen: coded('marketplaceTicketAlreadyOpen', { orderId: order.id }),
    },
  };
}

/** The food-delivery ticket: food orders are the rider's delivery trips. */
export async function foodDraft(
  db: Kysely<Database>,
  user: UserRow,
  orderId: string,
  p: Partial<OrderTicketPayload> & Pick<OrderTicketPayload, 'query'>,
): Promise<TicketDraft> {
  const trip =
    (await findOwnBooking(db, user.id, { id: orderId })) ?? (await findOwnBooking(db, user.id, { crn: orderId }));
  if (trip?.service_type !== 'food_delivery') throw new AppError('NOT_FOUND', coded('orderNotFound'));
  const article = await articleOf(db, p.issue_id);
  checkForm({ email: user.email, description: p.query }, articleFormRules(formArticle(article), { rideId: trip.crn }));
  return {
    kind: 'food',
    subject: p.article_name ?? article?.title ?? `Delivery ${trip.crn}`,
    query: p.query,
    issueId: p.issue_id ?? null,
    article,
    articleName: p.article_name,
    bookingId: trip.id,
    tag: 'food_delivery',
    source: 'app',
    emailFrom: user.email,
    payload: p,
    confirmTo: null,
  };
}
