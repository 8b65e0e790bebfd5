import {
  BILL_DISPUTE_CALL_TYPES,
  coded,
  formatFare,
  type OneTouchResponse,
  refundDestinations,
} from '@selfserve/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { adjustedAmount, billDispute } from './bill-dispute.ts';
import { answer, followUpTicket, type Handler, needBooking } from './handler-kit.ts';
import { type InvoiceOutcome, requestInvoiceMail } from './invoice-mail.ts';

/**
 * Refunds (docs/one-touch-rules.md): a cancelled ride with a charge, or a completed ride the rider
 * says they never took, is refunded once, in full, to the chosen destination. A voucher or the
 * wallet is instant; NEFT takes 7 to 10 business days and opens a ticket to follow it.
 */
const refund: Handler = async (ctx) => {
  const booking = needBooking(ctx.booking);
  const sideLoad = JSON.parse(ctx.article.side_load) as Record<string, unknown>;
  const offered = refundDestinations(sideLoad);
  // With KYC hidden (show_kyc false) the page asks no destination: the first one offered of voucher, NEFT.
  const destination =
    ctx.body.refund_destination ?? (sideLoad.show_kyc === false ? offered.find((d) => d !== 'ola_money') : undefined);
  if (!destination) throw new AppError('VALIDATION_FAILED', coded('refundChooseDestination'));
  if (!offered.includes(destination)) throw new AppError('VALIDATION_FAILED', coded('refundDestinationNotOffered'));
  const earlier = await ctx.db
    .selectFrom('refunds')
    .selectAll()
    .where('booking_id', '=', booking.id)
    .executeTakeFirst();
  // What a billing dispute already gave back is not refunded twice.
  const due = booking.fare - (await adjustedAmount(ctx.db, booking.id));
  const amount = formatFare(due, booking.currency_country);
  if (earlier) {
    return answer(
      'ALREADY_REFUNDED',
      coded('refundAlreadyTitle'),
      coded('refundAlreadyOn', {
        amount: formatFare(earlier.amount, booking.currency_country),
        date: earlier.created_at.slice(0, 10),
      }),
    );
  }
  const charged = booking.status === 'cancelled' && due > 0;
  const notTaken = ctx.body.call_type === 'ride_not_taken' && booking.status === 'completed' && due > 0;
  if (!charged && !notTaken) {
    return answer('FAILURE', coded('refundNotEligibleTitle'), coded('refundNotEligible'));
  }
  const ticket = destination === 'neft' ? await followUpTicket(ctx, `NEFT refund of ${amount}`) : null;
  try {
    await ctx.db
      .insertInto('refunds')
      .values({
        id: newId('rf'),
        booking_id: booking.id,
        user_id: ctx.user.id,
        amount: due,
        destination,
        status: destination === 'neft' ? 'processing' : 'completed',
        ticket_id: ticket?.ticket_id ?? null,
        created_at: new Date().toISOString(),
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) return answer('ALREADY_REFUNDED', coded('refundAlreadyTitle'), coded('refundAlready'));
    throw err;
  }
  const said = coded(
    destination === 'neft' ? 'refundNeft' : destination === 'voucher' ? 'refundVoucher' : 'refundWallet',
    { amount },
  );
  return answer('SUCCESS', coded('refundInitiatedTitle'), said, {
    ticket_request_id: ticket?.ticket_id ?? null,
    csat_required: true,
  });
};

/** What the result dialog says after an invoice request (docs/one-touch-rules.md "Invoices by mail"). */
export function invoiceAnswer(result: InvoiceOutcome): OneTouchResponse {
  switch (result.outcome) {
    case 'sent':
      return answer(
        'SUCCESS',
        coded('invoiceSent'),
        'crn' in result.of
          ? coded('invoiceSentForRide', { crn: result.of.crn, address: result.address })
          : coded('invoiceSentForPlan', { plan: result.of.plan, address: result.address }),
      );
    case 'confirm':
      return answer('SUCCESS', coded('invoiceConfirmTitle'), coded('invoiceConfirmSent', { address: result.address }));
    case 'refused':
      return answer('FAILURE', coded('sorry'), result.message);
    case 'failed':
      return answer('FAILURE', coded('sorry'), coded('genericFailure'));
  }
}

/** A completed ride's invoice, to the e-mail in the form (or the account's). */
const sendInvoice: Handler = async (ctx) => {
  const booking = needBooking(ctx.booking);
  const result = await requestInvoiceMail(ctx, ctx.body.params?.email ?? ctx.user.email, {
    type: 'ride',
    booking_id: booking.id,
  });
  return invoiceAnswer(result);
};

/** The invoice of the user's Select subscription (the latest, active first), to the e-mail in the form. */
const subscriptionInvoice: Handler = async (ctx) =>
  invoiceAnswer(await requestInvoiceMail(ctx, ctx.body.params?.email ?? ctx.user.email, { type: 'subscription' }));

/** Any other one-touch request promises follow-up: a ticket, and the rating afterwards. */
const ticketRequest: Handler = async (ctx) => {
  const t = await followUpTicket(ctx, ctx.article.title);
  if (t.request_status === 'OPEN_TICKET_PRESENT') {
    return answer('NOIMAGE', coded('requestAlreadyReceived'), coded('ticketAlreadyOpen'), {
      ticket_request_id: t.ticket_id,
    });
  }
  return answer('SUCCESS', coded('requestReceived'), coded('ticketSuccess'), {
    ticket_request_id: t.ticket_id,
    csat_required: true,
  });
};

/** One handler per call_type; adding a flow is adding a line here (and its form on the web). */
export const handlers: Record<string, Handler> = {
  refund,
  cancellation_fee: refund,
  cancellation_fee_refund: refund,
  cancelled_ride_refund: refund,
  ride_not_taken: refund,
  subscription_invoice: subscriptionInvoice,
  send_invoice: sendInvoice,
  ...Object.fromEntries(BILL_DISPUTE_CALL_TYPES.map((callType) => [callType, billDispute])),
};

export function handlerFor(callType: string): Handler {
  return handlers[callType] ?? ticketRequest;
}
