import { z } from 'zod';
import { csatReasons } from './ticket-rules.ts';

/**
 * The reasons an article offers in its body's JSON blocks (guided-flows.md §3, docs/kb-content.md): `Feedback` for
 * the survey's No (item 10), `Csat` for a bad support rating. The spec leaves their content to the article; a block
 * that does not parse offers nothing, so a bad block never breaks the page.
 */
export const reasonOptionSchema = z.object({
  key: z.string().regex(/^[\w-]{1,40}$/),
  text: z.string().trim().min(1).max(200),
});
export type ReasonOption = z.infer<typeof reasonOptionSchema>;

export const reasonBlockSchema = z.object({
  heading: z.string().trim().min(1).max(200).optional(),
  options: z.array(reasonOptionSchema).max(12),
});
export type ReasonBlock = z.infer<typeof reasonBlockSchema>;

export type ReasonBlockId = 'Feedback' | 'Csat';

/** An article's own reasons block, or null when it has none (or none that parses, or no options in it). */
export function reasonBlock(embedded: Record<string, unknown> | undefined, id: ReasonBlockId): ReasonBlock | null {
  const parsed = reasonBlockSchema.safeParse(embedded?.[id]);
  if (!parsed.success || parsed.data.options.length === 0) return null;
  // A key offered twice is one reason (the first text wins): a radio group cannot tell them apart.
  const seen = new Set<string>();
  const options = parsed.data.options.filter((o) => !seen.has(o.key) && seen.add(o.key));
  return { ...parsed.data, options };
}

/** Whether `key` is one of the reasons the block offers (what the server checks an answer against). */
export function offersReason(block: ReasonBlock | null, key: string): boolean {
  return block?.options.some((o) => o.key === key) ?? false;
}

/**
 * The reasons a bad support rating may give: the ticket's article's own `Csat` options when it has them, else the
 * default list (csatReasons). What the rating form offers and what the server accepts.
 */
export function ratingReasonKeys(embedded: Record<string, unknown> | undefined): string[] {
  return (reasonBlock(embedded, 'Csat')?.options ?? csatReasons).map((o) => o.key);
}
