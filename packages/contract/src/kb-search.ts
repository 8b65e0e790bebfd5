import { z } from 'zod';
import { type SupportedLocale, supportedLocales } from './languages.ts';

/**
 * Search text rules shared by indexing and querying, on both databases: Unicode-normalised, lower
 * case, split on anything that is not a letter, mark or digit (so Devanagari vowel signs stay inside
 * their word), and a typo tolerance of one edit for words of five letters or more (spec-driven
 * search-as-you-type; docs/kb-search.md).
 */
export const TYPO_MIN_WORD_LENGTH = 5;
export const MAX_QUERY_TERMS = 8;

export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

export function searchTerms(query: string): string[] {
  const terms = normalizeSearchText(query).split(' ').filter(Boolean);
  return [...new Set(terms)].slice(0, MAX_QUERY_TERMS);
}

/**
 * True when a and b differ by at most one insertion, deletion, substitution or swap of neighbours.
 * Compares UTF-16 code units: Latin and Devanagari letters are one unit each, and this runs on
 * every vocabulary word of a search, so it must not allocate.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (la - lb > 1 || lb - la > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la === lb) {
    const swapped = a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i);
    return sameFrom(a, i + 1, b, i + 1) || (swapped && sameFrom(a, i + 2, b, i + 2));
  }
  return la > lb ? sameFrom(a, i + 1, b, i) : sameFrom(a, i, b, i + 1);
}

/** a from ai equals b from bi */
function sameFrom(a: string, ai: number, b: string, bi: number): boolean {
  if (a.length - ai !== b.length - bi) return false;
  for (; ai < a.length; ai++, bi++) if (a.charCodeAt(ai) !== b.charCodeAt(bi)) return false;
  return true;
}

export function typoTolerant(term: string): boolean {
  return term.length >= TYPO_MIN_WORD_LENGTH;
}

/** The other number of an English word: "toll" ↔ "tolls", "refunds" ↔ "refund" (not "glass" → "glas"). */
export function pluralVariant(term: string): string | null {
  if (term.length < 3 || !/^[a-z]+$/.test(term)) return null;
  if (term.endsWith('ss')) return null;
  return term.endsWith('s') ? term.slice(0, -1) : `${term}s`;
}

/**
 * Singular and plural of a short typed word (three or four letters: "toll" also finds "tolls", "fees" finds "fee"),
 * which typo tolerance does not reach; longer words get theirs from the one-edit rule.
 */
export function shortWordVariants(term: string): string[] {
  const other = typoTolerant(term) ? null : pluralVariant(term);
  return other ? [other] : [];
}

// ---- questions: stop words and synonyms (docs/kb-search.md) ---------------------------------------

/**
 * Words that say nothing about what a question is about, per language. A query drops them; the index keeps every
 * word (so phrases of the synonym table still match) but its typo vocabulary leaves them out, so a misspelt word is
 * never "corrected" into one. Negations ("not", "no", "नहीं") stay: "payment not received" is a different question.
 */
