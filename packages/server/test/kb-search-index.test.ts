import { queryGroups } from '@selfserve/contract';
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
