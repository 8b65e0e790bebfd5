/**
 * Article indexes (spec §6, §9): which knowledge base a viewer reads. One function decides it, so the
 * server, the web app and the content folders agree on the names (docs/kb-indexes.md).
 */
export const customerIndexes = ['customer', 'customer_au', 'customer_nz', 'customer_gb'] as const;
export const SELECT_INDEX = 'customer_select';
export const driverIndexes = [
  'driver_in_en',
  'driver_in_en_trip',
  'driver_in_hi',
  'driver_in_hi_trip',
  'driver_au_en',
  'driver_au_en_trip',
  // Bike-taxi and auto partners' own help (docs/driver.md "Who lands where"): no trip twins, a trip's help is the
  // drivers'.
  'driver_in_bike_en',
  'driver_in_bike_hi',
  'driver_in_auto_en',
  'driver_in_auto_hi',
] as const;
/** The bike-taxi partners' index by language (India only: bike taxis run there). */
export const bikePartnerIndexes = { en: 'driver_in_bike_en', hi: 'driver_in_bike_hi' } as const;
/** The auto partners' index by language (India only). */
export const autoPartnerIndexes = { en: 'driver_in_auto_en', hi: 'driver_in_auto_hi' } as const;
/**
 * The partner types (users.partner_type) with a home index of their own; any other partner (a cab driver, a
 * four-wheeler partner, a fleet operator) reads the drivers' index.
 */
export const partnerTypeIndexes = { bike: bikePartnerIndexes, auto: autoPartnerIndexes } as const;
export const FOOD_DELIVERY_INDEX = 'fp_rider_in';

/** The language an index is written in: the drivers' Hindi indexes are Hindi at source, every other one English. */
export function indexLanguage(indexName: string): 'hi' | 'en' {
  return /_hi(_|$)/.test(indexName) ? 'hi' : 'en';
}
export const saasIndexes = { auto: 'saas_auto', bike: 'saas_bike', four_wheeler: 'saas_four_wheeler' } as const;
export const carCategoryIndexes = {
  bike: 'cab_bike',
  auto: 'cab_auto',
  kp: 'cab_kp',
  cool_cab: 'cab_cool_cab',
} as const;
export const marketplaceIndexes = {
  ondc: 'ondc',
  grocery: 'grocery',
  giftcard: 'giftcard',
  fashion_electronics: 'fashion_electronics',
} as const;

export const allIndexes: readonly string[] = [
  ...customerIndexes,
  SELECT_INDEX,
  ...driverIndexes,
  FOOD_DELIVERY_INDEX,
  ...Object.values(saasIndexes),
  ...Object.values(carCategoryIndexes),
  ...Object.values(marketplaceIndexes),
];

/**
 * The indexes a booking's help reads ('Choose an Issue', /bdetails/{crn}): what articleIndexes answers for a viewer
 * with a booking — the customer indexes of each country, the SaaS and car-category indexes, the drivers' trip
 * indexes and the food-delivery riders' index. Each has categories for every help-context key (content test).
 */
export const bookingHelpIndexes: readonly string[] = [
  ...customerIndexes,
  ...Object.values(saasIndexes),
  ...Object.values(carCategoryIndexes),
  ...driverIndexes.filter((i) => i.endsWith('_trip')),
  FOOD_DELIVERY_INDEX,
];

export type MarketplaceKind = keyof typeof marketplaceIndexes;

export interface IndexContext {
  role: 'customer' | 'driver' | 'food_delivery_rider' | 'visitor';
  /** ISO country of the viewer (or of the booking's service country). */
  country: string | null | undefined;
  locale?: string | null | undefined;
  /** A partner's type (users.partner_type): bike and auto partners read their own index (docs/driver.md). */
  partnerType?: string | null | undefined;
  isMember?: boolean;
  /** The booking the help is about, if any. */
  booking?: { cab_category?: string | null; saas_ride?: boolean | number | null } | null;
  /** A marketplace order the help is about, if any. */
  orderKind?: MarketplaceKind | null;
}

/**
 * Driver help is written for India and Australia; elsewhere drivers read the Indian English index. A bike-taxi or
 * auto partner in India reads their own index at home; a trip's help is the drivers' trip index for every partner
 * (trip problems — fare, cash, cancellation — are the same on two or three wheels; docs/driver.md "Who lands where").
 */
function driverIndex(
  country: string,
  locale: string | null | undefined,
  withBooking: boolean,
  partnerType: string | null | undefined,
): string {
  const cc = country === 'AU' ? 'au' : 'in';
  const lang = cc === 'in' && isHindiFamily(locale) ? 'hi' : 'en';
  const type = partnerType ?? '';
  const own = Object.hasOwn(partnerTypeIndexes, type)
    ? partnerTypeIndexes[type as keyof typeof partnerTypeIndexes]
    : null;
  if (cc === 'in' && !withBooking && own) return own[lang];
  return `driver_${cc}_${lang}${withBooking ? '_trip' : ''}`;
}

function isHindiFamily(locale: string | null | undefined): boolean {
  const base = (locale ?? '').toLowerCase().split(/[-_]/)[0];
  return base === 'hi' || base === 'mr' || base === 'bn' || base === 'pa';
}

/**
 * The index names for a viewer, most specific first. Customers: country suffix unless India; SaaS
 * rides and the bike / auto / kp / cool_cab car categories have their own index; members also read
 * the Select index. Drivers: by booking presence, country, locale and partner type (bike, auto). Food-delivery
 * riders and marketplace orders have their own.
 */
export function articleIndexes(ctx: IndexContext): string[] {
  if (ctx.orderKind) return [marketplaceIndexes[ctx.orderKind]];
  if (ctx.role === 'food_delivery_rider') return [FOOD_DELIVERY_INDEX];
  const country = (ctx.country ?? 'IN').toUpperCase();
  if (ctx.role === 'driver') return [driverIndex(country, ctx.locale, Boolean(ctx.booking), ctx.partnerType)];

  const category = (ctx.booking?.cab_category ?? '').toLowerCase();
  if (ctx.booking?.saas_ride && category in saasIndexes) return [saasIndexes[category as keyof typeof saasIndexes]];
  if (category in carCategoryIndexes) return [carCategoryIndexes[category as keyof typeof carCategoryIndexes]];

  const base = country === 'IN' ? 'customer' : `customer_${country.toLowerCase()}`;
  const customer = (customerIndexes as readonly string[]).includes(base) ? base : 'customer';
  return ctx.isMember && customer === 'customer' ? [customer, SELECT_INDEX] : [customer];
}
