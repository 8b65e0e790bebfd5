import { describe, expect, it } from 'vitest';
import { helpContextKey } from '../src/help-context.ts';
import type { CategoryNode } from '../src/kb.ts';
import { anonymousViewer, type Viewer, visibleCategories } from '../src/kb-audience.ts';
import { articleIndexes, type IndexContext } from '../src/kb-indexes.ts';
import { normalizeSearchText, searchTerms, typoTolerant, withinOneEdit } from '../src/kb-search.ts';

describe('articleIndexes', () => {
  it.each<[string, IndexContext, string[]]>([
    ['India customer', { role: 'customer', country: 'IN' }, ['customer']],
    [
      'India member also reads the Select index',
      { role: 'customer', country: 'IN', isMember: true },
      ['customer', 'customer_select'],
    ],
    ['Australian customer', { role: 'customer', country: 'AU' }, ['customer_au']],
    ['New Zealand customer', { role: 'customer', country: 'nz' }, ['customer_nz']],
    ['UK customer', { role: 'customer', country: 'GB' }, ['customer_gb']],
    ['UK member (Select is Indian)', { role: 'customer', country: 'GB', isMember: true }, ['customer_gb']],
    ['country without its own index', { role: 'customer', country: 'SG' }, ['customer']],
    ['visitor', { role: 'visitor', country: null }, ['customer']],
    [
      'SaaS auto ride',
      { role: 'customer', country: 'IN', booking: { cab_category: 'auto', saas_ride: 1 } },
      ['saas_auto'],
    ],
    [
      'SaaS bike ride',
      { role: 'customer', country: 'IN', booking: { cab_category: 'bike', saas_ride: true } },
      ['saas_bike'],
    ],
    [
      'SaaS four-wheeler',
      { role: 'customer', country: 'IN', booking: { cab_category: 'four_wheeler', saas_ride: 1 } },
      ['saas_four_wheeler'],
    ],
    [
      'bike car category',
      { role: 'customer', country: 'IN', booking: { cab_category: 'bike', saas_ride: 0 } },
      ['cab_bike'],
    ],
    ['auto car category', { role: 'customer', country: 'IN', booking: { cab_category: 'auto' } }, ['cab_auto']],
    ['kp car category', { role: 'customer', country: 'IN', booking: { cab_category: 'KP' } }, ['cab_kp']],
    [
      'cool_cab car category',
      { role: 'customer', country: 'IN', booking: { cab_category: 'cool_cab' } },
      ['cab_cool_cab'],
    ],
    [
      'prime booking uses the country index',
      { role: 'customer', country: 'AU', booking: { cab_category: 'prime' } },
      ['customer_au'],
    ],
    ['driver India English', { role: 'driver', country: 'IN', locale: 'en' }, ['driver_in_en']],
    ['driver India Hindi', { role: 'driver', country: 'IN', locale: 'hi' }, ['driver_in_hi']],
    ['driver India Marathi reads Hindi', { role: 'driver', country: 'IN', locale: 'mr-IN' }, ['driver_in_hi']],
    ['driver India Tamil reads English', { role: 'driver', country: 'IN', locale: 'ta' }, ['driver_in_en']],
    ['driver with a booking', { role: 'driver', country: 'IN', locale: 'hi', booking: {} }, ['driver_in_hi_trip']],
    ['driver Australia', { role: 'driver', country: 'AU', locale: 'hi' }, ['driver_au_en']],
    [
      'driver Australia with a booking',
      { role: 'driver', country: 'AU', booking: { cab_category: 'sedan' } },
      ['driver_au_en_trip'],
    ],
    ['driver elsewhere', { role: 'driver', country: 'NZ' }, ['driver_in_en']],
    ['food-delivery rider', { role: 'food_delivery_rider', country: 'IN', booking: {} }, ['fp_rider_in']],
    ['ONDC order', { role: 'customer', country: 'IN', orderKind: 'ondc' }, ['ondc']],
    ['grocery order', { role: 'customer', country: 'IN', orderKind: 'grocery' }, ['grocery']],
    ['gift card order', { role: 'customer', country: 'IN', orderKind: 'giftcard' }, ['giftcard']],
    [
      'fashion & electronics order',
      { role: 'customer', country: 'IN', orderKind: 'fashion_electronics' },
      ['fashion_electronics'],
    ],
  ])('%s', (_name, ctx, expected) => {
    expect(articleIndexes(ctx)).toEqual(expected);
  });
});

const node = (id: string, title: string, label_names: string[] = [], articles: CategoryNode[] = []): CategoryNode => ({
  id,
  name: title,
  title,
  type: articles.length ? 'category' : 'article',
  index_name: 'customer',
  parent_id: null,
  label_names,
  articles,
});

