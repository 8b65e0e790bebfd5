import type { OneTouchOption } from '@selfserve/contract';

/** What choosing a one-touch option does (guided-flows.md §4). */
export type OptionAction =
  | { kind: 'custom_message'; heading: string; message: string }
  | { kind: 'open_article'; href: string }
  | { kind: 'submit' };

/** An option with a custom message shows it; one with a redirect article id opens that article; else the call. */
export function optionAction(option: OneTouchOption): OptionAction {
  if (option.showCustomMessage) {
    return { kind: 'custom_message', heading: option.customMessageHeading ?? '', message: option.customMessage ?? '' };
  }
  if (option.article_id) return { kind: 'open_article', href: `/dreport/${encodeURIComponent(option.article_id)}` };
  return { kind: 'submit' };
}
