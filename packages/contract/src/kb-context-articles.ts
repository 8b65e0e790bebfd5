// Zod-free: the report page and the booking page need these tables and nothing else of the knowledge base.
import type { HelpContextKey } from './help-context.ts';

/** Article (or category) ids by index name; `customer` is the default for customer-side indexes. */
export type ArticlesByIndex = Readonly<Partial<Record<string, string>>>;

/**
 * The write-to-us article of each index a booking's help reads (docs/kb-content.md "Articles by context"): a
 * booking page always offers it, whatever categories the content has for the booking's state. Indian SaaS and
 * car-category rides use the Indian customer's; the UK, Australia and New Zealand, drivers' trips and food-delivery
 * riders have their own.
 */
export const writeToUsArticles: ArticlesByIndex = {
  customer: '100607',
  customer_gb: '180302',
  customer_au: '161001',
  customer_nz: '171001',
  driver_in_en: '210302',
  driver_in_en_trip: '210302',
  driver_in_hi: '230302',
  driver_in_hi_trip: '230302',
  driver_au_en: '250302',
  driver_au_en_trip: '250302',
  fp_rider_in: '260105',
};

/** The help topics of each booking state, per country (the categories tagged with that help-context key). */
const waiting: ArticlesByIndex = {
  customer: '101300',
  customer_au: '160500',
  customer_nz: '170500',
  customer_gb: '180500',
};
const scheduled: ArticlesByIndex = {
  customer: '101500',
  customer_au: '160600',
  customer_nz: '170600',
  customer_gb: '180600',
};
const inProgress: ArticlesByIndex = {
  customer: '101400',
  customer_au: '160700',
  customer_nz: '170700',
  customer_gb: '180700',
};
const helpContextArticles: Readonly<Record<HelpContextKey, ArticlesByIndex>> = {
  rides_completed: { customer: '101000', customer_au: '160400', customer_nz: '170400', customer_gb: '180400' },
  rides_cancelled: { customer: '101200', customer_au: '160900', customer_nz: '170900', customer_gb: '180900' },
  rides_Cancelled_Charged: {
    customer: '101100',
    customer_au: '160800',
    customer_nz: '170800',
    customer_gb: '180800',
  },
  rides_allotment_pending: waiting,
  rides_requested: waiting,
  rides_pending: waiting,
  rides_scheduled: scheduled,
  rides_inprogress: inProgress,
  rides_ongoing: inProgress,
};

const verifyEmail: ArticlesByIndex = { customer: '100601' };
const kyc: ArticlesByIndex = { customer: '100602', driver_in_en: '200202', driver_in_hi: '220202' };
const attachCar: ArticlesByIndex = { customer: '100606', driver_in_en: '200201', driver_in_hi: '220201' };
const lostItem: ArticlesByIndex = {
  customer: '100501',
  customer_au: '160302',
  customer_nz: '170402',
  customer_gb: '180402',
  driver_in_en: '210104',
  driver_in_hi: '230104',
  driver_au_en: '250104',
};
const invoice: ArticlesByIndex = {
  customer: '101004',
  customer_au: '160404',
  customer_nz: '170403',
  customer_gb: '180103',
};

/**
 * /report/{context}/{previous} and /report/{tag}/default (core.md §2, §4): the article a context or redirect tag
 * stands for, written out (docs/kb-content.md). A context not in this table has no article: 'Article not found.'.
 */
export const reportContextArticles: Readonly<Record<string, ArticlesByIndex>> = {
  ...helpContextArticles,
  write_to_us: writeToUsArticles,
  writetous: writeToUsArticles,
  email_not_verified: verifyEmail,
  verify_email: verifyEmail,
  update_email: verifyEmail,
  kyc,
  do_kyc: kyc,
  cab_attachment: attachCar,
  cab_attachment_customer: attachCar,
  attach_car: attachCar,
  lost_item: lostItem,
  left_belonging: lostItem,
  cab_belonging: lostItem,
  safety: {
    customer: '100402',
    customer_au: '160301',
    customer_nz: '170301',
    customer_gb: '180301',
    driver_in_en: '200401',
    driver_in_hi: '220401',
    driver_au_en: '240301',
  },
  invoice,
  send_invoice: invoice,
  refund: { customer: '100301', customer_au: '160201', customer_nz: '170201', customer_gb: '180201' },
  unrecognised_charge: { customer: '100306', customer_au: '160202', customer_gb: '180202' },
  account_blocked: { customer: '100608' },
  coupon: { customer: '100701' },
  cancellation_fee: { customer: '101102', customer_au: '160801', customer_nz: '170801', customer_gb: '180801' },
  payout: { driver_in_en: '200101', driver_in_hi: '220101', driver_au_en: '240101', fp_rider_in: '260202' },
  request_callback: { driver_in_en: '200501', driver_in_hi: '220501', driver_au_en: '240401' },
};

/** Where an index falls back when a table has no entry of its own: its audience's default index. */
function defaultIndexOf(index: string): string {
  if (index.startsWith('driver_')) return index.includes('_hi') ? 'driver_in_hi' : 'driver_in_en';
  if (index === 'fp_rider_in') return index;
  return 'customer';
}

/** An index's entry in a table: its own, else its trip/non-trip twin's, else its audience's default. */
export function articleForIndex(table: ArticlesByIndex, index: string): string | null {
  const twin = index.endsWith('_trip') ? index.slice(0, -'_trip'.length) : `${index}_trip`;
  return table[index] ?? table[twin] ?? table[defaultIndexOf(index)] ?? null;
}

/** The write-to-us article a booking page offers for a booking whose help reads `index`. */
export function writeToUsArticleFor(index: string): string | null {
  return articleForIndex(writeToUsArticles, index);
}

/**
 * The article of /report/{context}/...: the context's entry for the first of the viewer's indexes that has one
 * (articleIndexes order), else its audience's default. Contexts are matched exactly, then without case.
 */
export function reportContextArticle(context: string, viewerIndexes: readonly string[]): string | null {
  const key = Object.hasOwn(reportContextArticles, context)
    ? context
    : Object.keys(reportContextArticles).find((k) => k.toLowerCase() === context.toLowerCase());
  const table = key ? reportContextArticles[key] : undefined;
  if (!table) return null;
  for (const index of viewerIndexes) {
    const id = table[index];
    if (id) return id;
  }
  return viewerIndexes.length > 0 ? articleForIndex(table, viewerIndexes[0] as string) : null;
}
