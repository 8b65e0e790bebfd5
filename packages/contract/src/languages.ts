/** Languages (spec §9): hi also serves mr, bn and pa; unknown locales fall back to en. */
export const supportedLocales = ['en', 'hi', 'kn', 'ta', 'te', 'fr', 'nl'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];

export function resolveLocale(locale: string | null | undefined): SupportedLocale {
  const base = (locale ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === 'mr' || base === 'bn' || base === 'pa') return 'hi';
  return (supportedLocales as readonly string[]).includes(base) ? (base as SupportedLocale) : 'en';
}

/** Each language by its own name, as the language picker lists it. */
export const languageNames: Record<SupportedLocale, string> = {
  en: 'English',
  hi: 'हिन्दी',
  kn: 'ಕನ್ನಡ',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  fr: 'Français',
  nl: 'Nederlands',
};

/** The reader's chosen language, kept a year; the web writes it for visitors, the server when a user picks one. */
export const LANGUAGE_COOKIE = 'ss_lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 31536000;

/** Text direction of a locale: every supported language is written left to right today. */
export function languageDirection(_locale: SupportedLocale): 'ltr' | 'rtl' {
  return 'ltr';
}

/**
 * The Intl tag dates and numbers are written with: the reader's language as spoken in their country (en-IN writes
 * 12 Nov 2026 and 1,00,000; en-GB 12 Nov 2026; hi-IN in Devanagari words with Latin digits).
 */
export function intlLocale(language: SupportedLocale, country: string | null | undefined): string {
  const region = (country ?? '').toUpperCase();
  return /^[A-Z]{2}$/.test(region) ? `${language}-${region}` : language;
}
