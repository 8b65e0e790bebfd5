/** The spec's 18 countries (core.md §3) with their international dialing codes. */
export const countries = [
  { name: 'India', dialing_code: '+91', country_code: 'IN' },
  { name: 'Australia', dialing_code: '+61', country_code: 'AU' },
  { name: 'New Zealand', dialing_code: '+64', country_code: 'NZ' },
  { name: 'UK', dialing_code: '+44', country_code: 'GB' },
  { name: 'Bangladesh', dialing_code: '+880', country_code: 'BD' },
  { name: 'Afghanistan', dialing_code: '+93', country_code: 'AF' },
  { name: 'China', dialing_code: '+86', country_code: 'CN' },
  { name: 'Japan', dialing_code: '+81', country_code: 'JP' },
  { name: 'Malaysia', dialing_code: '+60', country_code: 'MY' },
  { name: 'Nepal', dialing_code: '+977', country_code: 'NP' },
  { name: 'Russia', dialing_code: '+7', country_code: 'RU' },
  { name: 'Singapore', dialing_code: '+65', country_code: 'SG' },
  { name: 'Sri Lanka', dialing_code: '+94', country_code: 'LK' },
  { name: 'Thailand', dialing_code: '+66', country_code: 'TH' },
  { name: 'USA', dialing_code: '+1', country_code: 'US' },
  { name: 'Canada', dialing_code: '+1', country_code: 'CA' },
  { name: 'Hong Kong', dialing_code: '+852', country_code: 'HK' },
  { name: 'Nigeria', dialing_code: '+234', country_code: 'NG' },
] as const;

export type CountryCode = (typeof countries)[number]['country_code'];
export type Country = (typeof countries)[number];

/**
 * Ours (the spec lists the countries but shows no call): GET answers `{ status, data: countries }` to the forms that
 * ask for a dialing code. The list changes only with a release, so it is cacheable for a day (docs/users.md).
 */
export const countryPaths = { list: '/api/users/v1/countries' } as const;
export const COUNTRIES_MAX_AGE_SECONDS = 86_400;

/** The dialing code of a country ('+91' for IN), or null for a country not in the list. */
export function dialingCodeOf(countryCode: string | null | undefined): string | null {
  const code = (countryCode ?? '').toUpperCase();
  return countries.find((c) => c.country_code === code)?.dialing_code ?? null;
}
