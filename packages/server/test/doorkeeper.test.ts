import { describe, expect, it } from 'vitest';
import { Doorkeeper } from '../src/lib/doorkeeper.ts';

describe('doorkeeper', () => {
  it.each([
    ['a key seen once is not admitted', ['a'], [false]],
    ['a key is admitted on its second sighting', ['a', 'a'], [false, true]],
    ['once admitted it is forgotten: a third sighting starts again', ['a', 'a', 'a'], [false, true, false]],
    ['keys are counted apart', ['a', 'b', 'a', 'b'], [false, false, true, true]],
    // Size 2: the third new key empties the memory first, so 'a' is new again.
    ['when full it forgets every key', ['a', 'b', 'c', 'a', 'c'], [false, false, false, false, true]],
  ])('%s', (_, keys, admitted) => {
    const doorkeeper = new Doorkeeper(2);
    expect(keys.map((k) => doorkeeper.admits(k))).toEqual(admitted);
  });

  it('tells apart keys that differ in one character (it remembers hashes, not the keys)', () => {
    const doorkeeper = new Doorkeeper(20_000);
    const keys = Array.from({ length: 10_000 }, (_, i) => `customer/en/refund ${i}`);
    keys.push('1000001', '1000010', 'ab', 'ba', 'é', 'e\u0301');
    expect(keys.filter((k) => doorkeeper.admits(k))).toEqual([]);
    expect(keys.every((k) => doorkeeper.admits(k))).toBe(true);
  });
});
