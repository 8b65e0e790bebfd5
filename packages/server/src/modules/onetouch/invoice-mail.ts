// Invoices by mail, and why they cannot be used as a relay (docs/one-touch-rules.md "Invoices by mail").
import {
  adjustedBill,
  type BillLineKey,
  type CodedMessage,
  coded,
  formatCalendarDay,
  formatFare,
  formatMessage,
  hasInvoice,
  INVOICE_CONFIRM_PAGE,
  INVOICE_CONFIRMATION_TTL_SECONDS,
  INVOICE_MAILS_PER_ADDRESS_PER_DAY,
  INVOICE_MAILS_PER_USER_PER_HOUR,
  isValidEmail,
  type PlainMessageCode,
} from '@selfserve/contract';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { BookingRow, Database, InvoiceMailsTable, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId, randomToken, sha256 } from '../../lib/crypto.ts';
import { findOwnBooking } from '../bookings/repo.ts';
import type { Mailer } from '../mail/mailer.ts';
import { currentSubscription, findOwnSubscription, findUserById } from '../users/repo.ts';
import { adjustedAmount, readBill } from './bills.ts';
import {
  confirmAddress,
  consumeConfirmation,
  countInvoiceMails,
  insertInvoiceMail,
  isConfirmedAddress,
  lockInvoiceMails,
} from './invoice-mail-repo.ts';

/** What an invoice is for, as the answer names it. */
export type InvoiceOf = { crn: string } | { plan: string };

/** Which invoice: a ride's, or one of the member's subscriptions (without an id, the current one). */
export type InvoiceRef = { type: 'ride'; booking_id: string } | { type: 'subscription'; subscription_id?: string };

interface InvoiceMail {
  subject: string;
  text: string;
  /** what the answer names: the ride or the plan */
  of: InvoiceOf;
}

const invoiceLineNames: Record<BillLineKey, PlainMessageCode> = {
  base_fare: 'billLineBaseFare',
  distance: 'billLineDistance',
  peak: 'billLinePeak',
  waiting: 'billLineWaiting',
  toll: 'billLineToll',
  cancellation_fee: 'billLineCancellationFee',
  taxes: 'billLineTaxes',
  adjustment: 'billLineAdjustment',
};

/** The ride's invoice: the bill's lines (with any adjustment a billing dispute made) and the total. */
async function rideInvoice(db: Kysely<Database>, booking: BookingRow): Promise<InvoiceMail> {
  const adjustment = await adjustedAmount(db, booking.id);
  const money = (n: number) =>
    n < 0 ? `-${formatFare(-n, booking.currency_country)}` : formatFare(n, booking.currency_country);
  const stored = readBill(booking);
  const bill = stored ? adjustedBill(stored, adjustment) : null;
  const lines = bill
    ? bill.lines.map((l) =>
        formatMessage('mailInvoiceLine', { line: formatMessage(invoiceLineNames[l.key]), amount: money(l.amount) }),
      )
    : [];
  const text = [
    formatMessage('mailInvoiceRide', { crn: booking.crn }),
    // Written as English is in the ride's country (en-IN "23 Nov 2026"), not as a bare ISO date (issue 14).
    formatMessage('mailInvoiceDate', {
      date: formatCalendarDay(booking.pickup_date, `en-${booking.currency_country}`),
    }),
    formatMessage('mailInvoiceCity', { city: booking.city }),
    formatMessage('mailInvoiceVehicle', { vehicle: booking.display_car_name ?? booking.cab_category }),
    ...lines,
    formatMessage('mailInvoiceTotal', { amount: money(bill?.total ?? booking.fare - adjustment) }),
    '',
  ].join('\n');
  return { subject: formatMessage('mailInvoiceRideSubject', { crn: booking.crn }), text, of: { crn: booking.crn } };
}

/**
 * The invoice a reference names for this user, or the reason there is none: another user's or an unfinished ride,
 * or no paid membership (a trial paid nothing).
 */
export async function composeInvoice(
  db: Kysely<Database>,
  user: UserRow,
  ref: InvoiceRef,
): Promise<InvoiceMail | { refused: CodedMessage }> {
  if (ref.type === 'ride') {
    const booking = await findOwnBooking(db, user.id, { id: ref.booking_id });
    if (!booking) return { refused: coded('bookingNotFound') };
    if (booking.status !== 'completed') return { refused: coded('invoiceRideNotCompleted') };
    return rideInvoice(db, booking);
  }
  const sub = ref.subscription_id
    ? await findOwnSubscription(db, user.id, ref.subscription_id)
    : await currentSubscription(db, user.id);
  if (!sub) return { refused: coded('invoiceNoPaidMembership') };
  if (!hasInvoice({ trial: sub.trial === 1, amount_paid: sub.amount_paid })) {
    return { refused: coded(ref.subscription_id ? 'subscriptionTrialNoInvoice' : 'invoiceNoPaidMembership') };
  }
  const text = [
    formatMessage('mailInvoicePlan', { plan: sub.package_name }),
    formatMessage('mailInvoiceSubscription', { id: sub.id }),
    formatMessage('mailInvoicePackage', { package: sub.package_id }),
    formatMessage('mailInvoicePeriod', {
      from: formatCalendarDay(sub.activated_on, `en-${user.country_code}`),
      to: formatCalendarDay(sub.expires_on, `en-${user.country_code}`),
    }),
    formatMessage('mailInvoiceTotal', { amount: formatFare(sub.amount_paid, user.country_code) }),
    '',
  ].join('\n');
  return {
    subject: formatMessage('mailInvoicePlanSubject', { plan: sub.package_name }),
    text,
    of: { plan: sub.package_name },
  };
}

