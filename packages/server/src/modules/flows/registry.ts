import { BILL_DISPUTE_CALL_TYPES, REFUND_CALL_TYPES } from '@selfserve/contract';
import type { Handler } from '../onetouch/handler-kit.ts';
import { billingDispute } from './billing-dispute.ts';
import { refund } from './refund.ts';
import { sendInvoice, subscriptionInvoice } from './send-invoice.ts';

const registered = (callTypes: readonly string[], handler: Handler) => callTypes.map((callType) => [callType, handler]);

/**
 * The flows' submit handlers by call_type (docs/flows.md): adding one is its file here and a line below, with its
 * form registered under the same call_type on the web. A call_type with none becomes a ticket.
 */
export const flowHandlers: Readonly<Record<string, Handler>> = Object.fromEntries([
  ...registered(REFUND_CALL_TYPES, refund),
  ['send_invoice', sendInvoice],
  ['subscription_invoice', subscriptionInvoice],
  ...registered(BILL_DISPUTE_CALL_TYPES, billingDispute),
]);
