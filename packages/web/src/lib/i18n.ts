import {
  fillParams,
  intlLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  languageDirection,
  type MessageCode,
  type MessageParamValues,
  resolveLocale,
  type SupportedLocale,
  setMessageRenderer,
} from '@selfserve/contract';
import type enLabels from '@selfserve/contract/locales/en.json';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The web app's texts (docs/i18n.md): one JSON file per locale in packages/contract/locales, a label tree plus, for
 * every locale but English, a `messages` object by catalogue code (English messages are the contract's catalogue).
 * Every language, English too, is a chunk of its own that loads before the first render: a reader downloads their
 * language and nothing else, and the first page carries no texts.
 */

type LabelTree = { [key: string]: string | LabelTree };
/** A locale's file: label groups, and `messages` (code → text) for every locale but English. */
export type LocaleFile = LabelTree;

/** Dotted paths to every text of the English file, plural variants (`x_one`, `x_other`) named by their base `x`. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type PluralBase<K extends string> = K extends `${infer B}_${'one' | 'other'}` ? B : K;
export type LabelKey = PluralBase<Leaves<typeof enLabels>>;
/** A label by its path, or a catalogue message by its code. */
export type TextKey = LabelKey | MessageCode;
export type TextParams = Record<string, string | number>;
export type Translate = (key: TextKey, params?: TextParams) => string;

/** A locale file as one flat map: labels by dotted path, messages by code. */
export function flattenLocale(file: LocaleFile): Map<string, string> {
  const flat = new Map<string, string>();
  const walk = (tree: LabelTree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === 'string') flat.set(prefix + key, value);
      else walk(value, `${prefix}${key}.`);
    }
  };
  const { messages: byCode = {}, ...labels } = file;
  walk(labels, '');
  if (typeof byCode === 'object') for (const [code, text] of Object.entries(byCode)) flat.set(code, String(text));
  return flat;
}

const catalogues = new Map<SupportedLocale, Map<string, string>>();
const noTexts = new Map<string, string>();

// Vite makes each a chunk of its own: a reader downloads their language and nothing else.
const loaders: Record<SupportedLocale, () => Promise<{ default: LocaleFile }>> = {
  en: () => import('./english'),
  hi: () => import('@selfserve/contract/locales/hi.json'),
  kn: () => import('@selfserve/contract/locales/kn.json'),
  ta: () => import('@selfserve/contract/locales/ta.json'),
  te: () => import('@selfserve/contract/locales/te.json'),
  fr: () => import('@selfserve/contract/locales/fr.json'),
  nl: () => import('@selfserve/contract/locales/nl.json'),
};

let current: SupportedLocale = 'en';
// The reader's country (their profile's, else the site's): with the language, how dates and numbers are written.
let readerCountry: string | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const pluralRules = new Map<SupportedLocale, Intl.PluralRules>();

function pluralCategory(locale: SupportedLocale, n: number): string {
  const rules = pluralRules.get(locale) ?? new Intl.PluralRules(locale);
  pluralRules.set(locale, rules);
  return rules.select(n);
}

/**
 * A text in `locale`: a numeric `n` picks the plural variant (`key_one`, `key_other`, … as the language's rules say);
 * a key the locale lacks falls back to English (the locale test keeps that from shipping); `{name}` takes `params.name`.
 */
export function translateIn(locale: SupportedLocale, key: string, params?: TextParams): string {
  const catalogue = catalogues.get(locale) ?? catalogues.get('en') ?? noTexts;
  const english = catalogues.get('en') ?? noTexts;
  const lookup = (k: string) => catalogue.get(k) ?? english.get(k);
  let text: string | undefined;
  if (typeof params?.n === 'number') {
    text = lookup(`${key}_${pluralCategory(locale, params.n)}`) ?? lookup(`${key}_other`);
  }
  text ??= lookup(key) ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export const t: Translate = (key, params) => translateIn(current, key, params);

const dateTime = { dateStyle: 'medium', timeStyle: 'short' } as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * A server message's parameters with its dates written for the reader (issue 14): the API sends them machine-readable
 * ('2026-11-20', ISO date-times) so each language writes them its own way ("20 Nov 2026", "20 नव॰ 2026"). Here and
 * not in format-date.ts, which the first page does not load.
 */
export function readerParams<P extends MessageParamValues>(params: P, locale: string): P {
  let out = params;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string' || !ISO_DATE.test(value)) continue;
    // A calendar day is that day wherever the reader is; a date-time is shown in the reader's time zone.
    const day = value.length === 10;
    try {
      const format = new Intl.DateTimeFormat(locale, day ? { dateStyle: 'medium', timeZone: 'UTC' } : dateTime);
      out = { ...out, [name]: format.format(new Date(value)) };
    } catch {
      // An impossible date (2026-13-45) or an unusable locale tag: the value as sent.
    }
  }
  return out;
}

