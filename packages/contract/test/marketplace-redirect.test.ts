import { describe, expect, it } from 'vitest';
import { marketplaceRedirectPath, marketplaceRedirectValue } from '../src/order-paths.ts';

describe('marketplace redirect cookie value (core.md §9)', () => {
  it.each([
    ['grocery', 'GR-1001', 'grocery:GR-1001'],
    ['ondc', 'OND_7', 'ondc:OND_7'],
    ['fashion_electronics', 'FE1', 'fashion_electronics:FE1'],
    ['parcel', 'P1', null],
    ['toString', 'X1', null],
    ['grocery', '', null],
    ['grocery', 'GR 1', null],
    ['grocery', 'GR:1', null],
    ['grocery', 'x'.repeat(65), null],
  ])('%s / %s → %s', (kind, orderId, value) => {
    expect(marketplaceRedirectValue(kind, orderId)).toBe(value);
  });

  it.each([
    ['grocery:GR-1001', '/orders/grocery/GR-1001'],
    ['giftcard:GC3', '/orders/giftcard/GC3'],
    ['parcel:P1', null],
    ['grocery:GR:1', null],
    ['grocery', null],
    ['//evil.example', null],
    ['', null],
    [null, null],
  ])('%s leads back to %s', (value, path) => {
    expect(marketplaceRedirectPath(value)).toBe(path);
  });
});
