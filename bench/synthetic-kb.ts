// Synthetic knowledge-base content for the benchmarks: ARTICLES articles in 100 categories of one index, with a
// Zipf-distributed vocabulary, the same on every run.
import fs from 'node:fs';
import path from 'node:path';

/** mulberry32: a small seeded generator, so every run writes the same content and queries. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A Zipf-distributed vocabulary of 5,000 words, as in real help text: a few very common words,
// a long tail of rare ones. Queries use mid-frequency words (ranks 200 to 3,000). The words are
// random letter strings of 4 to 10 letters: like real words, most have no other word one edit away.
const VOCABULARY = 5000;
const letters = 'etaoinshrdlcumwfgypbvkjxqz';
export const random = rng(42);
const words = [
  ...new Set(
    Array.from({ length: VOCABULARY * 2 }, () => {
      const length = 4 + Math.floor(random() * 7);
      let w = '';
      // Skewed towards common letters, as in English.
      for (let i = 0; i < length; i++) w += letters[Math.floor(random() ** 1.6 * letters.length)];
      return w;
    }),
  ),
].slice(0, VOCABULARY);
const cdf: number[] = [];
let total = 0;
for (let r = 1; r <= VOCABULARY; r++) {
  total += 1 / r ** 1.07;
  cdf.push(total);
}
function zipfWord(): string {
  const x = random() * total;
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cdf[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return words[lo] as string;
}
export const queryWord = () => words[200 + Math.floor(random() * 2800)] as string;

export const ARTICLES = Number(process.env.BENCH_KB_ARTICLES ?? 10_000);
/** The id of the n-th synthetic article. */
export const articleId = (n: number) => String(1000000 + n);

/** A content folder of ARTICLES articles in 100 categories of one index. */
export function writeSyntheticContent(dir: string) {
  const pick = zipfWord;
  const folder = path.join(dir, 'customer');
  fs.mkdirSync(folder, { recursive: true });
  for (let c = 0; c < 100; c++) {
    const id = String(900000 + c);
    fs.writeFileSync(
      path.join(folder, `${id}.md`),
      `---\nid: "${id}"\nindex: customer\ntype: category\nposition: ${c}\ntitle: ${pick()} and ${pick()} help ${c}\n---\nCategory ${c}.\n`,
    );
  }
  for (let a = 0; a < ARTICLES; a++) {
    const id = articleId(a);
    const title = `${pick()} ${pick()} ${pick()} question ${a}`;
    const body = Array.from({ length: 80 }, pick).join(' ');
    fs.writeFileSync(
      path.join(folder, `${id}.md`),
      `---\nid: "${id}"\nindex: customer\ntype: article\nparent: "${900000 + (a % 100)}"\nposition: ${a}\ntitle: ${title}\n---\n${body}.\n`,
    );
  }
}

/** A seeded stream of query words (ranks 200 to 3,000), so every server under test is asked the same queries. */
export function wordStream(seed: number): () => string {
  const r = rng(seed);
  return () => words[200 + Math.floor(r() * 2800)] as string;
}

/** One edit in a word of five letters or more (its third letter replaced), so both searches must correct it. */
export function typoOf(word: string): string {
  const letter = word[2] === 'e' ? 'a' : 'e';
  return `${word.slice(0, 2)}${letter}${word.slice(3)}`;
}
