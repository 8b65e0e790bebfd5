/**
 * Admission to a cache on a key's second sighting (TinyLFU's doorkeeper): what is asked for once is built, answered
 * and left to die young, instead of being kept only to be pushed out later, which churns V8's old generation and
 * grows the heap under load (docs/performance.md "Kept on the second sighting"). Remembers at most `size` keys and
 * forgets them all when full.
 */
export class Doorkeeper {
  private readonly seen = new Set<string>();

  constructor(private readonly size: number) {}

  /** Whether `key` has been seen once already (since the last emptying); if not, it is remembered. */
  admits(key: string): boolean {
    if (this.seen.delete(key)) return true;
    if (this.seen.size >= this.size) this.seen.clear();
    this.seen.add(key);
    return false;
  }
}
