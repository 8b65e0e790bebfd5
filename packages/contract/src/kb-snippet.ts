import {
  indexStopWords,
  normalizeSearchText,
  type QueryGroup,
  shortWordVariants,
  typoTolerant,
  withinOneEdit,
} from './kb-search.ts';

/**
 * Search results people can read (docs/kb-search.md, "Snippets and highlights"): a snippet cut from the article's
 * original text (case, punctuation and apostrophes as written) around the best match, and the places of the words the
 * search matched, in the snippet and in the title. The server sends plain text plus ranges; the web builds `<mark>`
 * elements from text nodes, so nothing in an article's text is ever read as HTML.
 */

/** A highlighted range of a text: [start, end) in UTF-16 code units, as `String.prototype.slice` counts them. */
export type TextMark = [start: number, end: number];

/** A snippet's text (with "…" where it was cut) and the ranges of the matched words in it. */
export interface Snippet {
  text: string;
  marks: TextMark[];
}

/** The header search box suggests the top this many articles as the reader types (issue 19: top 5 titles). */
export const SEARCH_SUGGESTIONS_MAX = 5;

/** At most this many characters of the original text in a snippet (not counting the "…"). */
export const SNIPPET_MAX_CHARS = 180;
/**
 * A match this near the text's start shows the text from its start; else the snippet starts at the match's sentence
 * when near (SENTENCE_LOOKBACK_CHARS), or at a word about half this before the match.
 */
export const SNIPPET_LEAD_CHARS = 48;
/** A snippet starts at the beginning of its first match's sentence when that is at most this far before the match. */
const SENTENCE_LOOKBACK_CHARS = 80;
const ELLIPSIS = '…';

/** One word of an original text: its place, and its tokens as the index normalises them (usually one). */
export interface TextWord {
  start: number;
  end: number;
  tokens: string[];
}

// The same split as normalizeSearchText: a word is a run of letters, marks (Devanagari vowel signs, combining
// accents) and digits. Each run is normalised on its own (NFKC, lower case), so a normalisation that changes the
// length ("ﬁ" → "fi", "İ" → "i̇", "क़" → "क़", "e + ◌́" → "é") never moves a place: ranges are the run's, in the original.
// Scanned by character code with a table (a snippet is built for every result of an uncached search).
const WORD_CHAR = /^[\p{L}\p{M}\p{N}]$/u;
/** Per UTF-16 code unit of the BMP: 0 not yet known, 1 part of a word, 2 not. Filled as texts are read. */
const wordUnits = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) {
  wordUnits[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 2;
}

/** A token made of ASCII letters and digits only (what an ASCII word's lower case is). */
const ASCII_TOKEN = /^[a-z0-9]+$/;
const NOT_ASCII = /[\u0080-\uffff]/;
const isAsciiWordUnit = (code: number) => wordUnits[code] === 1;

/** Length in code units of the word character at i (2 for a letter outside the BMP), or 0 when it is none. */
function wordCharAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff) {
    const cp = text.codePointAt(i) as number;
    return cp > 0xffff && WORD_CHAR.test(String.fromCodePoint(cp)) ? 2 : 0;
  }
  let kind = wordUnits[code];
  if (kind === 0) {
    kind = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2;
    wordUnits[code] = kind;
  }
  return kind === 1 ? 1 : 0;
}

/**
 * Calls `visit` for each word of a text: its place and whether it is plain ASCII (then its token is its lower case,
 * since NFKC leaves ASCII letters and digits as they are). A visit answering true stops the walk.
 */
function forEachWord(text: string, visit: (start: number, end: number, ascii: boolean) => boolean | undefined): void {
  const len = text.length;
  let i = 0;
  while (i < len) {
    const code = text.charCodeAt(i);
    // ASCII straight from the table: most of most texts.
    let step = code < 128 ? (wordUnits[code] === 1 ? 1 : 0) : wordCharAt(text, i);
    if (step === 0) {
      i++;
      continue;
    }
    const start = i;
    let ascii = true;
    while (step !== 0) {
      if (step === 2 || text.charCodeAt(i) >= 128) ascii = false;
      i += step;
      if (i >= len) break;
      const next = text.charCodeAt(i);
      step = next < 128 ? (wordUnits[next] === 1 ? 1 : 0) : wordCharAt(text, i);
    }
    if (visit(start, i, ascii) === true) return;
  }
}

