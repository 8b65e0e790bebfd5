import { describe, expect, it } from 'vitest';
import { attemptFor, newIdempotencyKey } from '../src/lib/idempotency';

describe('idempotency keys (docs/tickets.md "Exactly once")', () => {
  it('makes version-4 UUIDs the server accepts', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(key).toMatch(/^[\w-]{8,100}$/);
    }
  });

  it('reuses the key for the same submit and makes a new one after an edit', () => {
    let n = 0;
    const make = () => `key-${++n}`;
    const first = attemptFor(null, { query: 'my ride was late by an hour' }, make);
    expect(first.key).toBe('key-1');
    expect(attemptFor(first, { query: 'my ride was late by an hour' }, make)).toBe(first);
    const edited = attemptFor(first, { query: 'my ride was late by two hours' }, make);
    expect(edited.key).toBe('key-2');
  });
});
