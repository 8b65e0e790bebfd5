import { describe, expect, it } from 'vitest';
import { entryModeSchema } from '../src/auth.ts';
import { offersBookings, seesRiderCards } from '../src/rider-only.ts';

describe('rider-only cards (issue 14)', () => {
  it.each([
    ['customer', 'customer_website', true],
    ['customer', 'customer_app', true],
    ['customer', 'self_drive', true],
    ['customer', 'share_pass', true],
    ['customer', 'operator_app', false],
    ['customer', 'restaurant', false],
    ['driver', 'customer_website', false],
    ['driver', 'driver_app', false],
    ['driver', 'operator_app', false],
    ['food_delivery_rider', 'customer_website', false],
    ['food_delivery_rider', 'restaurant', false],
    [null, 'customer_website', false],
  ] as const)('%s in %s: %s', (role, entryMode, shown) => {
    expect(seesRiderCards({ role, entryMode })).toBe(shown);
  });

  it('a visitor and a food-delivery rider are never offered bookings; nobody in a mode without a list', () => {
    for (const entryMode of entryModeSchema.options) {
      expect(offersBookings({ role: null, entryMode })).toBe(false);
      expect(offersBookings({ role: 'food_delivery_rider', entryMode })).toBe(false);
    }
    expect(offersBookings({ role: 'customer', entryMode: 'customer_website' })).toBe(true);
    expect(offersBookings({ role: 'driver', entryMode: 'driver_app' })).toBe(true);
    expect(offersBookings({ role: 'customer', entryMode: 'restaurant' })).toBe(false);
    expect(offersBookings({ role: 'customer', entryMode: 'share_pass' })).toBe(false);
  });
});