/** A word's tokens as the index normalises it (usually one; NFKC may make several of one run: "½" → "1 2"). */
function tokensOf(run: string, ascii: boolean): string[] {
  if (ascii) return [run.toLowerCase()];
  // NFKC is the costly part of reading Hindi and other scripts, and a language's words recur: remembered (bounded).
  let tokens = normalisedRuns.get(run);
  if (!tokens) {
    tokens = normalizeSearchText(run).split(' ').filter(Boolean);
    if (normalisedRuns.size >= NORMALISED_RUNS_MAX) normalisedRuns.clear();
    normalisedRuns.set(run, tokens);
  }
  return tokens;
}
const NORMALISED_RUNS_MAX = 20_000;
const normalisedRuns = new Map<string, string[]>();

/** The words of an original text with their places in it. */
export function textWords(text: string): TextWord[] {
  const words: TextWord[] = [];
  forEachWord(text, (start, end, ascii) => {
    const tokens = tokensOf(text.slice(start, end), ascii);
    if (tokens.length > 0) words.push({ start, end, tokens: [...tokens] });
    return false;
  });
  return words;
}

/** A place in a text where the search matched, with the query groups (bits, in queryGroups order) it matched. */
export interface TextMatch {
  start: number;
  end: number;
  groups: number;
}

/** Finds the words a query's groups match in a text, as the search matched them. */
export interface Highlighter {
  /** every match in `text`, in order, overlapping ones merged */
  matches(text: string): TextMatch[];
  /** the marks of a whole text (a title) */
  marks(text: string): TextMark[];
  /** a snippet of a text around its best match, with its marks; the start of the text when nothing matches */
  snippet(text: string, maxChars?: number): Snippet;
}

/**
 * How a query matched (contract queryGroups, repo searchArticles), word by word: a group matches its typed word, the
 * last typed word also as a prefix (search-as-you-type), a word of three or four letters also in its other number, a
 * word of five letters or more also any word one edit away that is not a stop word (the typo vocabulary leaves stop
 * words out), and its synonyms; a phrase (a typed synonym phrase, a synonym of several words) matches its words next
 * to each other, in order. A prefix or typo match marks the whole word the reader sees.
 */
