import { z } from 'zod';

/** GET countryPaths.list (countries.ts): the spec's country list entries (core.md §3). */
export const countrySchema = z.object({
  name: z.string(),
  dialing_code: z.string().regex(/^\+\d{1,4}$/),
  country_code: z.string().length(2),
});
export const countryListResponseSchema = z.object({ status: z.literal('SUCCESS'), data: z.array(countrySchema) });
export type CountryListResponse = z.infer<typeof countryListResponseSchema>;
