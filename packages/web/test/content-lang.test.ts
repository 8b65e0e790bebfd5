import { describe, expect, it } from 'vitest';
import { contentLang } from '../src/lib/content-lang';

describe('contentLang: English inside a translated page says so', () => {
  it('marks Latin-letter text on a Hindi, Kannada, Tamil or Telugu page as English', () => {
    expect(contentLang('How refunds work', 'hi')).toBe('en');
    expect(contentLang('How refunds work', 'kn')).toBe('en');
    expect(contentLang('How refunds work', 'ta')).toBe('en');
    expect(contentLang('How refunds work', 'te')).toBe('en');
  });

  it('leaves text in the page’s own script alone, product names inside it included', () => {
    expect(contentLang('रिफ़ंड कैसे काम करता है', 'hi')).toBeUndefined();
    expect(contentLang('Prime Sedan के किराए', 'hi')).toBeUndefined();
    expect(contentLang('ರೀಫಂಡ್', 'kn')).toBeUndefined();
    expect(contentLang('12345', 'ta')).toBeUndefined();
  });

  it('claims nothing on English, French and Dutch pages unless the server says the language', () => {
    expect(contentLang('How refunds work', 'en')).toBeUndefined();
    expect(contentLang('How refunds work', 'fr')).toBeUndefined();
    expect(contentLang('How refunds work', 'nl', 'en')).toBe('en');
    expect(contentLang('Comment fonctionnent les remboursements', 'fr', 'fr')).toBeUndefined();
  });
});
