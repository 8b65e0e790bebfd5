import { csatReasons } from './ticket-rules.ts';

/**
 * The reasons an article offers in its body's JSON blocks (guided-flows.md §3, docs/kb-content.md): `Feedback` for
 * the survey's No (item 10), `Csat` for a bad support rating. The spec leaves their content to the article; a block
 * that does not parse offers nothing, so a bad block never breaks the page.
 *
 * Read by hand rather than with a zod schema: the article page reads its Feedback block, and that page's first
 * load carries no zod (docs/ssr.md "No zod, no date formatter").
 */
export interface ReasonOption {
  /** 1–40 letters, digits, `_` or `-` */
  key: string;
  /** trimmed, 1–200 characters */
  text: string;
}

export interface ReasonBlock {
  /** trimmed, 1–200 characters */
  heading?: string;
  /** at most REASON_OPTIONS_MAX */
  options: ReasonOption[];
}

export type ReasonBlockId = 'Feedback' | 'Csat';

/** A reason's key (the blocks' options, and the answers that name one: kbFeedbackSchema, csatPayloadSchema). */
export const REASON_KEY = /^[\w-]{1,40}$/;
const REASON_TEXT_MAX = 200;
const REASON_OPTIONS_MAX = 12;

/** A text of a block, trimmed, or null when it is not a string of 1–200 characters once trimmed. */
function reasonText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length >= 1 && text.length <= REASON_TEXT_MAX ? text : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An article's own reasons block, or null when it has none (or none that parses, or no options in it). */
export function reasonBlock(embedded: Record<string, unknown> | undefined, id: ReasonBlockId): ReasonBlock | null {
  const block = embedded?.[id];
  if (!isRecord(block)) return null;
  const heading = block.heading === undefined ? undefined : reasonText(block.heading);
  if (heading === null) return null;
  const { options } = block;
  if (!Array.isArray(options) || options.length === 0 || options.length > REASON_OPTIONS_MAX) return null;
  const read: ReasonOption[] = [];
  // A key offered twice is one reason (the first text wins): a radio group cannot tell them apart.
  const seen = new Set<string>();
  for (const option of options) {
    if (!isRecord(option)) return null;
    const { key } = option;
    const text = reasonText(option.text);
    if (typeof key !== 'string' || !REASON_KEY.test(key) || text === null) return null;
    if (!seen.has(key)) read.push({ key, text });
    seen.add(key);
  }
  return heading === undefined ? { options: read } : { heading, options: read };
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