export function highlighterFor(
  groups: readonly QueryGroup[],
  /**
   * Each group's words one edit away as the search found them in its vocabulary (a server's index): matched as words,
   * instead of testing every word of a text against the typo rule — the same words for an indexed text, and the
   * costly part of a snippet otherwise. Without it, the rule.
   */
  nearWords?: readonly (readonly string[])[],
): Highlighter {
  const exact = new Map<string, number>();
  const prefixes: { word: string; bit: number }[] = [];
  const typos: { word: string; bit: number }[] = [];
  const phrases: { words: string[]; bit: number }[] = [];
  const addExact = (word: string, bit: number) => exact.set(word, (exact.get(word) ?? 0) | bit);
  groups.slice(0, 30).forEach((g, i) => {
    const bit = 1 << i;
    const alternatives = g.alternatives.map((a) => [...a]);
    if (g.typed.length === 1) {
      const word = g.typed[0] as string;
      addExact(word, bit);
      if (g.prefix) prefixes.push({ word, bit });
      const near = nearWords?.[i];
      if (near) for (const w of near) addExact(w, bit);
      else if (typoTolerant(word)) typos.push({ word, bit });
      for (const v of shortWordVariants(word)) addExact(v, bit);
    } else if (g.typed.length > 1) {
      alternatives.push([...g.typed]);
    }
    for (const a of alternatives) {
      if (a.length === 1) addExact(a[0] as string, bit);
      else if (a.length > 1) phrases.push({ words: a, bit });
    }
  });

  const tokenBits = (token: string): number => {
    let bits = exact.get(token) ?? 0;
    for (const p of prefixes) if (token.startsWith(p.word)) bits |= p.bit;
    for (const t of typos) {
      if ((bits & t.bit) === 0 && Math.abs(token.length - t.word.length) <= 1 && withinOneEdit(t.word, token)) {
        if (!indexStopWords.has(token)) bits |= t.bit;
      }
    }
    return bits;
  };

  // Lengths a plain ASCII word must have to match anything alone: its token is only made when it may (most words of a
  // text match nothing). Phrases need every token.
  const minPrefix = prefixes.length > 0 ? Math.min(...prefixes.map((p) => p.word.length)) : Number.POSITIVE_INFINITY;
  const lengths = new Set<number>([...exact.keys()].map((w) => w.length));
  for (const t of typos) for (const d of [-1, 0, 1]) lengths.add(t.word.length + d);
  const mayMatch = (length: number) => length >= minPrefix || lengths.has(length);
  // And the first letter (lower case) a plain ASCII word must start with, when no typo rule applies (a typo may change
  // it): most words are ruled out before their token is made.
  const firstLetters =
    typos.length === 0 ? new Set([...exact.keys(), ...prefixes.map((p) => p.word)].map((w) => w.charCodeAt(0))) : null;

  const allGroups = 2 ** Math.min(groups.length, 30) - 1;

  // Plain ASCII texts (most of an English knowledge base) are searched, not walked: with no phrase and no typo rule,
  // a word matches when its lower case is an exact word or starts with a prefix, so each of those is found with
  // indexOf in the text's lower case (the same length and places as the text, for ASCII) and kept when it stands at
  // word boundaries. The walk visits every character of every word; this reads the text natively a few times. A word
  // that is not plain ASCII can never be the token of an ASCII word: left out.
  const asciiSearch = phrases.length === 0 && typos.length === 0;
  const asciiExact = [...exact].filter(([word]) => ASCII_TOKEN.test(word));
  const asciiPrefixes = prefixes.filter((p) => ASCII_TOKEN.test(p.word));
  const asciiMatches = (text: string): TextMatch[] => {
    const lower = text.toLowerCase();
    const len = lower.length;
    const byStart = new Map<number, TextMatch>();
    const add = (start: number, end: number, bit: number) => {
      const known = byStart.get(start);
      if (known) known.groups |= bit;
      else byStart.set(start, { start, end, groups: bit });
    };
    for (const [word, bits] of asciiExact) {
      for (let i = lower.indexOf(word); i >= 0; i = lower.indexOf(word, i + 1)) {
        const end = i + word.length;
        if (
          (i > 0 && isAsciiWordUnit(lower.charCodeAt(i - 1))) ||
          (end < len && isAsciiWordUnit(lower.charCodeAt(end)))
        ) {
          continue;
        }
        add(i, end, bits);
      }
    }
    for (const p of asciiPrefixes) {
      for (let i = lower.indexOf(p.word); i >= 0; i = lower.indexOf(p.word, i + 1)) {
        if (i > 0 && isAsciiWordUnit(lower.charCodeAt(i - 1))) continue;
        let end = i + p.word.length;
        while (end < len && isAsciiWordUnit(lower.charCodeAt(end))) end++;
        add(i, end, p.bit);
      }
    }
    const found = [...byStart.values()];
    return found.length > 1 ? found.sort((a, b) => a.start - b.start) : found;
  };

  /**
   * The matches of a text. With `snippetChars`, the walk stops once it is past any snippet that long could reach: a
   * stretch holding every group has been seen, and snippetAround's window starts at the first such stretch or before.
   */
  const matches = (text: string, snippetChars?: number): TextMatch[] => {
    if (groups.length === 0 || text.length === 0) return [];
    // All its matches, where the walk below may stop early: the snippet is the same (its window and marks end before
    // the walk's stop).
    if (asciiSearch && !NOT_ASCII.test(text)) return asciiMatches(text);
    const found: TextMatch[] = [];
    if (phrases.length === 0) {
      let seen = 0;
      let stopAt = Number.POSITIVE_INFINITY;
      forEachWord(text, (start, end, ascii) => {
        if (start > stopAt) return true;
        if (ascii && (!mayMatch(end - start) || (firstLetters && !firstLetters.has(text.charCodeAt(start) | 0x20)))) {
          return false;
        }
        let bits = 0;
        for (const token of tokensOf(text.slice(start, end), ascii)) bits |= tokenBits(token);
        if (bits === 0) return false;
        found.push({ start, end, groups: bits });
        seen |= bits;
        if (snippetChars !== undefined && seen === allGroups && stopAt === Number.POSITIVE_INFINITY) {
          // The latest stretch ending here that holds every group: if it fits a window, the snippet is settled.
          let have = 0;
          let k = found.length - 1;
          for (; k >= 0 && have !== allGroups; k--) have |= (found[k] as TextMatch).groups;
          const from = (found[k + 1] as TextMatch).start;
          if (end - from <= windowSpan(snippetChars)) stopAt = from + snippetChars;
        }
        return false;
      });
      return found;
    }
    // Tokens with the place of the word they come from (a word normalised into several tokens gives each its place).
    const tokens: string[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    forEachWord(text, (start, end, ascii) => {
      for (const token of tokensOf(text.slice(start, end), ascii)) {
        tokens.push(token);
        starts.push(start);
        ends.push(end);
      }
      return false;
    });
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as string;
      const start = starts[i] as number;
      const bits = tokenBits(token);
      if (bits !== 0) found.push({ start, end: ends[i] as number, groups: bits });
      for (const p of phrases) {
        if (p.words[0] !== token || i + p.words.length > tokens.length) continue;
        let k = 1;
        while (k < p.words.length && tokens[i + k] === p.words[k]) k++;
        if (k === p.words.length) found.push({ start, end: ends[i + k - 1] as number, groups: p.bit });
      }
    }
    return merge(found);
  };

  return {
    matches,
    marks: (text) => matches(text).map((m) => [m.start, m.end]),
    snippet: (text, maxChars = SNIPPET_MAX_CHARS) => snippetAround(text, matches(text, maxChars), maxChars),
  };
}

