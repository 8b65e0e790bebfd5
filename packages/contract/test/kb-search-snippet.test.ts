import { describe, expect, it } from 'vitest';
import { parseSynonyms, queryGroups } from '../src/kb-search.ts';
import { highlighterFor, SNIPPET_MAX_CHARS, type Snippet, snippetAround, textWords } from '../src/kb-snippet.ts';
import type { SupportedLocale } from '../src/languages.ts';

const synonyms = parseSynonyms({
  'money back': 'refund',
  cab: ['ride', 'trip'],
  bill: ['invoice', 'receipt'],
  'close my account': ['delete my account'],
}).synonyms;

const highlighter = (query: string, reader?: SupportedLocale) =>
  highlighterFor(queryGroups(query, { reader, synonyms }));

/** A repeatable stream of numbers in [0, 1) (a linear congruential generator). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** The marked pieces of a text, in order: what a reader sees highlighted. */
const marked = (text: string, marks: [number, number][]) => marks.map(([s, e]) => text.slice(s, e));
const shown = (s: Snippet) => marked(s.text, s.marks);

describe('highlighter: the words the search matched, at their places in the original text', () => {
  it("marks a group's near words as the search found them, instead of testing every word against the typo rule", () => {
    // The server passes the words its index found one edit away (search-index.ts near): only those are marked.
    const h = highlighterFor(queryGroups('wallet statuses'), [['wallets'], []]);
    expect(marked('Wallets, wallet, walled: statuses.', h.marks('Wallets, wallet, walled: statuses.'))).toEqual([
      'Wallets',
      'wallet',
      'statuses',
    ]);
    // Without them, the rule: "walled" is one edit from "wallet" too.
    expect(
      marked('Wallets, wallet, walled.', highlighter('wallet statuses').marks('Wallets, wallet, walled.')),
    ).toEqual(['Wallets', 'wallet', 'walled']);
  });

  it.each<[string, string, string, string[]]>([
    ['original case and punctuation kept', 'refund', "Your Refund: what you'll see.", ['Refund']],
    [
      'every place of a word and its one-edit neighbours',
      'wallet status',
      'Wallet? A wallet, wallets, walleted.',
      ['Wallet', 'wallet', 'wallets'],
    ],
    ['the last word also as a prefix', 'refund', 'Refund? A refund, refunds.', ['Refund', 'refund', 'refunds']],
    [
      'the last word as a prefix (the whole word)',
      'how do i get a refu',
      'We REFUND it; refunds too.',
      ['REFUND', 'refunds'],
    ],
    ['only the last word is a prefix', 'refu wallet', 'refund wallet refu', ['wallet', 'refu']],
    ['several words', 'cancelled ride fee', 'A fee for a cancelled ride.', ['fee', 'cancelled', 'ride']],
    ['stop words are not marked', 'how do i change my email', 'How do I change my email?', ['change', 'email']],
    ['a one-typo word', 'refnud status', 'Refund status', ['Refund', 'status']],
    ['a typo never matches a stop word', 'whree', 'where is it', []],
    ['a short word in its other number', 'toll', 'Tolls and a toll.', ['Tolls', 'toll']],
    ['a synonym', 'cab', 'Your ride or trip.', ['ride', 'trip']],
    [
      'a typed synonym phrase and its synonym',
      'money back',
      'Get your money back: a refund.',
      ['money back', 'refund'],
    ],
    ['a synonym phrase across punctuation', 'close my account', 'To delete my account, write.', ['delete my account']],
    ['a phrase only in order', 'close my account', 'my account delete', []],
    ['nothing matched', 'wallet', 'No such word here.', []],
    ['an apostrophe splits a word as the index does', 'll', "you'll", []],
  ])('%s', (_name, query, text, expected) => {
    const h = highlighter(query);
    expect(marked(text, h.marks(text))).toEqual(expected);
  });

  it('Hindi: vowel signs and virama stay inside the word', () => {
    const text = 'आपका भुगतान, कृपया रिफ़ंड की स्थिति देखें।';
    const h = highlighter('भुगतान स्थिति');
    expect(marked(text, h.marks(text))).toEqual(['भुगतान', 'स्थिति']);
    // A prefix of a Hindi word (search-as-you-type) marks the word.
    expect(marked(text, highlighter('स्थि').marks(text))).toEqual(['स्थिति']);
  });

  it('Hindi: a nukta letter written precomposed matches as NFKC decomposes it (a longer normal form)', () => {
    // U+095E (फ़) is NFKC U+092B U+093C: two code units in the normal form, one in the text.
    const text = 'आपका रिफ़ंड आज';
    const precomposed = text.replace('फ़', '\u095E');
    expect(precomposed).not.toBe(text);
    const h = highlighter('रिफ़ंड');
    expect(marked(precomposed, h.marks(precomposed))).toEqual(['रि\u095Eंड']);
    // 'आपका ' is five code units; the word is four in the text (रि = 2, फ़ = 1, ं, ड), five once normalised.
    expect(h.marks(precomposed)).toEqual([[5, 10]]);
  });

  it('French: accents kept, matched as typed or unaccented in the same way the index reads them', () => {
    const text = 'Le remboursement est effectué sur votre carte bancaire.';
    expect(marked(text, highlighter('remboursement effectué', 'fr').marks(text))).toEqual([
      'remboursement',
      'effectué',
    ]);
    // A decomposed accent (e + combining acute) is one word, marked whole.
    const decomposed = 'Paiement effectue\u0301 hier';
    expect(marked(decomposed, highlighter('effectué', 'fr').marks(decomposed))).toEqual(['effectue\u0301']);
  });

  it('length-changing normalisation keeps places in the original: ligatures, dotted capital I, full-width letters', () => {
    const text = 'The ﬁnal İstanbul ＲＥＦＵＮＤ note';
    expect(marked(text, highlighter('final').marks(text))).toEqual(['ﬁnal']);
    expect(marked(text, highlighter('refund note').marks(text))).toEqual(['ＲＥＦＵＮＤ', 'note']);
    expect(marked(text, highlighter('note').marks(text))).toEqual(['note']);
  });

  it('HTML-like text is only text: the marks are places, the text is unchanged', () => {
    const text = 'Type <script>alert(1)</script> or &lt;b&gt; in the script box';
    const h = highlighter('script');
    expect(marked(text, h.marks(text))).toEqual(['script', 'script', 'script']);
    expect(h.snippet(text).text).toBe(text);
  });

  it('textWords: the words of a text, as the index normalises them, with their places', () => {
    expect(textWords("It's ½ O'Brien")).toEqual([
      { start: 0, end: 2, tokens: ['it'] },
      { start: 3, end: 4, tokens: ['s'] },
      { start: 5, end: 6, tokens: ['1', '2'] },
      { start: 7, end: 8, tokens: ['o'] },
      { start: 9, end: 14, tokens: ['brien'] },
    ]);
  });
});

