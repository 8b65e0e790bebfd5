/**
 * Paid cash outstanding (guided-flows.md §5; docs/flows/paid-cash.md): the rider paid the driver in cash but the app
 * still shows an amount due. The form and the server check the amount the same way (paidCashAmountError); the
 * server against the ride's own bill.
 */
import { z } from 'zod';
import { type PlainMessageCode, says } from '../messages.ts';
import type { FlowParams } from './flow-params.ts';

/** The call types of the paid-cash-outstanding flow (a v3 submit); the web app and the server agree on them. */
export const PAID_CASH_CALL_TYPES: readonly string[] = ['paid_cash_outstanding'];
export const PAID_CASH_FLOW = 'paid_cash_outstanding';

/** How the ride was to be paid, as the rider says: cash, or online (cashless: an invoice image is needed). */
export const paidCashPayments = ['cash', 'cashless'] as const;
export type PaidCashPayment = (typeof paidCashPayments)[number];
/** §5 and §9: a cashless claim carries exactly one invoice image. */
export const PAID_CASH_INVOICE_IMAGES = 1;

/**
 * The amount typed (digits, up to two decimals): empty → 'Can't be left empty'; starting with 0, or not an amount →
 * 'Please enter a valid amount'; above the bill (when known) → 'Entered amount is greater then the bill amount'.
 */
export function paidCashAmountError(typed: string, billAmount: number | null): PlainMessageCode | null {
  const text = typed.trim();
  if (text === '') return 'cantBeEmpty';
  if (text.startsWith('0') || !/^\d{1,6}(\.\d{1,2})?$/.test(text)) return 'enterValidAmount';
  if (billAmount !== null && Number(text) > billAmount) return 'pcoAboveBill';
  return null;
}

/** The invoice rule: a cashless claim needs exactly one uploaded image ('Please upload the invoice'). */
export function paidCashInvoiceError(payment: PaidCashPayment, imageIds: readonly string[]): PlainMessageCode | null {
  return payment === 'cashless' && imageIds.length !== PAID_CASH_INVOICE_IMAGES ? 'pcoUploadInvoice' : null;
}

const amountSchema = z.string(says('cantBeEmpty')).superRefine((typed, ctx) => {
  const code = paidCashAmountError(typed, null);
  if (code) ctx.addIssue({ code: 'custom', message: says(code).error() });
});

/** The submit's params: the amount as typed (a leading 0 must reach the check) and how the ride was to be paid. */
const paidCashParamsSchema = z.object({
  amount: amountSchema,
  payment: z.enum(paidCashPayments, says('pcoChoosePayment')),
});
export type PaidCashParams = z.infer<typeof paidCashParamsSchema>;
export const paidCashParams: FlowParams<PaidCashParams> = { schema: paidCashParamsSchema, invalid: 'enterValidAmount' };

/**
 * The form, for a ride whose bill is `billAmount` (null while unknown): the amount (the checks above) and how the
 * ride was to be paid. The invoice image is the picker's, checked with paidCashInvoiceError.
 */
export function paidCashFormSchema(billAmount: number | null) {
  return z.object({
    amount: z.string().superRefine((typed, ctx) => {
      const code = paidCashAmountError(typed, billAmount);
      if (code) ctx.addIssue({ code: 'custom', message: says(code).error() });
    }),
    payment: z
      .enum(paidCashPayments)
      .nullable()
      .refine((p) => p !== null, says('pcoChoosePayment')),
  });
}
export type PaidCashForm = { amount: string; payment: PaidCashPayment | null };