export const stopWords = {
  en: [
    'a',
    'about',
    'after',
    'again',
    'all',
    'am',
    'an',
    'and',
    'any',
    'are',
    'as',
    'at',
    'be',
    'been',
    'being',
    'but',
    'by',
    'can',
    'could',
    'd',
    'did',
    'didn',
    'do',
    'does',
    'doesn',
    'doing',
    'each',
    'don',
    'done',
    'even',
    'ever',
    'every',
    'for',
    'from',
    'get',
    'getting',
    'got',
    'had',
    'has',
    'have',
    'he',
    'her',
    'here',
    'him',
    'his',
    'how',
    'i',
    'if',
    'in',
    'into',
    'is',
    'isn',
    'it',
    'its',
    'just',
    'll',
    'm',
    'me',
    'mine',
    'my',
    'myself',
    'need',
    'of',
    'on',
    'or',
    'our',
    'please',
    're',
    's',
    'she',
    'should',
    'so',
    'some',
    'still',
    't',
    'than',
    'that',
    'the',
    'their',
    'them',
    'then',
    'there',
    'these',
    'they',
    'this',
    'those',
    'though',
    'to',
    'too',
    'us',
    've',
    'very',
    'want',
    'was',
    'wasn',
    'we',
    'were',
    'what',
    'when',
    'where',
    'which',
    'who',
    'whom',
    'why',
    'will',
    'with',
    'won',
    'would',
    'you',
    'your',
  ],
  hi: [
    'मैं',
    'मैंने',
    'मुझे',
    'मेरा',
    'मेरी',
    'मेरे',
    'हम',
    'हमें',
    'हमारा',
    'आप',
    'आपका',
    'आपकी',
    'का',
    'की',
    'के',
    'को',
    'से',
    'में',
    'पर',
    'है',
    'हैं',
    'था',
    'थी',
    'थे',
    'हो',
    'और',
    'या',
    'भी',
    'तो',
    'ही',
    'यह',
    'वह',
    'ये',
    'वो',
    'कैसे',
    'क्या',
    'क्यों',
    'कब',
    'कहाँ',
    'कहां',
    'करें',
    'करूँ',
    'करूं',
    'करना',
    'एक',
    'लिए',
    'कृपया',
  ],
  kn: [
    'ನಾನು',
    'ನನ್ನ',
    'ನನಗೆ',
    'ನೀವು',
    'ನಿಮ್ಮ',
    'ಮತ್ತು',
    'ಅಥವಾ',
    'ಹೇಗೆ',
    'ಏನು',
    'ಏಕೆ',
    'ಯಾಕೆ',
    'ಇದು',
    'ಅದು',
    'ಒಂದು',
    'ಇದೆ',
    'ದಯವಿಟ್ಟು',
  ],
  ta: [
    'நான்',
    'என்',
    'எனது',
    'எனக்கு',
    'நீங்கள்',
    'உங்கள்',
    'மற்றும்',
    'அல்லது',
    'எப்படி',
    'என்ன',
    'ஏன்',
    'இது',
    'அது',
    'ஒரு',
    'உள்ளது',
    'தயவுசெய்து',
  ],
  te: ['నేను', 'నా', 'నాకు', 'మీరు', 'మీ', 'మరియు', 'లేదా', 'ఎలా', 'ఏమి', 'ఎందుకు', 'ఇది', 'అది', 'ఒక', 'ఉంది', 'దయచేసి'],
  fr: [
    'a',
    'ai',
    'au',
    'aux',
    'avec',
    'c',
    'ce',
    'ces',
    'comment',
    'd',
    'dans',
    'de',
    'des',
    'du',
    'elle',
    'en',
    'est',
    'et',
    'il',
    'j',
    'je',
    'l',
    'la',
    'le',
    'les',
    'leur',
    'm',
    'ma',
    'me',
    'mes',
    'moi',
    'mon',
    'où',
    'ou',
    'par',
    'pour',
    'pourquoi',
    'qu',
    'que',
    'quel',
    'quelle',
    'qui',
    'quoi',
    's',
    'sa',
    'se',
    'ses',
    'son',
    'sont',
    'sur',
    'ta',
    'te',
    'tes',
    'ton',
    'tu',
    'un',
    'une',
    'vos',
    'votre',
    'vous',
    'y',
  ],
  nl: [
    'aan',
    'al',
    'bij',
    'dat',
    'de',
    'deze',
    'die',
    'dit',
    'een',
    'en',
    'er',
    'hem',
    'het',
    'hij',
    'hoe',
    'hun',
    'ik',
    'in',
    'is',
    'je',
    'jij',
    'jou',
    'jouw',
    'kan',
    'me',
    'met',
    'mij',
    'mijn',
    'naar',
    'of',
    'om',
    'ons',
    'onze',
    'op',
    'te',
    'u',
    'uw',
    'van',
    'voor',
    'waar',
    'waarom',
    'wat',
    'wie',
    'wij',
    'ze',
    'zij',
    'zijn',
  ],
} as const satisfies Record<SupportedLocale, readonly string[]>;

/**
 * The stop words a reader's query loses: English (the content's language) and the languages written in their own
 * script (no English word can be one of theirs) always; French and Dutch only for their readers, since their
 * function words are English content words ("car" is French for because, "door" Dutch for through).
 */
export function stopWordLanguages(reader: SupportedLocale = 'en'): SupportedLocale[] {
  const always: SupportedLocale[] = ['en', 'hi', 'kn', 'ta', 'te'];
  return reader === 'fr' || reader === 'nl' ? [...always, reader] : always;
}

const stopWordSets = new Map<string, ReadonlySet<string>>();
export function stopWordSet(reader: SupportedLocale = 'en'): ReadonlySet<string> {
  const languages = stopWordLanguages(reader);
  const key = languages.join(',');
  let set = stopWordSets.get(key);
  if (!set) {
    set = new Set(languages.flatMap((l) => stopWords[l].map((w) => normalizeSearchText(w))));
    stopWordSets.set(key, set);
  }
  return set;
}

/** The words of the index's typo vocabulary: every indexed word but the stop words of every reader. */
export const indexStopWords: ReadonlySet<string> = new Set(
  supportedLocales.flatMap((l) => stopWords[l].map((w) => normalizeSearchText(w))),
);

export const SYNONYM_MAX_WORDS = 4;
export const SYNONYM_MAX_ENTRIES = 2000;

