import { z } from 'zod';
import { entryModeSchema } from './auth.ts';
import { supportedLocales } from './languages.ts';

/**
 * POST /user_tracking/add_track — one analytics event (a page view, an article view …). A page view carries the
 * session's entry mode and the language the page is shown in (docs/telemetry.md); the server stores both.
 */
export const trackEventSchema = z.object({
  event: z.string().min(1).max(64),
  page: z.string().max(512),
  entry_mode: entryModeSchema.optional(),
  language: z.enum(supportedLocales).optional(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type TrackEvent = z.infer<typeof trackEventSchema>;

export const okResponseSchema = z.object({ status: z.literal('SUCCESS') });
