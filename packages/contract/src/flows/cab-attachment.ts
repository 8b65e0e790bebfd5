/**
 * Attach your car (guided-flows.md §3 "Cab attachment payload", §5; docs/flows/cab-attachment.md): a person who
 * wants to drive chooses their city and is shown its onboarding offices (/bd_address); with no city, a mobile
 * number for a call back. The form and the server check the same rules.
 */
import { z } from 'zod';
import { formatMessage, says } from '../messages.ts';
import type { FlowParams } from './flow-params.ts';

/** The article's call_type (content/kb/customer/100606): a request about the account, no ride. */
export const CAB_ATTACHMENT_CALL_TYPES: readonly string[] = ['cab_attachment_customer'];
/** guided-flows.md §5, §9: the mobile is 10 digits, the first not zero. */
export const CAB_MOBILE_LENGTH = 10;

/**
 * What the mobile field keeps of what was typed: digits only, no leading zero, at most CAB_MOBILE_LENGTH (a key
 * beyond that is refused, not cut later).
 */
export function cabMobileInput(typed: string): string {
  return typed.replace(/\D/g, '').replace(/^0+/, '').slice(0, CAB_MOBILE_LENGTH);
}

const mobileSchema = z.string(says('cabEnterValidMobile')).regex(/^[1-9]\d{9}$/, says('cabEnterValidMobile'));
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * The submit's fields (the spec sends them at the top of the payload: `city`, `phone_number`): a city, or without
 * one a mobile to call back; a mobile sent with a city must be valid too.
 */
const cabAttachmentParamsSchema = z
  .object({
    city: z.preprocess(emptyToNull, z.string(says('cabChooseCity')).max(64, says('cabChooseCity')).nullish()),
    phone_number: z.preprocess(emptyToNull, mobileSchema.nullish()),
  })
  .refine((p) => Boolean(p.city) || Boolean(p.phone_number), { ...says('cabChooseCity'), path: ['city'] });
export type CabAttachmentParams = z.infer<typeof cabAttachmentParamsSchema>;
export const cabAttachmentParams: FlowParams<CabAttachmentParams> = {
  schema: cabAttachmentParamsSchema,
  invalid: 'cabChooseCity',
};

/** The form: the chosen city's id ('' none yet) and the mobile, asked only while no city is chosen. */
export const cabAttachmentFormSchema = z
  .object({ city: z.string(), phone_number: z.string() })
  .superRefine((form, ctx) => {
    if (form.city) return;
    if (form.phone_number === '')
      ctx.addIssue({ code: 'custom', path: ['city'], message: formatMessage('cabChooseCity') });
    else if (!mobileSchema.safeParse(form.phone_number).success) {
      ctx.addIssue({ code: 'custom', path: ['phone_number'], message: formatMessage('cabEnterValidMobile') });
    }
  });
export type CabAttachmentForm = z.infer<typeof cabAttachmentFormSchema>;

/** The served cities and the user's own when the profile has one (GET cities; ours, the spec shows no path). */
export const cabAttachmentPaths = {
  cities: '/api/cab_attachment/cities',
  /** the offices of one city (guided-flows.md §3 "BD address"), read by /bd_address?city= */
  bdAddress: '/api/cab_attachment/bd_address',
} as const;

/** guided-flows.md §3 "City info". */
export const cityInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  std_code: z.string(),
  cc_number: z.string(),
});
export type CityInfo = z.infer<typeof cityInfoSchema>;
export const cabCitiesResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  cities: z.array(cityInfoSchema),
  /** the profile's city, when it is one of them: preselected */
  user_city: z.string().nullable(),
});
export type CabCitiesResponse = z.infer<typeof cabCitiesResponseSchema>;

export const bdAddressQuerySchema = z.object({ city: z.string().max(64) });
/** guided-flows.md §3 "BD address": the city and its offices, each with its hours (and our map link). */
export const bdAddressResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  city: z.string(),
  city_id: z.string(),
  address: z.array(z.object({ address: z.string(), operatingHours: z.string(), map_link: z.string() })),
});
export type BdAddressResponse = z.infer<typeof bdAddressResponseSchema>;

/** A place's Google Maps search link (the /bd_address page's map link). */
export const mapSearchLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** Where a SUCCESS leads (the spec's targets: /bd_address shows the selected city's offices). */
export const bdAddressHref = (cityId: string) => `/bd_address?city=${encodeURIComponent(cityId)}`;
