/**
 * Invoices by mail as a submit (docs/one-touch-rules.md "Invoices by mail"): a ride's invoice (send_invoice) or the
 * Select membership's (subscription_invoice), to the e-mail in the params or else the account's.
 */
import { z } from 'zod';
import { invoiceEmailSchema } from '../one-touch-api.ts';

export const INVOICE_CALL_TYPES: readonly string[] = ['send_invoice', 'subscription_invoice'];

/** The submit's params: `email`, absent or null for the account's own address; a bad one is the spec's 400. */
export const invoiceParamsSchema = z.object({ email: invoiceEmailSchema.nullish() });
export type InvoiceParams = z.infer<typeof invoiceParamsSchema>;
