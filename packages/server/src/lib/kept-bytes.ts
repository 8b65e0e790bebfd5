/**
 * Bytes a cache keeps for long (written answers), in an allocation of their own. `Buffer.from` cuts anything under
 * 4 KB from a shared 8 KB slab, and one kept slice holds its whole slab in memory, with whatever else was cut from it:
 * with the search cache's turnover, 32 MB of kept answers held ~75 MB of buffers (docs/performance.md "Kept answers
 * in allocations of their own").
 */
export function keptBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** `head` then `tail` as kept bytes (see keptBytes). */
export function keptConcat(head: Uint8Array, tail: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(head.length + Buffer.byteLength(tail));
  bytes.set(head);
  bytes.write(tail, head.length);
  return bytes;
}
