import { describe, expect, it } from 'vitest';
import { keptBytes, keptConcat } from '../src/lib/kept-bytes.ts';

// Kept bytes own their memory: a slice of Buffer.from's shared 8 KB slab would hold the whole slab.
describe('kept bytes', () => {
  it.each([
    ['an ASCII answer', '[{"title":"How refunds work"}]'],
    ['an answer with a two-byte snippet', '[{"snippet":"…the refund reaches your card…"}]'],
    ['an empty string', ''],
  ])('%s: the same bytes as Buffer.from, in an allocation of their own', (_, text) => {
    const bytes = keptBytes(text);
    expect(bytes.equals(Buffer.from(text))).toBe(true);
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });

  it('concatenates kept bytes with a tail in one allocation of their own', () => {
    const head = keptBytes('{"feedback":');
    const bytes = keptConcat(head.subarray(0, 11), `:{"helpful":1}}`);
    expect(bytes.toString()).toBe('{"feedback":{"helpful":1}}');
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });
});
