import {
  indexStopWords,
  normalizeSearchText,
  type QueryGroup,
  shortWordVariants,
  typoTolerant,
  withinOneEdit,
} from '@selfserve/contract';

/**
 * The knowledge base's search index, in memory: built once per knowledge-base version from the articles' rows and
 * kept per instance like the category tree, the same on SQLite and PostgreSQL (docs/kb-search.md). An inverted index
 * of the normalised words (each word's articles with how often it occurs in the title and in the body), each
 * article's words in order (phrases), and the vocabulary sorted (prefixes) and by length (typos). Ranking is BM25 as
 * SQLite's FTS5 computes it (`bm25(title 10, body 1)`), over the same tokens.
 */

export interface IndexedArticle {
  id: string;
  index_name: string;
  title: string;
  /** the body's normalised words, single spaces (articles.body_text) */
  body_text: string;
  /** the body's plain text as written (articles.body_plain): snippets are cut from it */
  body_plain: string;
}

export interface IndexHit {
  id: string;
  /** matches some but not all of the query's groups (below every full match) */
  partial?: boolean;
}

/** A query group with its typed word's one-edit neighbours (five letters or more) or its other number (3–4). */
interface ExpandedGroup extends QueryGroup {
  near: string[];
}

/** At most this many partial matches follow the full ones: the best few, not every article sharing a word. */
export const PARTIAL_MAX = 5;
const NEAR_CACHE_SIZE = 10_000;
// FTS5's bm25 constants and the column weights the search has always used (title ×10).
const K1 = 1.2;
const B = 0.75;
const TITLE_WEIGHT = 10;

/** A phrase's hits: the articles (ascending) and its occurrences in each one's title and body. */
interface PhraseHits {
  docs: Int32Array;
  title: Uint16Array;
  body: Uint16Array;
}
const NO_HITS: PhraseHits = { docs: new Int32Array(0), title: new Uint16Array(0), body: new Uint16Array(0) };

export class SearchIndex {
  readonly size: number;
  private readonly ids: string[];
  /** each article's index, as a number of `indexNumbers` */
  private readonly indexOf: Uint16Array;
  private readonly indexNumbers = new Map<string, number>();
  /** each article's place in title order (equal titles share one): ties are broken by this, not by comparing text */
  private readonly titleRank: Int32Array;
  private readonly plains: string[];
  private readonly docOf = new Map<string, number>();
  /** every article's word ids in order: article d's title from `titleAt[d]`, its body from `bodyAt[d]` to `titleAt[d + 1]` */
  private readonly words: Int32Array;
  private readonly titleAt: Int32Array;
  private readonly bodyAt: Int32Array;
  /** BM25's length normalisation of each article: k1 × (1 − b + b × length / average length) */
  private readonly norm: Float64Array;
  private readonly termIds = new Map<string, number>();
  /** the vocabulary sorted, with each word's id: a prefix is a range of it */
  private readonly sorted: string[];
  private readonly sortedIds: Int32Array;
  /** postings: term t's articles are postDocs[postAt[t] .. postAt[t + 1]) */
  private readonly postAt: Int32Array;
  private readonly postDocs: Int32Array;
  private readonly postTitle: Uint16Array;
  private readonly postBody: Uint16Array;
  /**
   * The typo vocabulary (every word but the stop words, so a typo is never corrected into one) by length and first
   * letter, and by all but the first letter: a word one edit away keeps its first letter unless the edit is there.
   */
  private readonly byLengthAndFirst = new Map<number, string[]>();
  private readonly byTail = new Map<string, string[]>();
  private readonly nearCache = new Map<string, string[]>();
  // Scratch space of one query (a search runs to its end synchronously): per article, the groups it matches, those
  // in its title, and its score; `touched` lists the articles to reset, `full` and `partials` those ranked. Typed
  // arrays sized once, not lists grown per query: a query of common words touches thousands of articles, and the
  // lists were about a tenth of a search's garbage (docs/performance.md).
  private readonly groupMask: Uint8Array;
  private readonly titleMask: Uint8Array;
  private readonly score: Float64Array;
  /** a partial match's order before its score: groups matched, then those in the title */
  private readonly partialKey: Uint8Array;
  private readonly touched: Int32Array;
  private readonly full: Int32Array;
  private readonly partials: Int32Array;

