import { type Article, BILL_DISPUTE_CALL_TYPES, LOST_ITEM_CALL_TYPES, resolveFlow } from '@selfserve/contract';
import { BillingDisputePanel } from './billing-dispute/billing-dispute-panel';
import type { FlowForm } from './flow-form';
import { LostItemForm } from './lost-item/belonging-panel';

const registered = (callTypes: readonly string[], form: FlowForm) => callTypes.map((callType) => [callType, form]);

/**
 * The guided forms by call_type (docs/flows.md): adding one is its folder here and a line below, with its handler
 * registered under the same call_type on the server. Articles whose call_type has none get the one-touch panel.
 */
export const flowForms: Readonly<Record<string, FlowForm>> = Object.fromEntries([
  ...registered(LOST_ITEM_CALL_TYPES, LostItemForm),
  ...registered(BILL_DISPUTE_CALL_TYPES, BillingDisputePanel),
]);

/** The registered form of an article: by its call_type, for one-touch articles only (a plain article stays read-only). */
export function flowFormFor(article: Article): FlowForm | null {
  const flow = resolveFlow(article);
  if (flow.kind === 'article' || !flow.callType) return null;
  return flowForms[flow.callType] ?? null;
}
