import {
  type Article,
  BILL_DISPUTE_CALL_TYPES,
  CAB_ATTACHMENT_CALL_TYPES,
  CANCELLATION_FEE_CALL_TYPES,
  COUPON_CALL_TYPES,
  EXTRA_CASH_CALL_TYPES,
  LOST_ITEM_CALL_TYPES,
  PAID_CASH_CALL_TYPES,
  resolveFlow,
  SAFETY_REPORT_CALL_TYPES,
  SUBSCRIPTION_INVOICE_CALL_TYPES,
  TOLL_PARKING_CALL_TYPES,
} from '@selfserve/contract';
import type { ComponentType } from 'react';
import { ChooseRide } from '../../components/one-touch/choose-ride';
import { BillingDisputePanel } from './billing-dispute/billing-dispute-panel';
import { CabAttachmentForm } from './cab-attachment/cab-attachment-form';
import { CancellationFeePanel } from './cancellation-fee/cancellation-fee-panel';
import { CouponForm } from './coupon/coupon-form';
import { ExtraCashForm } from './extra-cash/extra-cash-form';
import type { FlowForm, RideFlowFormProps } from './flow-form';
import { LostItemForm } from './lost-item/belonging-panel';
import { PaidCashForm } from './paid-cash/paid-cash-form';
import { SafetyReportForm } from './safety-report/safety-report-form';
import { SubscriptionInvoiceForm } from './subscription-invoice/subscription-invoice-form';
import { TollParkingForm } from './toll-parking/toll-parking-form';

/** The structured write-to-us e-mail: chosen by its label (structured_email_param), not by a call_type; visitors too. */
export { StructuredEmailForm } from './structured-email/structured-email-form';

const registered = (callTypes: readonly string[], form: FlowForm) => callTypes.map((callType) => [callType, form]);

/** A form about one ride: without a selected ride the page offers to choose it first. */
function rideForm(Form: ComponentType<RideFlowFormProps>): FlowForm {
  return function RideFlowForm(props) {
    return props.booking ? <Form {...props} booking={props.booking} /> : <ChooseRide />;
  };
}

/**
 * The guided forms by call_type (docs/flows.md): adding one is its folder here and a line below, with its handler
 * registered under the same call_type on the server. Articles whose call_type has none get the one-touch panel.
 */
export const flowForms: Readonly<Record<string, FlowForm>> = Object.fromEntries([
  ...registered(EXTRA_CASH_CALL_TYPES, rideForm(ExtraCashForm)),
  ...registered(PAID_CASH_CALL_TYPES, rideForm(PaidCashForm)),
  ...registered(TOLL_PARKING_CALL_TYPES, rideForm(TollParkingForm)),
  ...registered(CANCELLATION_FEE_CALL_TYPES, rideForm(CancellationFeePanel)),
  ...registered(LOST_ITEM_CALL_TYPES, rideForm(LostItemForm)),
  ...registered(BILL_DISPUTE_CALL_TYPES, rideForm(BillingDisputePanel)),
  ...registered(COUPON_CALL_TYPES, rideForm(CouponForm)),
  ...registered(SUBSCRIPTION_INVOICE_CALL_TYPES, SubscriptionInvoiceForm),
  // About the account (ACCOUNT_CALL_TYPES): no ride.
  ...registered(CAB_ATTACHMENT_CALL_TYPES, CabAttachmentForm),
  // For the selected ride or, without one, for another rider (its own choice of the two): gets the ride or null.
  ...registered(SAFETY_REPORT_CALL_TYPES, SafetyReportForm),
]);

/** The registered form of an article: by its call_type, for one-touch articles only (a plain article stays read-only). */
export function flowFormFor(article: Article): FlowForm | null {
  const flow = resolveFlow(article);
  if (flow.kind === 'article' || !flow.callType) return null;
  return flowForms[flow.callType] ?? null;
}
