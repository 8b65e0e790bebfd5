import type { EntryMode } from './auth.ts';
import { COUNTRY_CODE_INDIA } from './constants.ts';

export interface SearchBoxContext {
  inApp: boolean;
  entryMode: EntryMode;
  ukHost: boolean;
  /** The signed-in user's country; null or undefined for a visitor. */
  userCountry: string | null | undefined;
}

/**
 * Spec §6 and guided-flows §2: the header search box is for India users on the customer website. A
 * visitor counts as India on the default site (the default site is the Indian one); the UK host and
 * anything inside the app never show it.
 */
export function searchBoxVisible(ctx: SearchBoxContext): boolean {
  if (ctx.inApp || ctx.entryMode !== 'customer_website' || ctx.ukHost) return false;
  return ctx.userCountry == null || ctx.userCountry.toUpperCase() === COUNTRY_CODE_INDIA;
}
