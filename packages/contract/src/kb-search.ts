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