/** A typed address as the mail will use it, or the spec's message (400). */
export function invoiceAddress(raw: unknown): string {
  const address = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (!isValidEmail(address)) throw new AppError('VALIDATION_FAILED', coded('enterValidEmail'));
  return address;
}

class OverLimit extends Error {}

/**
 * Records one invoice or confirmation mail before it is sent, or refuses it (429) when the user has had
 * INVOICE_MAILS_PER_USER_PER_HOUR this hour or the address INVOICE_MAILS_PER_ADDRESS_PER_DAY today. Lock, insert and
 * count are one transaction, so concurrent requests (on any instance) cannot all see the same count and all pass;
 * an over-limit insert is rolled back. A mail the transport then fails to deliver still counts: it was an attempt.
 */
async function reserveMail(db: Kysely<Database>, dialect: DialectName, row: InvoiceMailsTable): Promise<void> {
  const now = Date.parse(row.created_at);
  const hourAgo = new Date(now - 3600_000).toISOString();
  const dayAgo = new Date(now - 24 * 3600_000).toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await lockInvoiceMails(trx, dialect, row.user_id, row.address);
      await insertInvoiceMail(trx, row);
      if (
        (await countInvoiceMails(trx, { userId: row.user_id }, hourAgo)) > INVOICE_MAILS_PER_USER_PER_HOUR ||
        (await countInvoiceMails(trx, { address: row.address }, dayAgo)) > INVOICE_MAILS_PER_ADDRESS_PER_DAY
      ) {
        throw new OverLimit();
      }
    });
  } catch (err) {
    if (err instanceof OverLimit) throw new AppError('TOO_MANY_REQUESTS');
    throw err;
  }
}

const invoiceRow = (user: UserRow, address: string, ref: InvoiceRef, now: number): InvoiceMailsTable => ({
  id: newId('im'),
  user_id: user.id,
  address,
  kind: 'invoice',
  invoice: JSON.stringify(ref),
  token_hash: null,
  expires_at: null,
  consumed_at: null,
  created_at: new Date(now).toISOString(),
});

function mailInvoice(mailer: Mailer, user: UserRow, address: string, invoice: InvoiceMail) {
  return mailer.send({ to: address, subject: invoice.subject, text: invoice.text, kind: 'invoice', userId: user.id });
}

export type InvoiceOutcome =
  | { outcome: 'sent'; address: string; of: InvoiceOf }
  | { outcome: 'confirm'; address: string }
  | { outcome: 'failed' }
  | { outcome: 'refused'; message: CodedMessage };

/**
 * Mails an invoice to `address` — at once when it is the account's verified e-mail or one the user confirmed before;
 * any other address gets a one-time link first (it must prove it wants the mail), so the form cannot send our mail
 * to strangers. `linkBase` is the site's origin for that link.
 */
export async function requestInvoiceMail(
  ctx: { db: Kysely<Database>; dialect: DialectName; mailer: Mailer; user: UserRow; linkBase: string },
  rawAddress: unknown,
  ref: InvoiceRef,
): Promise<InvoiceOutcome> {
  const { db, dialect, mailer, user } = ctx;
  const address = invoiceAddress(rawAddress);
  const invoice = await composeInvoice(db, user, ref);
  if ('refused' in invoice) return { outcome: 'refused', message: invoice.refused };
  const now = Date.now();

  const trusted =
    (address === user.email && user.email_verified === 1) || (await isConfirmedAddress(db, user.id, address));
  if (trusted) {
    await reserveMail(db, dialect, invoiceRow(user, address, ref, now));
    const sent = await mailInvoice(mailer, user, address, invoice);
    return sent.transport === 'smtp' && !sent.sent_at
      ? { outcome: 'failed' }
      : { outcome: 'sent', address, of: invoice.of };
  }

  const token = randomToken();
  await reserveMail(db, dialect, {
    ...invoiceRow(user, address, ref, now),
    kind: 'confirmation',
    token_hash: sha256(token),
    expires_at: new Date(now + INVOICE_CONFIRMATION_TTL_SECONDS * 1000).toISOString(),
  });
  const link = `${ctx.linkBase}${INVOICE_CONFIRM_PAGE}?token=${token}`;
  const sent = await mailer.send({
    to: address,
    subject: formatMessage('mailConfirmSubject'),
    text: [
      formatMessage('mailConfirmAsked', { name: user.name }),
      formatMessage('mailConfirmOpen', { hours: INVOICE_CONFIRMATION_TTL_SECONDS / 3600, link }),
      formatMessage('mailConfirmIgnore'),
    ].join('\n\n'),
    kind: 'invoice_confirmation',
    // The link proves the mailbox: when the mail really leaves (SMTP), the requester must not read it in the demo
    // outbox and confirm it themselves. Kept in the outbox only, nothing leaves, so the demo may show it.
    userId: mailer.transport === 'outbox' ? user.id : null,
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
      message: coded('invoiceLinkExpired'),
    };
  }
  const ref = JSON.parse(row.invoice) as InvoiceRef;
  const invoice = await composeInvoice(ctx.db, user, ref);
  if ('refused' in invoice) return { outcome: 'refused', message: invoice.refused };
  await confirmAddress(ctx.db, user.id, row.address, now);
  // Counted (the limits see it) but not refused: the confirmation it follows was counted and allowed.
  await insertInvoiceMail(ctx.db, invoiceRow(user, row.address, ref, Date.now()));
  const sent = await mailInvoice(ctx.mailer, user, row.address, invoice);
  return sent.transport === 'smtp' && !sent.sent_at
    ? { outcome: 'failed' }
    : { outcome: 'sent', address: row.address, of: invoice.of };
}
