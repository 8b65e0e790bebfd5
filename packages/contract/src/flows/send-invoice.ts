/**
 * Invoices by mail as a submit (docs/one-touch-rules.md "Invoices by mail"): a ride's invoice (send_invoice) or the
 * Select membership's (subscription_invoice), to the e-mail in the params or else the account's.
 */
import { z } from 'zod';
import { invoiceEmailSchema } from '../one-touch-api.ts';
import type { FlowParams } from './flow-params.ts';

/** The submit's params: `email`, absent or null for the account's own address. */
const invoiceParamsSchema = z.object({ email: invoiceEmailSchema.nullish() });
export type InvoiceParams = z.infer<typeof invoiceParamsSchema>;
export const invoiceParams: FlowParams<InvoiceParams> = { schema: invoiceParamsSchema, invalid: 'enterValidEmail' };
