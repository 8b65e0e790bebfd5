import { coded, subscriptionInvoiceParams } from '@selfserve/contract';
import { AppError } from '../../lib/app-error.ts';
import { withParams } from '../onetouch/handler-kit.ts';
import { invoiceAnswer } from '../onetouch/invoice-answer.ts';
import { requestInvoiceMail } from '../onetouch/invoice-mail.ts';
import { findOwnSubscription } from '../users/repo.ts';

/**
 * A Select subscription's invoice (docs/flows/subscription-invoice.md): the one the member chose — only their own,
 * anyone else's does not exist (404) — or, without a choice, the current one; to the e-mail in the form under the
 * invoice mail's rules (limits, confirming a new address). A trial paid nothing: its answer is a FAILURE saying so.
 */
export const subscriptionInvoice = withParams(subscriptionInvoiceParams, async (ctx, params) => {
  const chosen = params.subscription_id ?? null;
  if (chosen && !(await findOwnSubscription(ctx.db, ctx.user.id, chosen))) {
    throw new AppError('NOT_FOUND', coded('subscriptionNotFound'));
  }
  const result = await requestInvoiceMail(ctx, params.email ?? ctx.user.email, {
    type: 'subscription',
    ...(chosen ? { subscription_id: chosen } : {}),
  });
  return invoiceAnswer(result);
});
