import { describe, expect, it } from 'vitest';
import {
  driverBillingBack,
  driverBillingCategories,
  driverBillingCategoryOf,
  driverBillingHref,
  driverBillingSourceOf,
} from '../src/driver-billing.ts';
import { allIndexes, articleIndexes, driverIndexes, type IndexContext, indexLanguage } from '../src/kb-indexes.ts';

// Issue 18 items 3 and 8 (docs/driver.md "Billing help", "Who lands where").

describe('articleIndexes: partners by type', () => {
  const table: [string, IndexContext, string[]][] = [
    [
      'bike partner, English',
      { role: 'driver', country: 'IN', locale: 'en', partnerType: 'bike' },
      ['driver_in_bike_en'],
    ],
    [
      'bike partner, Hindi',
      { role: 'driver', country: 'IN', locale: 'hi', partnerType: 'bike' },
      ['driver_in_bike_hi'],
    ],
    [
      'bike partner, Marathi reads Hindi',
      { role: 'driver', country: 'IN', locale: 'mr', partnerType: 'bike' },
      ['driver_in_bike_hi'],
    ],
    [
      'bike partner, Tamil reads English',
      { role: 'driver', country: 'IN', locale: 'ta', partnerType: 'bike' },
      ['driver_in_bike_en'],
    ],
    [
      'bike partner about a trip: the drivers’ trip help',
      { role: 'driver', country: 'IN', locale: 'hi', partnerType: 'bike', booking: { cab_category: 'bike' } },
      ['driver_in_hi_trip'],
    ],
    [
      'bike partner outside India: the drivers’ index',
      { role: 'driver', country: 'AU', partnerType: 'bike' },
      ['driver_au_en'],
    ],
    [
      'auto partner, English',
      { role: 'driver', country: 'IN', locale: 'en', partnerType: 'auto' },
      ['driver_in_auto_en'],
    ],
    [
      'auto partner, Hindi',
      { role: 'driver', country: 'IN', locale: 'hi', partnerType: 'auto' },
      ['driver_in_auto_hi'],
    ],
    [
      'auto partner about a trip: the drivers’ trip help',
      { role: 'driver', country: 'IN', locale: 'en', partnerType: 'auto', booking: { cab_category: 'auto' } },
      ['driver_in_en_trip'],
    ],
    [
      'a partner type that is no own index (toString)',
      { role: 'driver', country: 'IN', partnerType: 'toString' },
      ['driver_in_en'],
    ],
    [
      'cab driver (partner type driver)',
      { role: 'driver', country: 'IN', locale: 'hi', partnerType: 'driver' },
      ['driver_in_hi'],
    ],
    [
      'four-wheeler partner',
      { role: 'driver', country: 'IN', locale: 'en', partnerType: 'four_wheeler' },
      ['driver_in_en'],
    ],
    ['no partner type', { role: 'driver', country: 'IN', locale: 'en' }, ['driver_in_en']],
    ['food-delivery rider', { role: 'food_delivery_rider', country: 'IN', partnerType: 'fp_rider' }, ['fp_rider_in']],
    // The partner type is a partner's: a customer's booking on a bike still reads the customers' bike index.
    [
      'customer, bike booking',
      { role: 'customer', country: 'IN', partnerType: 'bike', booking: { cab_category: 'bike' } },
      ['cab_bike'],
    ],
  ];
  it.each(table)('%s', (_name, ctx, expected) => {
    expect(articleIndexes(ctx)).toEqual(expected);
  });

  it('the bike and auto partners’ indexes are known partner indexes in their language', () => {
    for (const index of ['driver_in_bike_en', 'driver_in_bike_hi', 'driver_in_auto_en', 'driver_in_auto_hi']) {
      expect(allIndexes).toContain(index);
      expect(driverIndexes as readonly string[]).toContain(index);
    }
    expect(indexLanguage('driver_in_bike_hi')).toBe('hi');
    expect(indexLanguage('driver_in_bike_en')).toBe('en');
    expect(indexLanguage('driver_in_auto_hi')).toBe('hi');
  });
});

describe('driver billing help', () => {
  it('reads {source} as the page the driver came from; anything else is the driver app', () => {
    expect(driverBillingSourceOf('driver_ride')).toBe('driver_ride');
    expect(driverBillingSourceOf('driver_rides')).toBe('driver_rides');
    expect(driverBillingSourceOf('driver_app')).toBe('driver_app');
    for (const other of ['', null, undefined, 'default', '../x', 'DRIVER_RIDE']) {
      expect(driverBillingSourceOf(other)).toBe('driver_app');
    }
  });

  it('links a trip and goes back where the driver came from', () => {
    expect(driverBillingHref('541700001')).toBe('/bookingdetails/billing_issue/driver_ride?crn=541700001');
    expect(driverBillingHref('5 41', 'driver_rides')).toBe('/bookingdetails/billing_issue/driver_rides?crn=5%2041');
    expect(driverBillingBack('driver_ride', '541700001')).toBe('/driver/rides/541700001');
    expect(driverBillingBack('driver_ride', null)).toBe('/home');
    expect(driverBillingBack('driver_rides', '541700001')).toBe('/driver/rides');
    expect(driverBillingBack('driver_app', '541700001')).toBe('/home');
  });

  it('names a billing category for every home index a driver lands on, and none elsewhere', () => {
    const homes = ['driver_in_en', 'driver_in_hi', 'driver_au_en', 'driver_in_bike_en', 'driver_in_bike_hi'];
    for (const index of [...homes, 'driver_in_auto_en', 'driver_in_auto_hi']) {
      expect(driverBillingCategoryOf(index), index).toMatch(/^\d+$/);
    }
    expect(driverBillingCategoryOf('customer')).toBeNull();
    expect(driverBillingCategoryOf('driver_in_hi_trip')).toBeNull();
    for (const index of Object.keys(driverBillingCategories)) expect(allIndexes).toContain(index);
  });
});
