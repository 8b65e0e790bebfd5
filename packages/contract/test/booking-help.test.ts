import { describe, expect, it } from 'vitest';
import { mayListBookings } from '../src/booking-paths.ts';
import { bookingStatusSchema } from '../src/bookings.ts';
import { countries, dialingCodeOf } from '../src/countries.ts';
import { helpContextKey, helpContextKeys } from '../src/help-context.ts';
import { siteCountry } from '../src/host.ts';
import {
  reportContextArticle,
  reportContextArticles,
  writeToUsArticleFor,
  writeToUsArticles,
} from '../src/kb-context-articles.ts';
import { allIndexes, articleIndexes, bookingHelpIndexes, type IndexContext } from '../src/kb-indexes.ts';
import { isSharePassPopup } from '../src/navigation.ts';

describe('help-context keys', () => {
  it('are exactly the keys bookings can have', () => {
    const seen = new Set<string>();
    for (const status of bookingStatusSchema.options) {
      for (const fare of [0, 120]) {
        for (const sub_status of [null, 'allotment_pending', 'cancelled_by_customer']) {
          seen.add(helpContextKey({ status, fare, sub_status }));
        }
      }
    }
    expect([...seen].sort()).toEqual([...helpContextKeys].sort());
  });
});

describe('bookingHelpIndexes', () => {
  it('holds every index a viewer with a booking reads, and no other', () => {
    const read = new Set<string>();
    const roles: IndexContext['role'][] = ['customer', 'driver', 'food_delivery_rider', 'visitor'];
    const bookings = ['prime', 'sedan', 'mini', 'bike', 'auto', 'kp', 'cool_cab', 'four_wheeler'].flatMap((c) => [
      { cab_category: c, saas_ride: true },
      { cab_category: c, saas_ride: false },
    ]);
    for (const role of roles) {
      for (const country of ['IN', 'AU', 'NZ', 'GB', 'SG']) {
        for (const locale of ['en', 'hi', 'ta']) {
          for (const booking of bookings) {
            for (const index of articleIndexes({ role, country, locale, booking, isMember: true })) read.add(index);
          }
        }
      }
    }
    read.delete('customer_select'); // members read it beside customer, whose categories it shares
    expect([...read].sort()).toEqual([...bookingHelpIndexes].sort());
  });
});

describe('mayListBookings', () => {
  it.each([
    ['customer', true],
    ['driver', true],
    ['food_delivery_rider', false],
    [null, false],
  ] as const)('%s → %s', (role, expected) => {
    expect(mayListBookings(role)).toBe(expected);
  });
});

describe('articles by context', () => {
  it('names a write-to-us article for every index a booking’s help reads', () => {
    for (const index of bookingHelpIndexes) expect(writeToUsArticleFor(index), index).toMatch(/^\d+$/);
    expect(writeToUsArticleFor('cab_auto')).toBe(writeToUsArticles.customer);
    expect(writeToUsArticleFor('customer_gb')).toBe('180302');
    expect(writeToUsArticleFor('driver_in_hi_trip')).toBe('230302');
  });

  it.each<[string, string[], string | null]>([
    ['write_to_us', ['customer'], '100607'],
    ['write_to_us', ['customer_gb'], '180302'],
    ['WRITE_TO_US', ['customer_au'], '161001'],
    ['verify_email', ['customer', 'customer_select'], '100601'],
    ['email_not_verified', ['customer_gb'], '100601'],
    ['rides_Cancelled_Charged', ['customer_nz'], '170800'],
    ['rides_ongoing', ['customer_gb'], '180700'],
    ['rides_completed', ['customer'], '101000'],
    ['lost_item', ['driver_in_hi'], '230104'],
    ['safety', ['driver_au_en'], '240301'],
    ['kyc', ['driver_au_en'], '200202'],
    ['payout', ['fp_rider_in'], '260202'],
    ['ctx', ['customer'], null],
    ['home', ['customer'], null],
    ['toString', ['customer'], null],
    ['__proto__', ['customer'], null],
  ])('/report/%s for %j → %s', (context, indexes, expected) => {
    expect(reportContextArticle(context, indexes)).toBe(expected);
  });

  it('has an article for every help-context key in each country’s customer index', () => {
    for (const key of helpContextKeys) {
      for (const index of ['customer', 'customer_au', 'customer_nz', 'customer_gb']) {
        expect(reportContextArticles[key]?.[index], `${key} ${index}`).toMatch(/^\d+$/);
      }
    }
  });

  it('names only known indexes', () => {
    for (const table of Object.values(reportContextArticles)) {
      for (const index of Object.keys(table)) expect(allIndexes).toContain(index);
    }
  });
});

describe('site country and dialing codes', () => {
  it.each([
    ['help.example.co.uk', 'GB'],
    ['HELP.EXAMPLE.CO.UK', 'GB'],
    ['help.example.in', 'IN'],
    ['localhost', 'IN'],
  ])('%s reads %s', (host, country) => {
    expect(siteCountry(host)).toBe(country);
  });

  it('knows the 18 countries and their codes', () => {
    expect(countries).toHaveLength(18);
    expect(dialingCodeOf('gb')).toBe('+44');
    expect(dialingCodeOf('IN')).toBe('+91');
    expect(dialingCodeOf('XX')).toBeNull();
    expect(dialingCodeOf(null)).toBeNull();
  });
});

describe('isSharePassPopup', () => {
  it.each([
    [{ entryMode: 'share_pass', pathname: '/home', search: '' }, true],
    [{ entryMode: 'customer_website', pathname: '/simple_article', search: '?id=1&pass_id=P1' }, true],
    [{ entryMode: 'customer_website', pathname: '/simple_article', search: '?pass_id' }, true],
    [{ entryMode: 'customer_website', pathname: '/simple_article', search: '?id=1' }, false],
    [{ entryMode: 'customer_website', pathname: '/simple_article', search: '?bypass_id=1' }, false],
    [{ entryMode: 'customer_app', pathname: '/article/1', search: '?pass_id=1' }, false],
  ])('%j → %s', (at, expected) => {
    expect(isSharePassPopup(at)).toBe(expected);
  });
});
