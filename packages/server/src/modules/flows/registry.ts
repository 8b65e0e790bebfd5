import {
  BILL_DISPUTE_CALL_TYPES,
  CAB_ATTACHMENT_CALL_TYPES,
  COUPON_CALL_TYPES,
  DRIVER_CLEANING_CALL_TYPES,
  DRIVER_DETAILS_CALL_TYPES,
  EXTRA_CASH_CALL_TYPES,
  PAID_CASH_CALL_TYPES,
  RECOMPLETE_CALL_TYPES,
  REFUND_CALL_TYPES,
  SAFETY_REPORT_CALL_TYPES,
  SUBSCRIPTION_INVOICE_CALL_TYPES,
  TOLL_PARKING_CALL_TYPES,
} from '@selfserve/contract';
import { driverCleaningFee } from '../driver/articles.ts';
import { recomplete } from '../driver/recomplete.ts';
import type { Handler } from '../onetouch/handler-kit.ts';
import { billingDispute } from './billing-dispute.ts';
import { cabAttachment } from './cab-attachment.ts';
import { coupon } from './coupon.ts';
import { driverDetails } from './driver-details.ts';
import { extraCash } from './extra-cash.ts';
import { paidCash } from './paid-cash.ts';
import { refund } from './refund.ts';
import { safetyReport } from './safety-report.ts';
import { sendInvoice } from './send-invoice.ts';
import { subscriptionInvoice } from './subscription-invoice.ts';
import { tollParking } from './toll-parking.ts';

const registered = (callTypes: readonly string[], handler: Handler) => callTypes.map((callType) => [callType, handler]);

/**
 * The flows' submit handlers by call_type (docs/flows.md): adding one is its file here and a line below, with its
 * form registered under the same call_type on the web. A call_type with none becomes a ticket.
 */
export const flowHandlers: Readonly<Record<string, Handler>> = Object.fromEntries([
  ...registered(EXTRA_CASH_CALL_TYPES, extraCash),
  ...registered(PAID_CASH_CALL_TYPES, paidCash),
  ...registered(REFUND_CALL_TYPES, refund),
  ['send_invoice', sendInvoice],
  ...registered(SUBSCRIPTION_INVOICE_CALL_TYPES, subscriptionInvoice),
  ...registered(BILL_DISPUTE_CALL_TYPES, billingDispute),
  ...registered(TOLL_PARKING_CALL_TYPES, tollParking),
  ...registered(COUPON_CALL_TYPES, coupon),
  ...registered(DRIVER_DETAILS_CALL_TYPES, driverDetails),
  ...registered(CAB_ATTACHMENT_CALL_TYPES, cabAttachment),
  ...registered(SAFETY_REPORT_CALL_TYPES, safetyReport),
  // the recompute of a trip ended short (docs/driver.md "Recomplete")
  ...registered(RECOMPLETE_CALL_TYPES, recomplete),
  ...registered(DRIVER_CLEANING_CALL_TYPES, driverCleaningFee),
]);