  constructor(rows: readonly IndexedArticle[]) {
    const n = rows.length;
    this.size = n;
    this.ids = rows.map((r) => r.id);
    this.indexOf = new Uint16Array(n);
    for (let d = 0; d < n; d++) {
      const name = (rows[d] as IndexedArticle).index_name;
      let no = this.indexNumbers.get(name);
      if (no === undefined) {
        no = this.indexNumbers.size;
        this.indexNumbers.set(name, no);
      }
      this.indexOf[d] = no;
    }
    this.titleRank = new Int32Array(n);
    const titles = rows.map((r) => r.title);
    const byTitle = titles.map((_, d) => d).sort((a, b) => compare(titles[a] as string, titles[b] as string));
    for (let i = 1; i < n; i++) {
      const d = byTitle[i] as number;
      const before = byTitle[i - 1] as number;
      this.titleRank[d] = (this.titleRank[before] as number) + (titles[d] === titles[before] ? 0 : 1);
    }
    this.plains = rows.map((r) => r.body_plain);
    for (let d = 0; d < n; d++) this.docOf.set(this.ids[d] as string, d);
    this.titleAt = new Int32Array(n + 1);
    this.bodyAt = new Int32Array(n);
    const vocabulary: string[] = [];
    const idOf = (w: string) => {
      let id = this.termIds.get(w);
      if (id === undefined) {
        id = vocabulary.length;
        vocabulary.push(w);
        this.termIds.set(w, id);
      }
      return id;
    };
    let words = new Int32Array(Math.max(1024, n * 64));
    let at = 0;
    const push = (text: string) => {
      for (const w of text.split(' ')) {
        if (!w) continue;
        if (at === words.length) {
          const grown = new Int32Array(words.length * 2);
          grown.set(words);
          words = grown;
        }
        words[at++] = idOf(w);
      }
    };
    for (let d = 0; d < n; d++) {
      const row = rows[d] as IndexedArticle;
      this.titleAt[d] = at;
      push(normalizeSearchText(row.title));
      this.bodyAt[d] = at;
      push(row.body_text);
    }
    this.titleAt[n] = at;
    this.words = words.slice(0, at);
    const avgLength = n > 0 ? at / n : 0;
    this.norm = new Float64Array(n);
    for (let d = 0; d < n; d++) {
      const length = (this.titleAt[d + 1] as number) - (this.titleAt[d] as number);
      this.norm[d] = K1 * (1 - B + (B * length) / avgLength);
    }

    // Postings, in two passes: how many articles hold each word, then each article's counts.
    const terms = vocabulary.length;
    const seenIn = new Int32Array(terms).fill(-1);
    const df = new Int32Array(terms);
    for (let d = 0; d < n; d++) {
      for (let i = this.titleAt[d] as number; i < (this.titleAt[d + 1] as number); i++) {
        const t = this.words[i] as number;
        if (seenIn[t] !== d) {
          seenIn[t] = d;
          df[t] = (df[t] as number) + 1;
        }
      }
    }
    this.postAt = new Int32Array(terms + 1);
    for (let t = 0; t < terms; t++) this.postAt[t + 1] = (this.postAt[t] as number) + (df[t] as number);
    const total = this.postAt[terms] as number;
    this.postDocs = new Int32Array(total);
    this.postTitle = new Uint16Array(total);
    this.postBody = new Uint16Array(total);
    const next = this.postAt.slice(0, terms);
    const slot = new Int32Array(terms);
    seenIn.fill(-1);
    for (let d = 0; d < n; d++) {
      const titleEnd = this.bodyAt[d] as number;
      for (let i = this.titleAt[d] as number; i < (this.titleAt[d + 1] as number); i++) {
        const t = this.words[i] as number;
        if (seenIn[t] !== d) {
          seenIn[t] = d;
          const s = next[t] as number;
          next[t] = s + 1;
          slot[t] = s;
          this.postDocs[s] = d;
        }
        const s = slot[t] as number;
        // A word said more than 65,535 times in one article counts that many.
        if (i < titleEnd) this.postTitle[s] = Math.min(65535, (this.postTitle[s] as number) + 1);
        else this.postBody[s] = Math.min(65535, (this.postBody[s] as number) + 1);
      }
    }

    const order = vocabulary.map((_, i) => i).sort((a, b) => compare(vocabulary[a] as string, vocabulary[b] as string));
    this.sorted = order.map((i) => vocabulary[i] as string);
    this.sortedIds = Int32Array.from(order);
    for (const w of vocabulary) {
      if (indexStopWords.has(w)) continue;
      addTo(this.byLengthAndFirst, lengthAndFirst(w.length, w.charCodeAt(0)), w);
      addTo(this.byTail, w.slice(1), w);
    }
    this.groupMask = new Uint8Array(n);
    this.touched = new Int32Array(n);
    this.full = new Int32Array(n);
    this.partials = new Int32Array(n);
    this.titleMask = new Uint8Array(n);
    this.score = new Float64Array(n);
    this.partialKey = new Uint8Array(n);
  }

