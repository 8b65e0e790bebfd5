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

/** Code points, so a Hindi letter with its vowel sign counts as the letters it is made of. */
function chars(s: string): string[] {
  return Array.from(s);
}

/** True when a and b differ by at most one insertion, deletion, substitution or swap of neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const x = chars(a);
  const y = chars(b);
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (x.length === y.length) {
    const rest = (from: number) => x.slice(from).join('') === y.slice(from).join('');
    // substitution at i, or a swap of i and i+1
    return rest(i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2));
  }
  const [longer, shorter] = x.length > y.length ? [x, y] : [y, x];
  return longer.slice(i + 1).join('') === shorter.slice(i).join('');
}

export function typoTolerant(term: string): boolean {
  return chars(term).length >= TYPO_MIN_WORD_LENGTH;
}
