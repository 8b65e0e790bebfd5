import type { SupportedLocale } from '@selfserve/contract';

/** The scripts of the reader languages not written in Latin letters. */
const scripts: Partial<Record<SupportedLocale, RegExp>> = {
  hi: /[\u0900-\u097F]/,
  kn: /[\u0C80-\u0CFF]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
};

/**
 * The `lang` a piece of content needs inside a page shown in `locale` (WCAG 3.1.2), or undefined when it is in the
 * page's language. `known` is the language the server says the content is in (an article answer's `language`).
 * Without it: on a page in Hindi, Kannada, Tamil or Telugu, text in Latin letters with none of the page's script is
 * English (an untranslated article title, a product name); in French and Dutch nothing can be told from the letters,
 * so nothing is claimed. See docs/accessibility.md.
 */
export function contentLang(
  text: string,
  locale: SupportedLocale,
  known?: SupportedLocale,
): SupportedLocale | undefined {
  if (known) return known === locale ? undefined : known;
  const script = scripts[locale];
  if (!script) return undefined;
  return /[A-Za-z]/.test(text) && !script.test(text) ? 'en' : undefined;
}