/** How far apart the matches of a snippet's best stretch may be: its length less a little lead. */
const windowSpan = (maxChars: number) => Math.max(1, maxChars - SNIPPET_LEAD_CHARS / 2);

/** Sorted by place; overlapping matches (a phrase and one of its words) become one. */
function merge(found: TextMatch[]): TextMatch[] {
  if (found.length < 2) return found;
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: TextMatch[] = [{ ...(found[0] as TextMatch) }];
  for (let i = 1; i < found.length; i++) {
    const m = found[i] as TextMatch;
    const last = out[out.length - 1] as TextMatch;
    if (m.start < last.end) {
      last.end = Math.max(last.end, m.end);
      last.groups |= m.groups;
    } else out.push({ ...m });
  }
  return out;
}

const bitCount = (n: number) => {
  let c = 0;
  for (let v = n; v !== 0; v &= v - 1) c++;
  return c;
};

const isSpace = (code: number) =>
  code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x2028 || code === 0x2029 || code === 0x3000;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
/** Sentence ends a snippet may start after: . ! ? and the danda (।, ॥). */
const SENTENCE_END = /[.!?।॥]/;

/**
 * A snippet of at most `maxChars` characters of `text` around its best place: the stretch holding the most different
 * query groups (the first such stretch), starting at the beginning of its sentence when that is near, else at a word
 * a little before the first match, and ending at a word's end. "…" shows where the text was cut. Without matches, the
 * text's start.
 */
