/**
 * Admission to a cache on a key's second sighting (TinyLFU's doorkeeper): what is asked for once is built, answered
 * and left to die young, instead of being kept only to be pushed out later, which churns V8's old generation and
 * grows the heap under load (docs/performance.md "Kept on the second sighting"). Remembers at most `size` keys and
 * forgets them all when full.
 *
 * A key is remembered as a 30-bit hash (a small integer, which V8 stores in the set itself), not as its string: a
 * search's key is 60–90 characters, ~2 MB for 20,000. Two keys with one hash admit each other, which only means that
 * a query asked once is kept (about one time in 54,000 with 20,000 keys remembered).
 */
export class Doorkeeper {
  private readonly seen = new Set<number>();

  constructor(private readonly size: number) {}

  /** Whether `key` has been seen once already (since the last emptying); if not, it is remembered. */
  admits(key: string): boolean {
    const hash = hashOf(key);
    if (this.seen.delete(hash)) return true;
    if (this.seen.size >= this.size) this.seen.clear();
    this.seen.add(hash);
    return false;
  }
}

/** FNV-1a over the UTF-16 code units, cut to 30 bits (a small integer however V8 is built). */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 2) & 0x3fffffff;
}
