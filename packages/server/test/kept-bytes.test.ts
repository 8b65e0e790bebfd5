import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../src/lib/accept-encoding.ts';
import { answerText, keptAnswer } from '../src/lib/kept-bytes.ts';

describe('kept answers', () => {
  it.each([
    ['an ASCII answer', '[{"title":"How refunds work"}]'],
    ['an answer with a two-byte snippet', '[{"snippet":"…the refund reaches your card…"}]'],
    ['an empty string', ''],
  ])('%s: gzip that any gzip reader opens, in an allocation of its own', (_, text) => {
    const kept = keptAnswer(text);
    expect(zlib.gunzipSync(kept).toString()).toBe(text);
    expect(answerText(kept)).toBe(text);
    // A slice of zlib's output buffer would hold the whole buffer in memory.
    expect(kept.byteOffset).toBe(0);
    expect(kept.buffer.byteLength).toBe(kept.length);
  });

  it('is several times smaller than the text of a search answer', () => {
    const result = (i: number) =>
      `{"id":"${4000 + i}","title":"How refunds work ${i}","snippet":"…your refund reaches the card you paid with within 5-7 working days; a wallet refund is instant…","snippet_marks":[[5,11]]}`;
    const text = `[${Array.from({ length: 20 }, (_, i) => result(i)).join(',')}]`;
    expect(keptAnswer(text).length * 3).toBeLessThan(Buffer.byteLength(text));
  });
});

describe('acceptsGzip (Accept-Encoding, RFC 9110)', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['identity', false],
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['deflate, br', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['*', true],
    ['*;q=0', false],
    ['br, *', true],
    ['gzip;q=0, *', false],
    [['deflate', 'gzip'], true],
  ])('%j → %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
});
