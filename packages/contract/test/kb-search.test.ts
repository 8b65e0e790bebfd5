import { describe, expect, it } from 'vitest';
import {
  groupWords,
  indexStopWords,
  MAX_QUERY_TERMS,
  parseSynonyms,
  pluralVariant,
  queryGroups,
  shortWordVariants,
  stopWordLanguages,
  stopWords,
} from '../src/kb-search.ts';
import type { SupportedLocale } from '../src/languages.ts';

const synonyms = parseSynonyms({
  'money back': 'refund',
  'get my money back': 'refund',
  cab: ['ride', 'trip'],
  'e-mail': 'e mail',
  'drop off': 'drop',
}).synonyms;

/** A query's groups in short: typed words, then "|" and the synonyms; "*" marks the prefix. */
const shape = (query: string, reader?: SupportedLocale) =>
  queryGroups(query, { reader, synonyms }).map(
    (g) =>
      `${g.typed.join(' ')}${g.prefix ? '*' : ''}${g.alternatives.length ? ` | ${g.alternatives.map((a) => a.join(' ')).join(' | ')}` : ''}`,
  );

describe('queryGroups: stop words', () => {
  it.each<[string, SupportedLocale | undefined, string[]]>([
    ['how do i change my email address', undefined, ['change', 'email', 'address*']],
    ['Why was I charged a cancellation fee?', undefined, ['charged', 'cancellation', 'fee*']],
    ['the driver did not come', undefined, ['driver', 'not', 'come*']],
    ['my payment was not received', undefined, ['payment', 'not', 'received*']],
    ['how to', undefined, []],
    ['मेरा भुगतान कब मिलेगा', undefined, ['भुगतान', 'मिलेगा*']],
    ['ನನ್ನ ಹಣ ಹೇಗೆ', undefined, ['ಹಣ']],
    ['எனது பணம் எப்படி', undefined, ['பணம்']],
    ['నా డబ్బు ఎలా', undefined, ['డబ్బు']],
    ['comment obtenir un remboursement', 'fr', ['obtenir', 'remboursement*']],
    ['hoe krijg ik mijn geld terug', 'nl', ['krijg', 'geld', 'terug*']],
    // French and Dutch function words are English content words: only their readers lose them.
    ['car door stuck', undefined, ['car', 'door', 'stuck*']],
    ['car de la ville', 'fr', ['car', 'ville*']],
  ])('%s (%s)', (query, reader, expected) => {
    expect(shape(query, reader)).toEqual(expected);
  });

  it('applies English and the own-script languages always, French and Dutch for their readers', () => {
    expect(stopWordLanguages('en')).toEqual(['en', 'hi', 'kn', 'ta', 'te']);
    expect(stopWordLanguages('hi')).toEqual(['en', 'hi', 'kn', 'ta', 'te']);
    expect(stopWordLanguages('fr')).toEqual(['en', 'hi', 'kn', 'ta', 'te', 'fr']);
    expect(stopWordLanguages('nl')).toEqual(['en', 'hi', 'kn', 'ta', 'te', 'nl']);
  });

  it('keeps negations and the words riders ask about out of the lists', () => {
    for (const word of ['not', 'no', 'नहीं', 'ride', 'car', 'help', 'off', 'up', 'out'])
      expect(stopWords.en.includes(word as never) || stopWords.hi.includes(word as never)).toBe(false);
    // The index's typo vocabulary leaves out every reader's stop words.
    expect(indexStopWords.has('the')).toBe(true);
    expect(indexStopWords.has('pour')).toBe(true);
    expect(indexStopWords.has('refund')).toBe(false);
  });
});

describe('queryGroups: synonyms', () => {
  it.each<[string, string[]]>([
    ['how do i get my money back', ['get my money back | refund | refunds']],
    ['money back for a cancelled ride', ['money back | refund | refunds', 'cancelled', 'ride*']],
    ['left my phone in the cab', ['left', 'phone', 'cab* | ride | trip | rides | trips']],
    ['cab driver was rude', ['cab | ride | trip | rides | trips', 'driver', 'rude*']],
    ['change my E-mail', ['change', 'e mail']],
    ['drop off point', ['drop off | drop | drops', 'point*']],
    ['cab cab taxi', ['cab | ride | trip | rides | trips', 'taxi*']],
  ])('%s', (query, expected) => {
    expect(shape(query)).toEqual(expected);
  });

  it('keeps at most MAX_QUERY_TERMS groups', () => {
    const long = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo';
    expect(queryGroups(long)).toHaveLength(MAX_QUERY_TERMS);
  });

  it('lists every word looked for, for snippets', () => {
    expect(groupWords(queryGroups('money back cab', { synonyms }))).toEqual([
      'money',
      'back',
      'refund',
      'refunds',
      'cab',
      'ride',
      'trip',
      'rides',
      'trips',
    ]);
  });
});

describe('parseSynonyms', () => {
  it('normalises both sides and drops an alternative equal to the typed phrase', () => {
    expect(parseSynonyms({ 'Money-Back!': ['REFUND', 'money back'], Taxi: 'ride' })).toEqual({
      synonyms: { 'money back': ['refund'], taxi: ['ride'] },
      problems: [],
    });
  });

  it.each<[string, unknown, RegExp]>([
    ['a phrase of five words', { 'one two three four five': 'ride' }, /one to 4 words/],
    ['an empty synonym', { cab: '!!' }, /each synonym is one to 4 words/],
    ['a key twice after normalising', { 'E-mail': 'mail', 'e mail': 'email' }, /listed twice/],
    ['a list instead of a map', ['cab', 'ride'], /./],
    ['a number as synonym', { cab: 5 }, /./],
  ])('refuses %s', (_name, input, problem) => {
    const { problems } = parseSynonyms(input);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(problem);
  });

  it('takes an empty file as an empty table', () => {
    expect(parseSynonyms(null)).toEqual({ synonyms: {}, problems: [] });
  });
});

describe('singular and plural', () => {
  it.each<[string, string | null]>([
    ['toll', 'tolls'],
    ['refunds', 'refund'],
    ['glass', null],
    ['ac', null],
    ['भुगतान', null],
  ])('%s → %s', (word, other) => {
    expect(pluralVariant(word)).toBe(other);
  });

  it('adds them for short typed words only (longer ones have the one-edit rule)', () => {
    expect(shortWordVariants('fee')).toEqual(['fees']);
    expect(shortWordVariants('cabs')).toEqual(['cab']);
    expect(shortWordVariants('refund')).toEqual([]);
  });
});
