import {
  type MessageCode,
  messages,
  resolveLocale,
  type SupportedLocale,
  setMessageRenderer,
} from '@selfserve/contract';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';

/** The catalogue's `{name}` parameters in i18next's `{{name}}` form. */
const catalogue = Object.fromEntries(
  Object.entries(messages).map(([code, text]) => [code, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
) as Record<MessageCode, string>;

/** `en` is the contract's message catalogue (by code) plus our labels; every other locale falls back to it. */
export const enResources = { ...catalogue, ...en };

/**
 * Label groups of lazily loaded features: each feature adds its own when its code loads
 * (addFeatureLabels), so the first page never carries them. Each feature's labels.ts declares its group
 * here by interface merging, so this file imports no feature.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each feature's labels.ts (declaration merging)
export interface FeatureLabels {}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enResources & FeatureLabels };
  }
}

export const i18n = createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: enResources } },
  lng: 'en',
  fallbackLng: 'en',
  // Resources are inline, so init completes synchronously and the first render is already translated.
  initAsync: false,
  // React escapes output already.
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

// Only en ships with the first page; other label sets are fetched when a user needs them.
const loaders: Partial<Record<SupportedLocale, () => Promise<Partial<typeof en>>>> = {
  hi: () => import('./locales/hi').then((m) => m.hi),
};
// Tracked here rather than asked of i18next: a feature's labels may create a locale's bundle first.
const loadedLocales = new Set<SupportedLocale>(['en']);

/** A lazily loaded feature's labels, merged into each locale it translates (missing keys fall back to en). */
export function addFeatureLabels<K extends keyof FeatureLabels>(
  group: K,
  bundles: { en: FeatureLabels[K] } & Partial<Record<SupportedLocale, unknown>>,
): void {
  for (const [locale, labels] of Object.entries(bundles)) {
    i18n.addResourceBundle(locale, 'translation', { [group]: labels }, true, true);
  }
}

export async function setLocale(locale: string | null | undefined): Promise<SupportedLocale> {
  const resolved = resolveLocale(locale);
  const load = loaders[resolved];
  if (load && !loadedLocales.has(resolved)) {
    try {
      i18n.addResourceBundle(resolved, 'translation', await load(), true, true);
      loadedLocales.add(resolved);
    } catch {
      // A failed chunk load leaves the English labels in place rather than breaking the page.
    }
  }
  if (i18n.language !== resolved) await i18n.changeLanguage(resolved);
  document.documentElement.lang = resolved;
  return resolved;
}

// The contract's rules and answers speak through i18n: a message by its code, in the current language.
setMessageRenderer((code, params) => i18n.t(code, params));
