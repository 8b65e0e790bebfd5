import { type QueryGroup, queryGroups, withinOneEdit } from '@selfserve/contract';
import { describe, expect, it } from 'vitest';
import { type IndexedArticle, SearchIndex } from '../src/modules/kb/search-index.ts';

// The in-memory index's order among equals (docs/kb-search.md): the same score is broken by the title, and equal
// titles keep the order the articles were read in. Articles of one length give equal scores to equal counts.
const article = (id: string, title: string, body: string): IndexedArticle => ({
  id,
  index_name: 'customer',
  title,
  body_text: body,
  body_plain: body,
});

const ids = (index: SearchIndex, query: string, limit = 10) =>
  index.search(queryGroups(query), ['customer'], limit).map((h) => `${h.id}${h.partial ? '*' : ''}`);

describe('search index: the order of equal scores', () => {
  const index = new SearchIndex([
    article('a', 'Zebra', 'refund wallet other words'),
    article('b', 'Apple', 'refund wallet other words'),
    article('c', 'Mango', 'refund card other words'),
    article('d', 'Mango', 'refund card other words'),
    article('e', 'Banana', 'card wallet other words'),
    article('f', 'Kiwi', 'nothing here at all'),
  ]);

  it.each<[string, string, number, string[]]>([
    ['one word, equal scores: by title, equal titles in the order read', 'refund', 10, ['b', 'c', 'd', 'a']],
    ['a page cut among equals keeps the first by title', 'refund', 2, ['b', 'c']],
    ['full matches first, then partial ones, each by title', 'refund wallet', 10, ['b', 'a', 'e*', 'c*', 'd*']],
    ['partial matches only', 'card zzzz', 10, ['e*', 'c*', 'd*']],
  ])('%s', (_what, query, limit, expected) => {
    expect(ids(index, query, limit)).toEqual(expected);
  });
});

describe('search index: one query leaves nothing to the next', () => {
  // The index ranks in scratch arrays it keeps between queries: any score, mask or key one query left behind would
  // change the next one's order. Articles of two indexes, so a query over one leaves the other's touched but unranked.
  const rows = [
    article('a', 'Zebra', 'refund wallet other words'),
    { ...article('b', 'Apple', 'refund wallet wallet words'), index_name: 'driver' },
    article('c', 'Mango', 'refund card other words'),
    { ...article('d', 'Lime', 'card wallet refund refund'), index_name: 'driver' },
    article('e', 'Banana', 'card wallet other words'),
  ];
  const queries: [string, string[], number][] = [
    ['refund wallet', ['customer'], 10],
    ['refund wallet', ['driver'], 10],
    ['card zzzz', ['customer', 'driver'], 1],
    ['wallet', ['customer'], 10],
    ['refund card', ['customer', 'driver'], 2],
    ['refund', ['driver'], 10],
  ];
  const run = (index: SearchIndex, [query, indexes, limit]: [string, string[], number]) =>
    index.search(queryGroups(query), indexes, limit).map((h) => `${h.id}${h.partial ? '*' : ''}`);

  it('gives every query of a sequence the answer a fresh index gives it', () => {
    const reused = new SearchIndex(rows);
    const afterOthers = [...queries, ...queries].map((q) => run(reused, q));
    const fresh = [...queries, ...queries].map((q) => run(new SearchIndex(rows), q));
    expect(afterOthers).toEqual(fresh);
    // Not a sequence of empty answers: the driver's two-word query finds both of its articles.
    expect(fresh[1]).toEqual(['b', 'd']);
  });
});

describe('search index: the words one edit away (typo neighbours)', () => {
  // Edits everywhere, the first letter included, words of the three lengths, a stop word one edit away, and letters
  // outside ASCII (the edit rule counts UTF-16 code units).
  const vocabulary = [
    ...['wallet', 'wallets', 'allet', 'awallet', 'xallet', 'awllet', 'walelt', 'wallte', 'walle', 'wxllet', 'walket'],
    ...['wall', 'twallet', 'llet', 'wallett', 'callet', 'about', 'abouts', 'abut', 'bout', 'aboutt', 'xabout'],
    ...['café', 'cafés', 'écafé', 'afé', 'caf', 'retour', 'détour', 'retours', 'ertour', 'rétour', 'eetour', 'tour'],
  ];
  const index = new SearchIndex(vocabulary.map((w, i) => article(String(i), `T${i}`, `${w} filler`)));
  const rule = (word: string) =>
    vocabulary.filter((t) => t !== word && t !== 'about' && withinOneEdit(word, t)).sort((a, b) => a.length - b.length);

  it.each(['wallet', 'allet', 'xallet', 'awllet', 'abouts', 'aboutt', 'retour', 'ertour', 'cafés', 'zzzzz', 'walkets'])(
    '%s: the same words a scan of the whole vocabulary finds, shorter first, in the order read',
    (word) => {
      const [group] = queryGroups(word);
      expect(index.near(group as QueryGroup)).toEqual(rule(word));
    },
  );
});