const tree = [
  node(
    '1',
    'Select Membership',
    ['select_members'],
    [
      node('11', 'Managing My Membership', ['select_paid_members'], [node('111', 'Renew')]),
      node('12', 'Canceling my membership', [], [node('121', 'How to cancel')]),
    ],
  ),
  node('2', 'Payments', [], [node('21', 'Refunds'), node('22', 'Wallet top-up', ['hide_desktop'])]),
  node('3', 'App only', ['hide_desktop'], [node('31', 'In-app wallet')]),
  node('4', 'Request a call', [], [node('41', 'Callback')]),
];
const flat = (nodes: CategoryNode[]): string[] => nodes.flatMap((n) => [n.id, ...flat(n.articles)]);
const member: Viewer = { ...anonymousViewer, isMember: true, isPaidMember: true, autorenew: true };

describe('visibleCategories (spec core.md §6)', () => {
  it.each<[string, Viewer, string[]]>([
    ['visitor on desktop', anonymousViewer, ['2', '21', '4', '41']],
    ['visitor in the app', { ...anonymousViewer, desktop: false }, ['2', '21', '22', '3', '31', '4', '41']],
    ['paid member with auto-renew', member, ['1', '11', '111', '12', '121', '2', '21', '4', '41']],
    [
      'paid member without auto-renew',
      { ...member, autorenew: false },
      ['1', '11', '111', '12', '121', '2', '21', '4', '41'],
    ],
    [
      'trial member with auto-renew',
      { ...member, isPaidMember: false, isTrial: true },
      ['1', '12', '121', '2', '21', '4', '41'],
    ],
    [
      'trial member without auto-renew',
      { ...member, isPaidMember: false, isTrial: true, autorenew: false },
      ['1', '2', '21', '4', '41'],
    ],
    [
      'driver allowed to request calls',
      { ...anonymousViewer, isDriver: true, callRequestsAllowed: true },
      ['2', '21', '4', '41'],
    ],
    ['driver not allowed to request calls', { ...anonymousViewer, isDriver: true }, ['2', '21']],
  ])('%s', (_name, viewer, expected) => {
    expect(flat(visibleCategories(tree, viewer, new Set(['4'])))).toEqual(expected);
  });

  it('drops the first category for non-members only when it is the membership category', () => {
    expect(flat(visibleCategories(tree.slice(1), anonymousViewer))).toEqual(['2', '21', '4', '41']);
  });

  it('is idempotent, so the web app can apply it again to what the server sent', () => {
    const once = visibleCategories(tree, member);
    expect(visibleCategories(once, member)).toEqual(once);
  });
});

describe('helpContextKey (spec §4)', () => {
  it.each([
    [{ status: 'completed', fare: 250 }, 'rides_completed'],
    [{ status: 'in progress', fare: 0 }, 'rides_inprogress'],
    [{ status: 'pending' }, 'rides_pending'],
    [{ status: 'requested' }, 'rides_requested'],
    [{ status: 'scheduled' }, 'rides_scheduled'],
    [{ status: 'ongoing' }, 'rides_ongoing'],
    [{ status: 'cancelled', fare: 0 }, 'rides_cancelled'],
    [{ status: 'cancelled', fare: 75 }, 'rides_Cancelled_Charged'],
    [{ status: 'cancelled', fare: '50' }, 'rides_Cancelled_Charged'],
    [{ status: 'cancelled', fare: 'n/a' }, 'rides_cancelled'],
    [{ status: 'requested', sub_status: 'allotment_pending' }, 'rides_allotment_pending'],
    [{ status: 'cancelled', fare: 75, sub_status: 'allotment_pending' }, 'rides_allotment_pending'],
  ])('%j → %s', (booking, key) => {
    expect(helpContextKey(booking)).toBe(key);
  });
});

describe('search text', () => {
  it('normalises case, punctuation and width, keeping Devanagari words whole', () => {
    expect(normalizeSearchText('How REFUNDS work? (5–7 days)')).toBe('how refunds work 5 7 days');
    expect(normalizeSearchText('साप्ताहिक भुगतान, कब?')).toBe('साप्ताहिक भुगतान कब');
    expect(searchTerms('refund refund fee')).toEqual(['refund', 'fee']);
  });

  it.each([
    ['refund', 'refund', true],
    ['refnd', 'refund', true],
    ['refuund', 'refund', true],
    ['refumd', 'refund', true],
    ['rfeund', 'refund', true],
    ['refudn', 'refund', true],
    ['rfnd', 'refund', false],
    ['refunded', 'refund', false],
    ['भुगतन', 'भुगतान', true],
  ])('%s ~ %s → %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
    expect(withinOneEdit(b, a)).toBe(expected);
  });

  it('tolerates typos only in words of five letters or more', () => {
    expect(typoTolerant('cash')).toBe(false);
    expect(typoTolerant('refnd')).toBe(true);
  });
});