/**
 * content/kb/synonyms.yml: what people type (one to four words) → the word or words the articles use (a text or a
 * list of texts, each one to four words). The typed words still match; a synonym only adds alternatives.
 */
export const synonymsFileSchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string()).min(1)]))
  .refine((r) => Object.keys(r).length <= SYNONYM_MAX_ENTRIES, `at most ${SYNONYM_MAX_ENTRIES} entries`);

/** Normalised synonyms: typed phrase (words joined by one space) → alternatives (each words joined by one space). */
export type Synonyms = Record<string, string[]>;

/** Checks and normalises a parsed synonyms file; problems name the entry. */
export function parseSynonyms(input: unknown): { synonyms: Synonyms; problems: string[] } {
  const parsed = synonymsFileSchema.safeParse(input ?? {});
  if (!parsed.success) return { synonyms: {}, problems: parsed.error.issues.map((i) => i.message) };
  const synonyms: Synonyms = {};
  const problems: string[] = [];
  const words = (text: string) => normalizeSearchText(text).split(' ').filter(Boolean);
  for (const [typed, means] of Object.entries(parsed.data)) {
    const key = words(typed);
    const alternatives = (Array.isArray(means) ? means : [means]).map(words);
    if (key.length === 0 || key.length > SYNONYM_MAX_WORDS) {
      problems.push(`"${typed}": one to ${SYNONYM_MAX_WORDS} words`);
      continue;
    }
    if (alternatives.some((a) => a.length === 0 || a.length > SYNONYM_MAX_WORDS)) {
      problems.push(`"${typed}": each synonym is one to ${SYNONYM_MAX_WORDS} words`);
      continue;
    }
    const joined = key.join(' ');
    if (synonyms[joined]) {
      problems.push(`"${typed}": listed twice`);
      continue;
    }
    synonyms[joined] = [...new Set(alternatives.map((a) => a.join(' ')))].filter((a) => a !== joined);
  }
  return { synonyms, problems };
}

/** One thing a query asks for: what was typed (a word or a synonym's phrase) or any of its synonyms. */
export interface QueryGroup {
  /** the typed words: one, or the several words of a synonym phrase */
  typed: string[];
  /** the last word, still being typed: it also matches as a prefix */
  prefix: boolean;
  /** the synonym table's alternatives, each one word or a phrase */
  alternatives: string[][];
}

/**
 * A query as groups that must all match: synonym phrases are found first (longest first, stop words included, so
 * "get my money back" may be listed), then the remaining stop words are dropped. At most MAX_QUERY_TERMS groups;
 * none when the query is only stop words.
 */
export function queryGroups(query: string, opts: { reader?: SupportedLocale; synonyms?: Synonyms } = {}): QueryGroup[] {
  const tokens = normalizeSearchText(query).split(' ').filter(Boolean);
  const synonyms = opts.synonyms ?? {};
  const stop = stopWordSet(opts.reader);
  const groups: QueryGroup[] = [];
  const seen = new Set<string>();
  let i = 0;
  while (i < tokens.length) {
    let taken = 0;
    for (let len = Math.min(SYNONYM_MAX_WORDS, tokens.length - i); len >= 1; len--) {
      const phrase = tokens.slice(i, i + len).join(' ');
      const means = Object.hasOwn(synonyms, phrase) ? synonyms[phrase] : undefined;
      if (!means) continue;
      if (!seen.has(phrase)) {
        seen.add(phrase);
        groups.push({
          typed: tokens.slice(i, i + len),
          prefix: len === 1 && i === tokens.length - 1,
          alternatives: withPlurals(means.map((m) => m.split(' '))),
        });
      }
      taken = len;
      break;
    }
    if (taken === 0) {
      const word = tokens[i] as string;
      if (!stop.has(word) && !seen.has(word)) {
        seen.add(word);
        groups.push({ typed: [word], prefix: i === tokens.length - 1, alternatives: [] });
      }
      taken = 1;
    }
    i += taken;
  }
  return groups.slice(0, MAX_QUERY_TERMS);
}

/** A synonym of one word also matches in the other number ("refund" finds "refunds"). */
function withPlurals(alternatives: string[][]): string[][] {
  const out = [...alternatives];
  const known = new Set(alternatives.map((a) => a.join(' ')));
  for (const a of alternatives) {
    const other = a.length === 1 ? pluralVariant(a[0] as string) : null;
    if (other && !known.has(other)) {
      known.add(other);
      out.push([other]);
    }
  }
  return out;
}

/** Every word a query's groups look for (typed and synonyms), for snippets. */
export function groupWords(groups: QueryGroup[]): string[] {
  return [...new Set(groups.flatMap((g) => [...g.typed, ...g.alternatives.flat()]))];
}
