import { z } from 'zod';
import type { OneTouchOption } from './kb.ts';
import { says } from './messages.ts';

/**
 * A one-touch option that means "something else" (`type: other` in the article's front matter) asks for the user's
 * own words, sent as the submit's `message` (guided-flows.md §5, §9: other reason 20 to 1500 characters).
 */
export const OTHER_OPTION_TYPE = 'other';
export const OTHER_REASON_MIN = 20;
export const OTHER_REASON_MAX = 1500;

export const isOtherOption = (option: Pick<OneTouchOption, 'type'>): boolean => option.type === OTHER_OPTION_TYPE;

/** The free text of an "other" option: trimmed, then 20 to 1500 characters; every way of failing says one message. */
export const otherReasonSchema = z
  .string(says('otherReasonLength'))
  .trim()
  .min(OTHER_REASON_MIN, says('otherReasonLength'))
  .max(OTHER_REASON_MAX, says('otherReasonLength'));

/**
 * The server's check of a submit: when the option chosen is one of the article's "other" options, its message must
 * be 20 to 1500 characters. Answers the failed check's code, or null when there is nothing to object to.
 */
export function otherReasonProblem(
  options: readonly OneTouchOption[],
  optionSelected: string | null | undefined,
  message: string | null | undefined,
): 'otherReasonLength' | null {
  const option = options.find((o) => o.value === optionSelected);
  if (!option || !isOtherOption(option)) return null;
  return otherReasonSchema.safeParse(message ?? '').success ? null : 'otherReasonLength';
}
