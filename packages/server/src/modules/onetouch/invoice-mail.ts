// Invoices by mail, and why they cannot be used as a relay (docs/one-touch-rules.md "Invoices by mail").
import {
  adjustedBill,
  type BillLineKey,
  formatFare,
  INVOICE_CONFIRM_PAGE,
  INVOICE_CONFIRMATION_TTL_SECONDS,
  INVOICE_MAILS_PER_ADDRESS_PER_DAY,
  INVOICE_MAILS_PER_USER_PER_HOUR,
  invalidInvoiceEmail,
  isValidEmail,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { BookingRow, Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId, randomToken, sha256 } from '../../lib/crypto.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import type { Mailer } from '../mail/mailer.ts';
import { currentSubscription, findUserById } from '../users/repo.ts';
import { adjustedAmount, readBill } from './bill-dispute.ts';
import {
  confirmAddress,
  consumeConfirmation,
  countInvoiceMails,
  insertInvoiceMail,
  isConfirmedAddress,
} from './invoice-mail-repo.ts';

/** Which invoice: a ride's, or the member's current subscription's. */
export type InvoiceRef = { type: 'ride'; booking_id: string } | { type: 'subscription' };

interface InvoiceMail {
  subject: string;
  text: string;
  /** what the answer names: "ride CRN1234" or the plan */
  of: string;
}

const invoiceLineNames: Record<BillLineKey, string> = {
  base_fare: 'Base fare',
  distance: 'Distance',
  peak: 'Peak-time charge',
  waiting: 'Waiting',
  toll: 'Toll and parking',
  cancellation_fee: 'Cancellation fee',
  taxes: 'Taxes',
  adjustment: 'Adjustment',
};

/** The ride's invoice: the bill's lines (with any adjustment a billing dispute made) and the total. */
async function rideInvoice(db: Kysely<Database>, booking: BookingRow): Promise<InvoiceMail> {
  const adjustment = await adjustedAmount(db, booking.id);
  const money = (n: number) =>
    n < 0 ? `-${formatFare(-n, booking.currency_country)}` : formatFare(n, booking.currency_country);
  const stored = readBill(booking);
  const bill = stored ? adjustedBill(stored, adjustment) : null;
  const lines = bill ? bill.lines.map((l) => `${invoiceLineNames[l.key]}: ${money(l.amount)}`) : [];
  const text = [
    `Invoice for ride ${booking.crn}`,
    `Date: ${booking.pickup_date.slice(0, 10)}`,
    `City: ${booking.city}`,
    `Vehicle: ${booking.display_car_name ?? booking.cab_category}`,
    ...lines,
    `Total: ${money(bill?.total ?? booking.fare - adjustment)}`,
    '',
  ].join('\n');
  return { subject: `Your invoice for ride ${booking.crn}`, text, of: `ride ${booking.crn}` };
}

/**
 * The invoice a reference names for this user, or the reason there is none: another user's or an unfinished ride,
 * or no paid membership (a trial paid nothing).
 */
export async function composeInvoice(
  db: Kysely<Database>,
  user: UserRow,
  ref: InvoiceRef,
): Promise<InvoiceMail | { refused: string }> {
  if (ref.type === 'ride') {
    const booking = await findOwnBooking(db, user.id, { id: ref.booking_id });
    if (!booking) return { refused: 'Booking Not found.' };
    if (booking.status !== 'completed') return { refused: 'An invoice is available once the ride is completed.' };
    return rideInvoice(db, booking);
  }
  const sub = await currentSubscription(db, user.id);
  if (!sub || sub.trial === 1 || sub.amount_paid <= 0) {
    return { refused: 'There is no paid membership on your account to send an invoice for.' };
  }
  const text = [
    `Invoice for ${sub.package_name}`,
    `Period: ${sub.activated_on.slice(0, 10)} to ${sub.expires_on.slice(0, 10)}`,
    `Total: ${formatFare(sub.amount_paid, user.country_code)}`,
    '',
  ].join('\n');
  return { subject: `Your invoice for ${sub.package_name}`, text, of: sub.package_name };
}

/** A typed address as the mail will use it, or the spec's message (400). */
export function invoiceAddress(raw: unknown): string {
  const address = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (!isValidEmail(address)) throw new AppError('VALIDATION_FAILED', invalidInvoiceEmail);
  return address;
}

/** Refuses (429) once the user or the address has had its share of invoice and confirmation mails. */
async function checkLimits(db: Kysely<Database>, userId: string, address: string, now: number): Promise<void> {
  const hourAgo = new Date(now - 3600_000).toISOString();
  const dayAgo = new Date(now - 24 * 3600_000).toISOString();
  if (
    (await countInvoiceMails(db, { userId }, hourAgo)) >= INVOICE_MAILS_PER_USER_PER_HOUR ||
    (await countInvoiceMails(db, { address }, dayAgo)) >= INVOICE_MAILS_PER_ADDRESS_PER_DAY
  ) {
    throw new AppError('TOO_MANY_REQUESTS');
  }
}

async function mailInvoice(
  db: Kysely<Database>,
  mailer: Mailer,
  user: UserRow,
  address: string,
  ref: InvoiceRef,
  invoice: InvoiceMail,
) {
  const sent = await mailer.send({
    to: address,
    subject: invoice.subject,
    text: invoice.text,
    kind: 'invoice',
    userId: user.id,
  });
  await insertInvoiceMail(db, {
    id: newId('im'),
    user_id: user.id,
    address,
    kind: 'invoice',
    invoice: JSON.stringify(ref),
    token_hash: null,
    expires_at: null,
    consumed_at: null,
    created_at: new Date().toISOString(),
  });
  return sent;
}

export type InvoiceOutcome =
  | { outcome: 'sent'; address: string; of: string }
  | { outcome: 'confirm'; address: string }
  | { outcome: 'failed' }
  | { outcome: 'refused'; message: string };

/**
 * Mails an invoice to `address` — at once when it is the account's verified e-mail or one the user confirmed before;
 * any other address gets a one-time link first (it must prove it wants the mail), so the form cannot send our mail
 * to strangers. `linkBase` is the site's origin for that link.
 */
export async function requestInvoiceMail(
  ctx: { db: Kysely<Database>; mailer: Mailer; user: UserRow; linkBase: string },
  rawAddress: unknown,
  ref: InvoiceRef,
): Promise<InvoiceOutcome> {
  const { db, mailer, user } = ctx;
  const address = invoiceAddress(rawAddress);
  const invoice = await composeInvoice(db, user, ref);
  if ('refused' in invoice) return { outcome: 'refused', message: invoice.refused };
  const now = Date.now();
  await checkLimits(db, user.id, address, now);

  const trusted =
    (address === user.email && user.email_verified === 1) || (await isConfirmedAddress(db, user.id, address));
  if (trusted) {
    const sent = await mailInvoice(db, mailer, user, address, ref, invoice);
    return sent.transport === 'smtp' && !sent.sent_at
      ? { outcome: 'failed' }
      : { outcome: 'sent', address, of: invoice.of };
  }

  const token = randomToken();
  await insertInvoiceMail(db, {
    id: newId('im'),
    user_id: user.id,
    address,
    kind: 'confirmation',
    invoice: JSON.stringify(ref),
    token_hash: sha256(token),
    expires_at: new Date(now + INVOICE_CONFIRMATION_TTL_SECONDS * 1000).toISOString(),
    consumed_at: null,
    created_at: new Date(now).toISOString(),
  });
  const link = `${ctx.linkBase}${INVOICE_CONFIRM_PAGE}?token=${token}`;
  const sent = await mailer.send({
    to: address,
    subject: 'Confirm where to send your invoice',
    text: [
      `${user.name} asked us to send an invoice to this address.`,
      `To receive it, open this link within ${INVOICE_CONFIRMATION_TTL_SECONDS / 3600} hours:\n${link}`,
      'If you did not expect this, you can ignore this mail: nothing will be sent.',
    ].join('\n\n'),
    kind: 'invoice_confirmation',
    userId: user.id,
  });
  return sent.transport === 'smtp' && !sent.sent_at ? { outcome: 'failed' } : { outcome: 'confirm', address };
}

/**
 * Opens a confirmation link: once, within its day. The address becomes one the user confirmed, and the invoice the
 * link was made for is mailed to it. A used, expired or unknown link is a FAILURE answer saying so.
 */
export async function confirmInvoiceAddress(
  ctx: { db: Kysely<Database>; mailer: Mailer },
  token: string,
): Promise<InvoiceOutcome> {
  const now = new Date().toISOString();
  const row = await consumeConfirmation(ctx.db, sha256(token), now);
  const user = row ? await findUserById(ctx.db, row.user_id) : undefined;
  if (!row || !user) {
    return {
      outcome: 'refused',
      message: 'This link has expired or was already used. Please ask for the invoice again.',
    };
  }
  const ref = JSON.parse(row.invoice) as InvoiceRef;
  const invoice = await composeInvoice(ctx.db, user, ref);
  if ('refused' in invoice) return { outcome: 'refused', message: invoice.refused };
  await confirmAddress(ctx.db, user.id, row.address, now);
  const sent = await mailInvoice(ctx.db, ctx.mailer, user, row.address, ref, invoice);
  return sent.transport === 'smtp' && !sent.sent_at
    ? { outcome: 'failed' }
    : { outcome: 'sent', address: row.address, of: invoice.of };
}
