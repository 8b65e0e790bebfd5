import { z } from 'zod';

/** POST /user_tracking/add_track — one analytics event (a page view, an article view …). */
export const trackEventSchema = z.object({
  event: z.string().min(1).max(64),
  page: z.string().max(512),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type TrackEvent = z.infer<typeof trackEventSchema>;

export const okResponseSchema = z.object({ status: z.literal('SUCCESS') });

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['sqlite', 'postgres']),
  database_ok: z.boolean(),
  uptime_seconds: z.number(),
});
