import { coded, type OneTouchResponse } from '@selfserve/contract';
import { answer } from './handler-kit.ts';
import type { InvoiceOutcome } from './invoice-mail.ts';

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