export function snippetAround(text: string, matches: readonly TextMatch[], maxChars = SNIPPET_MAX_CHARS): Snippet {
  const len = text.length;
  if (len === 0) return { text: '', marks: [] };
  // The best window: the most different groups within maxChars less the lead, the first of them on a tie.
  const span = windowSpan(maxChars);
  let best = -1;
  let bestGroups = 0;
  let bestLast = -1;
  for (let i = 0, j = 0; i < matches.length; i++) {
    if (j < i) j = i;
    const from = (matches[i] as TextMatch).start;
    while (j + 1 < matches.length && (matches[j + 1] as TextMatch).end - from <= span) j++;
    let bits = 0;
    for (let k = i; k <= j; k++) bits |= (matches[k] as TextMatch).groups;
    const count = bitCount(bits);
    if (count > bestGroups) {
      best = i;
      bestGroups = count;
      bestLast = j;
    }
  }

  let start = 0;
  if (best >= 0) {
    const first = (matches[best] as TextMatch).start;
    const lastEnd = Math.min((matches[bestLast] as TextMatch).end, first + maxChars);
    start = leadStart(text, first);
    // Keep the window's last match inside the snippet: start later (at a word) when the lead would push it out.
    if (lastEnd - start > maxChars) start = wordStartAtOrAfter(text, lastEnd - maxChars, first);
    // Near the end of the text, room left over goes to the text before: the whole text when it fits.
    // (from the first sentence start that fits, else a word).
    if (len - start < maxChars) {
      start =
        len <= maxChars
          ? 0
          : (sentenceStartIn(text, len - maxChars, start) ?? wordStartAtOrAfter(text, len - maxChars, start));
    }
  }

  let end = len;
  if (end - start > maxChars) {
    const cut = start + maxChars;
    end = cut;
    // Back to the last space before the cut (the end of a word); a single very long word is cut where it must be.
    while (end > start && !isSpace(text.charCodeAt(end))) end--;
    if (end === start) end = isHighSurrogate(text.charCodeAt(cut - 1)) ? cut - 1 : cut;
  }
  // No dangling separators before the "…".
  if (end < len) {
    while (end > start && (isSpace(text.charCodeAt(end - 1)) || /[,;:\-–—(]/.test(text.charAt(end - 1)))) end--;
  }
  const body = text.slice(start, end);
  const lead = start > 0 ? ELLIPSIS : '';
  const shift = lead.length - start;
  const marks: TextMark[] = [];
  for (const m of matches) {
    if (m.end <= start || m.start >= end) continue;
    marks.push([Math.max(m.start, start) + shift, Math.min(m.end, end) + shift]);
  }
  return { text: `${lead}${body}${end < len ? ELLIPSIS : ''}`, marks };
}

/** Where a snippet whose first match is at `first` begins: the text's start or its sentence's when near, else a word. */
function leadStart(text: string, first: number): number {
  if (first <= SNIPPET_LEAD_CHARS) return 0;
  // The sentence the match is in, when it starts near enough (the text's own start is one too).
  for (let p = first - 1; p >= first - SENTENCE_LOOKBACK_CHARS && p > 0; p--) {
    if (isSpace(text.charCodeAt(p)) && SENTENCE_END.test(text.charAt(p - 1))) {
      return wordStartAtOrAfter(text, p, first);
    }
  }
  if (first <= SENTENCE_LOOKBACK_CHARS) return 0;
  return wordStartAtOrAfter(text, first - Math.floor(SNIPPET_LEAD_CHARS / 2), first);
}

/** The first sentence start in [from, to], if any. */
function sentenceStartIn(text: string, from: number, to: number): number | null {
  for (let p = Math.max(2, from); p <= to; p++) {
    if (isSpace(text.charCodeAt(p - 1)) && !isSpace(text.charCodeAt(p)) && SENTENCE_END.test(text.charAt(p - 2))) {
      return p;
    }
  }
  return null;
}

/** The first word start at or after `from` (never after `limit`, the start of a match). */
function wordStartAtOrAfter(text: string, from: number, limit: number): number {
  let p = Math.max(0, from);
  if (p === 0) return 0;
  while (p < limit && !(isSpace(text.charCodeAt(p - 1)) && !isSpace(text.charCodeAt(p)))) p++;
  return p;
}