  /** An article's plain text (body_plain), '' for an article the index does not hold. */
  plainText(id: string): string {
    const d = this.docOf.get(id);
    return d === undefined ? '' : (this.plains[d] as string);
  }

  /**
   * The articles of some indexes matching every group, best first (BM25, then title); when fewer than `limit` do,
   * the best partial matches follow (at most PARTIAL_MAX): the more groups matched, then the more of them in the
   * title, then the score, then the title. Only a query of two groups or more has partial matches.
   */
  search(groups: readonly QueryGroup[], indexes: readonly string[], limit: number): IndexHit[] {
    if (groups.length === 0 || indexes.length === 0 || this.size === 0) return [];
    const expanded = groups.map((g) => this.expand(g));
    const all = (1 << expanded.length) - 1;
    let touchedCount = 0;
    const { groupMask, titleMask, score, norm, partialKey, touched, full, partials } = this;
    for (const [gi, g] of expanded.entries()) {
      const bit = 1 << gi;
      for (const hits of this.groupPhrases(g)) {
        const { docs, title, body } = hits;
        // FTS5's IDF: over every indexed article, never below a tiny positive weight.
        const weight = (K1 + 1) * Math.max(1e-6, Math.log((this.size - docs.length + 0.5) / (docs.length + 0.5)));
        for (let i = 0; i < docs.length; i++) {
          const d = docs[i] as number;
          const t = title[i] as number;
          const f = TITLE_WEIGHT * t + (body[i] as number);
          if (groupMask[d] === 0) touched[touchedCount++] = d;
          groupMask[d] = (groupMask[d] as number) | bit;
          if (t > 0) titleMask[d] = (titleMask[d] as number) | bit;
          score[d] = (score[d] as number) + (weight * f) / (f + (norm[d] as number));
        }
      }
    }
    const allowed = new Uint8Array(this.indexNumbers.size);
    for (const name of indexes) {
      const no = this.indexNumbers.get(name);
      if (no !== undefined) allowed[no] = 1;
    }
    let fullCount = 0;
    let partialCount = 0;
    for (let i = 0; i < touchedCount; i++) {
      const d = touched[i] as number;
      if (allowed[this.indexOf[d] as number] === 0) continue;
      if (groupMask[d] === all) full[fullCount++] = d;
      else if (expanded.length > 1) {
        // Groups matched (at most 8), then those in the title: one small number to compare.
        partialKey[d] = bitCount(groupMask[d] as number) * 16 + bitCount(titleMask[d] as number);
        partials[partialCount++] = d;
      }
    }
    const hits: IndexHit[] = this.best(full, fullCount, limit, null).map((d) => ({ id: this.ids[d] as string }));
    if (hits.length < limit && partialCount > 0) {
      for (const d of this.best(partials, partialCount, Math.min(limit - hits.length, PARTIAL_MAX), partialKey)) {
        hits.push({ id: this.ids[d] as string, partial: true });
      }
    }
    for (let i = 0; i < touchedCount; i++) {
      const d = touched[i] as number;
      groupMask[d] = 0;
      titleMask[d] = 0;
      score[d] = 0;
      partialKey[d] = 0;
    }
    return hits;
  }

