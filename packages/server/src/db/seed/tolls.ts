import type { Toll } from '@selfserve/contract';
import { roundMoney } from './booking-factory.ts';
import type { SeedCountry } from './places.ts';

/**
 * The plazas and car parks on each demo city's airport run (a ride's toll line is charged on airport trips): the
 * toll plaza takes two thirds of the line, the airport's parking or pick-up fee the rest, so the break-up adds up to
 * the line. A city with one entry puts the whole line on it.
 */
const AIRPORT_TOLL_PLAZAS: Readonly<Record<string, readonly string[]>> = {
  Bengaluru: ['Sadahalli Toll Plaza, NH 44', 'Kempegowda International Airport parking'],
  Mumbai: ['Bandra-Worli Sea Link toll', 'CSMIA Terminal 2 parking'],
  Delhi: ['Delhi-Gurugram Expressway toll, NH 48', 'IGI Airport Terminal 3 parking'],
  Chennai: ['Perungalathur Toll Plaza, GST Road', 'Chennai International Airport parking'],
  Hyderabad: ['Outer Ring Road toll, Shamshabad', 'Rajiv Gandhi International Airport parking'],
  Kolkata: ['Belghoria Expressway Toll Plaza', 'Netaji Subhas Chandra Bose Airport parking'],
  Pune: ['Pune Airport entry fee', 'Pune Airport parking'],
  Sydney: ['Eastern Distributor (M1) toll', 'Sydney Airport pick-up fee'],
  Melbourne: ['CityLink toll', 'Melbourne Airport pick-up fee'],
  Auckland: ['Auckland Airport pick-up fee'],
  London: ['Heathrow Terminal 5 drop-off charge'],
};

/** The break-up of a ride's toll line in a city (none for a zero line). */
export function tollBreakUp(city: string, country: SeedCountry, toll: number): Toll[] {
  if (toll <= 0) return [];
  const [plaza, parking] = AIRPORT_TOLL_PLAZAS[city] ?? ['Toll plaza'];
  if (!parking) return [{ toll_name: plaza ?? 'Toll plaza', total_tax: toll }];
  const first = roundMoney(country, (toll * 2) / 3);
  return [
    { toll_name: plaza ?? 'Toll plaza', total_tax: first },
    { toll_name: parking, total_tax: roundMoney(country, toll - first) },
  ];
}
