import { z } from 'zod';
import { billLineKeys } from './bill-rules.ts';

export * from './bill-rules.ts';

/** One plaza or car park of a ride's toll line (guided-flows.md §3 "Toll details": toll_name, total_tax). */
export const tollSchema = z.object({ toll_name: z.string(), total_tax: z.number() });

export const billSchema = z.object({
  currency_country: z.string(),
  lines: z.array(z.object({ key: z.enum(billLineKeys), amount: z.number() })),
  total: z.number(),
  distance_km: z.number().nullable(),
  route_km: z.number().nullable(),
  ride_minutes: z.number().nullable(),
  waiting_minutes: z.number().nullable(),
  estimated_fare: z.number().nullable(),
  /** the toll line's break-up, adding up to it (absent on bills without tolls, and on older ones) */
  tolls: z.array(tollSchema).optional(),
});

export const billQuerySchema = z.object({ booking_id: z.string().min(1).max(64) });

/** GET /api/bookings/v1/bill: the bill of one of the user's rides, and the answer to an earlier dispute. */
export const billResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  booking_id: z.string(),
  crn: z.string(),
  /** null: the ride has no bill (not completed and not charged) */
  bill: billSchema.nullable(),
  map_url: z.string().nullable(),
  dispute: z
    .object({
      outcome: z.enum(['adjusted', 'review']),
      amount: z.number(),
      ticket_id: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
});
export type BillResponse = z.infer<typeof billResponseSchema>;