  /**
   * The first `k` of the first `count` of `docs` best first, without sorting them all (k is a page: 5 to 40): the
   * higher `key` first (partial matches: groups matched, then those in the title), then the higher score, then the
   * title; equals keep their order. The comparisons are written out on the typed arrays: this runs over every article
   * a query touched.
   */
  private best(docs: Int32Array, count: number, k: number, key: Uint8Array | null): number[] {
    const { score, titleRank } = this;
    const ahead = (a: number, b: number) => {
      if (key !== null && key[a] !== key[b]) return (key[a] as number) > (key[b] as number);
      if (score[a] !== score[b]) return (score[a] as number) > (score[b] as number);
      return (titleRank[a] as number) < (titleRank[b] as number);
    };
    const best: number[] = [];
    if (k <= 0) return best;
    for (let j = 0; j < count; j++) {
      const d = docs[j] as number;
      if (best.length === k && !ahead(d, best[k - 1] as number)) continue;
      let i = best.length === k ? k - 1 : best.length;
      // Insertion into the sorted page: shift the worse ones down.
      while (i > 0 && ahead(d, best[i - 1] as number)) {
        best[i] = best[i - 1] as number;
        i--;
      }
      best[i] = d;
    }
    return best;
  }

  private expand(g: QueryGroup): ExpandedGroup {
    return { ...g, near: this.near(g) };
  }

  /**
   * The words a group's typed word also matches whole: its one-edit neighbours in the typo vocabulary (five letters or
   * more), or a short word's other number. The highlighter marks these same words (search.ts).
   */
  near(g: QueryGroup): string[] {
    const word = g.typed.length === 1 ? (g.typed[0] as string) : null;
    if (!word) return [];
    if (!typoTolerant(word)) return shortWordVariants(word);
    let near = this.nearCache.get(word);
    if (!near) {
      const first = word.charCodeAt(0);
      const found = new Set<string>();
      // An edit after the first letter keeps it: the words of the three lengths that start with it.
      for (const len of [word.length - 1, word.length, word.length + 1]) {
        for (const t of this.byLengthAndFirst.get(lengthAndFirst(len, first)) ?? []) {
          if (t !== word && withinOneEdit(word, t)) found.add(t);
        }
      }
      // An edit of the first letter: replaced or put before (the word's tail, or the word, is the other's tail),
      // dropped, or swapped with the second.
      const rest = word.slice(1);
      const swapped = word.charAt(1) + word.charAt(0) + word.slice(2);
      for (const t of [...(this.byTail.get(rest) ?? []), ...(this.byTail.get(word) ?? []), rest, swapped]) {
        if (t.charCodeAt(0) !== first && this.termIds.has(t) && !indexStopWords.has(t) && withinOneEdit(word, t)) {
          found.add(t);
        }
      }
      // Shorter words first, then in the order the index read them (as a scan of the vocabulary finds them).
      near = [...found].sort(
        (a, b) => a.length - b.length || (this.termIds.get(a) as number) - (this.termIds.get(b) as number),
      );
      // People repeat words: each word's neighbours are kept for the version (the most recent NEAR_CACHE_SIZE).
      this.nearCache.set(word, near);
      if (this.nearCache.size > NEAR_CACHE_SIZE) this.nearCache.delete(this.nearCache.keys().next().value as string);
    }
    return near;
  }

  /**
   * The phrases a group matches, as FTS5 counts them: the typed word or phrase (the last word also as a prefix while
   * it is being typed: every word it starts), each near word, each synonym (a word or a phrase). Near words match
   * whole: as prefixes they would pull in thousands of articles on a large base.
   */
  private groupPhrases(g: ExpandedGroup): PhraseHits[] {
    return [
      this.phrase(g.typed, g.prefix),
      ...g.near.map((w) => this.phrase([w], false)),
      ...g.alternatives.map((a) => this.phrase(a, false)),
    ];
  }

