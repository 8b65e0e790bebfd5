/**
 * The cancellation-fee panel (docs/flows/cancellation-fee.md): its articles show their name, the article response's
 * message and, when the response sets refund_allowed, a refund button that runs the refund rules (flows/refund.ts).
 */
export const CANCELLATION_FEE_CALL_TYPES: readonly string[] = ['cancellation_fee'];

/** The article response's message to show, if it has one. */
export function cancellationFeeMessage(response: Record<string, unknown> | undefined): string | null {
  const message = response?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}
