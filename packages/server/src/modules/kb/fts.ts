/**
 * SQLite's search index (articles_fts, migration 0046) is contentless: it keeps no copy of the text, and each entry's
 * rowid says which article it is and in which index. An index's entries sit in a rowid range of their own
 * (`indexCode(index) * 2^32 + articles.rowid`), so a search of one index reads only that range of each word's list
 * (FTS5 narrows a MATCH by a rowid range), and no row is read to know where a hit belongs (docs/kb-search.md).
 */
const SPAN = 2 ** 32;

/** A stable 20-bit code per index name (FNV-1a): the code times 2^32 stays below 2^53, a safe JavaScript integer. */
export function indexCode(indexName: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < indexName.length; i++) {
    h ^= indexName.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h & 0xfffff;
}

/** The search-index rowid of an article (its articles.rowid within its index's range). */
export const ftsRowid = (indexName: string, articleRowid: number): number => indexCode(indexName) * SPAN + articleRowid;

/** The rowid range of one index's entries, both ends included. */
export function ftsRange(indexName: string): [number, number] {
  const low = indexCode(indexName) * SPAN;
  return [low, low + SPAN - 1];
}