  private phrase(words: readonly string[], prefix: boolean): PhraseHits {
    const last = words.length - 1;
    const ids: number[] = [];
    for (let i = 0; i < last; i++) {
      const id = this.termIds.get(words[i] as string);
      if (id === undefined) return NO_HITS;
      ids.push(id);
    }
    const lastWord = words[last] as string;
    const lastIds = prefix ? this.prefixIds(lastWord) : [this.termIds.get(lastWord)].filter((t) => t !== undefined);
    if (lastIds.length === 0) return NO_HITS;
    if (ids.length === 0) return lastIds.length === 1 ? this.postings(lastIds[0] as number) : this.merged(lastIds);
    return this.phraseInText(ids, new Set(lastIds));
  }

  private postings(t: number): PhraseHits {
    const from = this.postAt[t] as number;
    const to = this.postAt[t + 1] as number;
    return {
      docs: this.postDocs.subarray(from, to),
      title: this.postTitle.subarray(from, to),
      body: this.postBody.subarray(from, to),
    };
  }

  /** Several words' postings as one phrase (a prefix): each article once, its counts summed. */
  private merged(terms: number[]): PhraseHits {
    const counts = new Map<number, [number, number]>();
    for (const t of terms) {
      for (let i = this.postAt[t] as number; i < (this.postAt[t + 1] as number); i++) {
        const d = this.postDocs[i] as number;
        const c = counts.get(d);
        if (c) {
          c[0] += this.postTitle[i] as number;
          c[1] += this.postBody[i] as number;
        } else counts.set(d, [this.postTitle[i] as number, this.postBody[i] as number]);
      }
    }
    const docs = Int32Array.from(counts.keys()).sort();
    const title = new Uint16Array(docs.length);
    const body = new Uint16Array(docs.length);
    docs.forEach((d, i) => {
      const c = counts.get(d) as [number, number];
      title[i] = Math.min(65535, c[0]);
      body[i] = Math.min(65535, c[1]);
    });
    return { docs, title, body };
  }

  /**
   * A phrase of several words: the articles holding its first word, each scanned for the words in order, within the
   * title or within the body (a phrase never runs from one into the other); the last word any of `lastIds`.
   */
  private phraseInText(ids: number[], lastIds: ReadonlySet<number>): PhraseHits {
    const first = this.postings(ids[0] as number).docs;
    const docs: number[] = [];
    const title: number[] = [];
    const body: number[] = [];
    const len = ids.length + 1;
    const count = (from: number, to: number) => {
      let hits = 0;
      for (let i = from; i + len <= to; i++) {
        let k = 0;
        while (k < ids.length && this.words[i + k] === ids[k]) k++;
        if (k === ids.length && lastIds.has(this.words[i + k] as number)) hits++;
      }
      return hits;
    };
    for (const d of first) {
      const t = count(this.titleAt[d] as number, this.bodyAt[d] as number);
      const b = count(this.bodyAt[d] as number, this.titleAt[d + 1] as number);
      if (t + b === 0) continue;
      docs.push(d);
      title.push(Math.min(65535, t));
      body.push(Math.min(65535, b));
    }
    return { docs: Int32Array.from(docs), title: Uint16Array.from(title), body: Uint16Array.from(body) };
  }

  /** The ids of every word starting with `prefix` (a range of the sorted vocabulary). */
  private prefixIds(prefix: string): number[] {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.sorted[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const ids: number[] = [];
    for (let i = lo; i < this.sorted.length && (this.sorted[i] as string).startsWith(prefix); i++) {
      ids.push(this.sortedIds[i] as number);
    }
    return ids;
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One key for a length and a first code unit. */
const lengthAndFirst = (length: number, first: number) => length * 65536 + first;

function addTo<K>(map: Map<K, string[]>, key: K, word: string) {
  const list = map.get(key);
  if (list) list.push(word);
  else map.set(key, [word]);
}

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
}
