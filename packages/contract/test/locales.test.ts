import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import hi from '../locales/hi.json';
import kn from '../locales/kn.json';
import nl from '../locales/nl.json';
import ta from '../locales/ta.json';
import te from '../locales/te.json';
import { type SupportedLocale, supportedLocales } from '../src/languages.ts';
import { messages } from '../src/messages.ts';

/**
 * docs/i18n.md: every locale file holds every text of English (the labels of en.json and the catalogue's messages),
 * with the same placeholders, and is really translated: at most 5% of its values may equal the English one.
 */
type Tree = { [key: string]: string | Tree };
const files: Record<SupportedLocale, Tree> = { en, hi, kn, ta, te, fr, nl };
const read = (locale: SupportedLocale) => files[locale];

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) flat.set(k, v);
  }
  return flat;
}

const english = flatten({ ...read('en'), messages });
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
// Values that are the same in every language (allow-list): the brand, and texts with no words besides placeholders.
const sameEverywhere = (text: string) => text === 'Selfserve' || !/[A-Za-z]{2,}/.test(text.replace(/\{\w+\}/g, ''));
// Plural variants other than one/other exist only in the languages whose rules have them.
const extraPluralVariant = /_(zero|two|few|many)$/;

describe('locale files', () => {
  it('English has no messages of its own: they are the contract catalogue', () => {
    expect(read('en').messages).toBeUndefined();
  });

  it.each(supportedLocales.filter((l) => l !== 'en'))('%s has every English key, and no other', (locale) => {
    const translated = flatten(read(locale));
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    const unknown = [...translated.keys()].filter((key) => !english.has(key) && !extraPluralVariant.test(key));
    expect(missing).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it.each(supportedLocales.filter((l) => l !== 'en'))('%s keeps every placeholder of English', (locale) => {
    const translated = flatten(read(locale));
    const differing = [...english]
      .filter(
        ([key, text]) =>
          translated.has(key) && placeholders(translated.get(key) ?? '').join() !== placeholders(text).join(),
      )
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it.each(supportedLocales.filter((l) => l !== 'en'))(
    '%s is translated: at most 5% of values equal English',
    (locale) => {
      const translated = flatten(read(locale));
      const same = [...english].filter(([key, text]) => translated.get(key) === text && !sameEverywhere(text));
      expect(same.length / english.size).toBeLessThanOrEqual(0.05);
    },
  );
});
