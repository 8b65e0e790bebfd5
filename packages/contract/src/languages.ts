/** Languages (spec §9): hi also serves mr, bn and pa; unknown locales fall back to en. */
export const supportedLocales = ['en', 'hi', 'kn', 'ta', 'te', 'fr', 'nl'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];

export function resolveLocale(locale: string | null | undefined): SupportedLocale {
  const base = (locale ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === 'mr' || base === 'bn' || base === 'pa') return 'hi';
  return (supportedLocales as readonly string[]).includes(base) ? (base as SupportedLocale) : 'en';
}
