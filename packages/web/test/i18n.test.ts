import hi from '@selfserve/contract/locales/hi.json';
import ta from '@selfserve/contract/locales/ta.json';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalogue, currentLocale, setLocale, t, translateIn } from '../src/lib/i18n';

describe('the web catalogue (docs/i18n.md)', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it.each([
    ['hi', 'hi'],
    ['mr-IN', 'hi'],
    ['bn', 'hi'],
    ['pa', 'hi'],
    ['ta-IN', 'ta'],
    ['de', 'en'],
  ])('%s switches to %s, and the page says so', async (asked, shown) => {
    expect(await setLocale(asked)).toBe(shown);
    expect(currentLocale()).toBe(shown);
    expect(document.documentElement.lang).toBe(shown);
    expect(document.documentElement.dir).toBe('ltr');
  });

  it("loads a language's file and shows labels and messages from it", async () => {
    await setLocale('ta');
    expect(t('home.heading')).toBe(ta.home.heading);
    expect(t('articleNotFound')).toBe(ta.messages.articleNotFound);
  });

  it('fills placeholders and picks the plural variant by n, as the language counts', () => {
    expect(translateIn('en', 'search.found', { n: 1 })).toBe('1 article found');
    expect(translateIn('en', 'search.found', { n: 4 })).toBe('4 articles found');
    expect(translateIn('en', 'tickets.list.ticketId', { id: 'TK-9' })).toBe('Ticket #TK-9');
  });

  it('falls back to English for a key a locale lacks, and leaves an unknown placeholder visible', () => {
    addCatalogue('kn', { home: { heading: 'ಕನ್ನಡ' } });
    expect(translateIn('kn', 'home.heading')).toBe('ಕನ್ನಡ');
    expect(translateIn('kn', 'home.greeting')).toBe('Hello');
    expect(translateIn('en', 'home.greetingNamed', {})).toBe('Hello, {name}');
  });

  it('uses the Hindi plural forms from hi.json', () => {
    addCatalogue('hi', hi);
    expect(translateIn('hi', 'search.found', { n: 1 })).toBe(hi.search.found_one.replace('{n}', '1'));
    expect(translateIn('hi', 'search.found', { n: 3 })).toBe(hi.search.found_other.replace('{n}', '3'));
  });
});