const long = [
  'Refunds go back to the way you paid.',
  'Cards take five to seven working days, and your bank may take longer to show it.',
  'Wallet refunds are instant: open the wallet page to see the credit.',
  'If you paid in cash, we add the amount to your wallet instead of handing out cash.',
  'Contact us if nothing has arrived after ten days.',
].join(' ');

describe('snippets: the original text around the best match', () => {
  it('starts at the text when nothing matched, and cuts at a word with "…"', () => {
    const s = highlighter('zzzzz').snippet(long);
    expect(s.marks).toEqual([]);
    expect(s.text.startsWith('Refunds go back')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    const kept = s.text.slice(0, -1);
    expect(kept.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    // Cut at the end of a word: what is kept is a prefix of the text ending where a word ends.
    expect(long.startsWith(kept)).toBe(true);
    expect(long.charAt(kept.length)).toMatch(/[\s,]/);
  });

  it('starts at the sentence of the first match when near, with "…" before', () => {
    const s = highlighter('wallet credit').snippet(long);
    expect(s.text.startsWith('…Wallet refunds are instant')).toBe(true);
    expect(shown(s)).toEqual(['Wallet', 'wallet', 'credit', 'wallet']);
  });

  it('prefers the stretch holding the most different words', () => {
    const s = highlighter('cash wallet').snippet(long);
    // "wallet" alone comes first; "cash" and "wallet" together come later.
    expect(s.text).toContain('If you paid in cash');
    expect(shown(s)).toContain('cash');
    expect(shown(s)).toContain('wallet');
  });

  it('a match late in the first sentence still shows the text from its start', () => {
    const text = `The quickest way to get money back is the in-app wallet or a voucher: both are instant. ${'More text follows here. '.repeat(10)}`;
    const s = highlighter('wallet').snippet(text);
    expect(s.text.startsWith('The quickest way')).toBe(true);
    expect(shown(s)).toEqual(['wallet']);
  });

  it('the whole text with no "…" when it is short', () => {
    const s = highlighter('refund').snippet('Your refund is on its way.');
    expect(s).toEqual({ text: 'Your refund is on its way.', marks: [[5, 11]] });
  });

  it('marks sit at the right offsets after the leading "…"', () => {
    const s = highlighter('arrived').snippet(long);
    for (const [start, end] of s.marks) expect(s.text.slice(start, end)).toBe('arrived');
    expect(s.text.startsWith('…')).toBe(true);
  });

  it('starts at a word near the match when no sentence starts near it', () => {
    const text = `${'word '.repeat(60)}target ${'tail '.repeat(40)}`.trim();
    const s = highlighter('target').snippet(text);
    expect(s.text.startsWith('…word')).toBe(true);
    expect(shown(s)).toEqual(['target']);
    expect(s.text.indexOf('target')).toBeLessThan(40);
  });

  it('a long word without spaces is cut where it must be, never inside a surrogate pair', () => {
    const text = `${'a'.repeat(SNIPPET_MAX_CHARS - 1)}😀${'b'.repeat(50)}`;
    const s = snippetAround(text, []);
    expect(s.text).toBe(`${'a'.repeat(SNIPPET_MAX_CHARS - 1)}…`);
  });

  it('stopping the walk early (once the snippet is settled) gives the snippet a full walk gives', () => {
    // A seeded mix of words, sentences and repeats, so matches fall everywhere.
    const next = seededRandom(7);
    const vocabulary = [
      'refund',
      'wallet',
      'card',
      'cash.',
      'ride',
      'fee,',
      'the',
      'driver',
      'refunds',
      'walet',
      'bank',
    ];
    const queries = ['refund', 'wallet card', 'cash fee', 'refund wallet bank', 'driver', 'zzzz card', 'walle'];
    for (let n = 0; n < 200; n++) {
      const text = Array.from({ length: 20 + Math.floor(next() * 150) }, () =>
        next() < 0.1 ? 'Sentence ends here.' : vocabulary[Math.floor(next() * vocabulary.length)],
      ).join(' ');
      for (const q of queries) {
        const h = highlighter(q);
        expect(h.snippet(text), `${q} in ${text}`).toEqual(snippetAround(text, h.matches(text)));
      }
    }
  });

  it('a plain ASCII text is searched for its words and gives the matches and snippet the word-by-word walk gives', () => {
    // The server's highlighter (near words given, no phrase) searches an ASCII text instead of walking it. The walk is
    // what a text with a letter outside ASCII gets: the same text after "é " is walked, its matches 2 places later.
    const next = seededRandom(11);
    const vocabulary = [
      ...['Refund', 'refunds', 'wallet', 'WALLET', 'card', 'cards.', 'ride', 'rides,', 'the', 'card-fee', 'fee', 'x1'],
      ...['refund2', '(bank)', 'banks', "driver's", 'e-wallet', '4242', 'unride', 'overcards', 'rebank', 'x4242'],
    ];
    const queries: [string, string[][]][] = [
      ['refund', [['refunds']]],
      ['wallet card', [['wallets'], []]],
      ['card fee', [[], []]],
      ['ride ban', [[], []]],
      ['refund wallet bank', [[], ['walet'], []]],
      ['4242 x', [[], []]],
      ['cards', [[]]],
      ['card cards', [[], []]],
    ];
    for (let n = 0; n < 200; n++) {
      const text = Array.from({ length: 5 + Math.floor(next() * 120) }, () =>
        next() < 0.1 ? 'Sentence ends here.' : vocabulary[Math.floor(next() * vocabulary.length)],
      ).join(next() < 0.5 ? ' ' : '  ');
      for (const [q, near] of queries) {
        const h = highlighterFor(queryGroups(q, { synonyms: {} }), near);
        const walked = h.matches(`é ${text}`).map((m) => ({ ...m, start: m.start - 2, end: m.end - 2 }));
        expect(h.matches(text), `${q} in ${text}`).toEqual(walked);
        expect(h.snippet(text), `${q} in ${text}`).toEqual(snippetAround(text, walked));
      }
    }
  });

  it('an empty text gives an empty snippet', () => {
    expect(highlighter('refund').snippet('')).toEqual({ text: '', marks: [] });
  });
});
