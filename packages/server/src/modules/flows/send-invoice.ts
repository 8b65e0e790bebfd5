// Invoices by mail as a submit (docs/one-touch-rules.md "Invoices by mail"): the rules are requestInvoiceMail's.
import { invoiceParams } from '@selfserve/contract';
import { needBooking, withParams } from '../onetouch/handler-kit.ts';
import { invoiceAnswer } from '../onetouch/invoice-answer.ts';
import { requestInvoiceMail } from '../onetouch/invoice-mail.ts';

/** A completed ride's invoice, to the e-mail in the form (or the account's). */
export const sendInvoice = withParams(invoiceParams, async (ctx, params) => {
  const booking = needBooking(ctx.booking);
  const result = await requestInvoiceMail(ctx, params.email ?? ctx.user.email, {
    type: 'ride',
    booking_id: booking.id,
  });
  return invoiceAnswer(result);
});
