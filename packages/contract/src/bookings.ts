import { z } from 'zod';
import { BOOKINGS_MAX_PAGES } from './booking-paths.ts';
import { isValidCrn } from './crn.ts';

// The zod-free pieces (paths, limits, fare format) live in booking-paths.ts; re-exported for old imports.
export {
  BOOKINGS_MAX_PAGES,
  BOOKINGS_PAGE_SIZE,
  bookingPaths,
  currencySymbols,
  formatAmount,
  formatFare,
} from './booking-paths.ts';

export const bookingStatusSchema = z.enum([
  'in progress',
  'pending',
  'requested',
  'scheduled',
  'cancelled',
  'completed',
  'ongoing',
]);

/** A customer booking as the lists and booking help show it (spec core.md §3). */
export const customerBookingSchema = z.object({
  id: z.string(),
  crn: z.string(),
  osn: z.string().nullable(),
  brand: z.string(),
  status: z.string(),
  sub_status: z.string().nullable(),
  cab_category: z.string(),
  vehicle_category: z.string().nullable(),
  fare: z.number(),
  currency_symbol: z.string(),
  context: z.string(),
  rtf_status: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  saas_ride: z.boolean(),
  service_country: z.string(),
  service_info: z.object({ service_city: z.string() }),
  krutrim_chat: z.boolean(),
  pickup_date: z.string(),
  date_entered_timestamp: z.number(),
  pickup_location: z.string(),
  drop_location: z.string(),
  driver_image_url: z.string().nullable(),
  map_img_url: z.string().nullable(),
  clickable: z.boolean(),
  display_car_name: z.string().nullable(),
  priority_support_image_visible: z.boolean(),
  /** whose booking it is (the signed-in user: nobody else's is ever answered) */
  user_id: z.string(),
  /** the rider's e-mail on the booking, null when the booking has none (a partner's trip) */
  customer_address_details: z.object({ customer_details: z.object({ email: z.string().nullable() }) }),
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;

/** A page key is opaque to the client; the server signs it, so a forged or edited one is refused. */
export const pageKeySchema = z.string().max(512);
export const pageNoSchema = z.coerce.number().int().min(1).max(BOOKINGS_MAX_PAGES);

export const bookingListQuerySchema = z.object({
  page_no: pageNoSchema.default(1),
  page_key: pageKeySchema.optional(),
  /** Ours: only the bookings in this state (the invoice view lists completed rides); a page key is bound to it. */
  status: bookingStatusSchema.optional(),
});
export const bookingListResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: z.array(customerBookingSchema),
  next_page: z.boolean(),
  page_key: z.string().nullable(),
});
export type BookingListResponse = z.infer<typeof bookingListResponseSchema>;

export const crnSchema = z
  .string()
  .trim()
  .refine((v) => isValidCrn(v), 'Invalid booking reference');

export const getByCrnQuerySchema = z.object({ ref_no: crnSchema, brand: z.string().max(40).optional() });
export const bookingResponseSchema = z.object({ status: z.literal('SUCCESS'), data: customerBookingSchema });

export const bookingDetailsQuerySchema = z.object({ id: z.string().max(64), brand: z.string().max(40).optional() });
export const bookingDetailsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  stop_at: z.string().nullable(),
  driver_phone: z.string().nullable(),
  imei: z.string().nullable(),
  cash_involved: z.boolean(),
  city: z.string(),
  /** Ours: the booking itself, so a page that names a booking by id can show its card. */
  data: customerBookingSchema,
});
export type BookingDetailsResponse = z.infer<typeof bookingDetailsResponseSchema>;

const coordinate = (name: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?$/, 'Coordinates must be two comma-separated numbers (latitude,longitude)')
    .transform(Number)
    .refine((v) => Math.abs(v) <= max, `${name} is out of range`);
export const getCityQuerySchema = z.object({ lat: coordinate('Latitude', 90), lng: coordinate('Longitude', 180) });
export const getCityResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  city: z.string(),
  std_code: z.string(),
  cc_number: z.string(),
});

export const bookingsByArticleQuerySchema = z.object({
  article_id: z.string().regex(/^[\w-]{1,40}$/),
  index: z
    .string()
    .regex(/^[a-z0-9_]{2,40}$/)
    .optional(),
  page_no: pageNoSchema.default(1),
  page_key: pageKeySchema.optional(),
});
/** GET bookings_by_article (core.md §7): status, data, next_page, page_key — the list's shape. */
export const bookingsByArticleResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: z.array(customerBookingSchema),
  next_page: z.boolean(),
  page_key: z.string().nullable(),
});
export type BookingsByArticleResponse = z.infer<typeof bookingsByArticleResponseSchema>;

/** The bookings-by-type call (guided-flows.md §7): article_id, index, page_no, page_key. */
export const bookingsByTypeQuerySchema = bookingsByArticleQuerySchema;
/**
 * Its answer as guided-flows.md §7 (and core.md §3, "bookings, page_no, page_key for the by-type list") names it:
 * `page_no` is the page answered; `page_key` leads to the next page and is null on the last.
 */
export const bookingsByTypeResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  bookings: z.array(customerBookingSchema),
  page_no: z.number(),
  page_key: z.string().nullable(),
});
export type BookingsByTypeResponse = z.infer<typeof bookingsByTypeResponseSchema>;