export function currentLocale(): SupportedLocale {
  return current;
}

/** Adds a locale's catalogue (tests use it for a fixture locale; the app loads files through setLocale). */
export function addCatalogue(locale: SupportedLocale, file: LocaleFile): void {
  catalogues.set(locale, flattenLocale(file));
}

/**
 * Switches the app to a language (aliases and unknown tags resolve as core.md §9 says), loading its file first;
 * a file that fails to load leaves the current language in place rather than a half-translated page.
 */
export async function setLocale(locale: string | null | undefined): Promise<SupportedLocale> {
  const resolved = resolveLocale(locale);
  if (!catalogues.has(resolved)) {
    try {
      addCatalogue(resolved, (await loaders[resolved]()).default);
    } catch {
      // Nothing to show at all yet (the very first load failed): English is the last resort.
      if (resolved !== 'en' && !catalogues.has(current)) return setLocale('en');
      return current;
    }
  }
  if (typeof document !== 'undefined') {
    document.documentElement.lang = resolved;
    document.documentElement.dir = languageDirection(resolved);
  }
  if (resolved !== current) {
    current = resolved;
    notify();
  }
  return resolved;
}

export function setReaderCountry(country: string | null | undefined): void {
  const next = country ?? null;
  if (next === readerCountry) return;
  readerCountry = next;
  notify();
}

/** Remembers a reader's choice in the browser (visitors have no profile; the server reads it too). */
export function rememberLanguage(locale: SupportedLocale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server as well
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const snapshot = () => intlLocale(current, readerCountry);

/** The tag dates and numbers are written with now (useI18n's `intl`), for code outside components. */
export const currentIntl = snapshot;

/**
 * The current language, a `t` bound to it, and `intl`, the tag to format dates and numbers with (language and the
 * reader's country, e.g. en-IN): components re-render when either changes.
 */
export function useI18n(): { t: Translate; locale: SupportedLocale; intl: string } {
  const intl = useSyncExternalStore(subscribe, snapshot, snapshot);
  const locale = resolveLocale(intl);
  const bound = useCallback<Translate>((key, params) => translateIn(locale, key, params), [locale]);
  return { t: bound, locale, intl };
}

/**
 * What to show for a sentence that came with its code (an answer's `{ code, message, params }`): the text by its code
 * in the reader's language when the code is the catalogue's and the sentence its own; otherwise (a validation
 * failure naming a field's rule, a framework's own text, another server) the sentence as it came. The contract's
 * `shownText` says the same, but needs the English catalogue, which the first page does not carry: here a sentence
 * counts as the catalogue's own unless the loaded English text says otherwise.
 */
export function shownText(said: { code?: unknown; message?: unknown; params?: unknown }): string | null {
  const message = typeof said.message === 'string' && said.message.trim() ? said.message : null;
  const catalogue = catalogues.get(current);
  if (typeof said.code !== 'string' || !catalogue?.has(said.code)) return message;
  const params = (typeof said.params === 'object' && said.params !== null ? said.params : {}) as MessageParamValues;
  const englishText = catalogues.get('en')?.get(said.code);
  if (message !== null && englishText !== undefined && message !== fillParams(englishText, params)) return message;
  return translateIn(current, said.code, readerParams(params, snapshot()));
}

// The contract's rules and answers speak through this catalogue: a message by its code, in the current language.
setMessageRenderer((code, params) => translateIn(current, code, readerParams(params, snapshot())));
