import { z } from 'zod';
import { type IssueFormErrors, type IssueFormRules, validateIssueForm } from './tickets.ts';

/** What the issue form holds: the e-mail, the words, the uploaded images' ids and the product checklist. */
export const issueFormValuesSchema = z.object({
  email: z.string(),
  description: z.string(),
  imageIds: z.array(z.string()),
  /** Every product of an item article; quantity 0 means not chosen. */
  items: z.array(z.object({ item_id: z.string(), quantity: z.number().int().min(0) })),
});
export type IssueFormValues = z.infer<typeof issueFormValuesSchema>;

/** Where each of validateIssueForm's fields sits in the form's values. */
export const issueFormFieldPaths: Readonly<Record<keyof IssueFormErrors, keyof IssueFormValues>> = {
  email: 'email',
  description: 'description',
  images: 'imageIds',
  items: 'items',
};

/**
 * The issue form's schema for an article's rules: validateIssueForm — the very function the ticket routes
 * run — reports each failing field with the contract's message. For react-hook-form's zodResolver.
 */
export function issueFormSchema(rules: IssueFormRules) {
  return issueFormValuesSchema.superRefine((values, ctx) => {
    const errors = validateIssueForm(values, rules);
    for (const [field, message] of Object.entries(errors) as [keyof IssueFormErrors, string | undefined][]) {
      if (message) ctx.addIssue({ code: 'custom', path: [issueFormFieldPaths[field]], message });
    }
  });
}
