import type { Bill, BillLineKey } from '@selfserve/contract';
import type { BookingsTable } from '../schema.ts';
import { isAirport, RATES, roundMoney, type Trip } from './booking-factory.ts';
import { MINUTE, Rng } from './common.ts';
import type { SeedCountry } from './places.ts';
import { tollBreakUp } from './tolls.ts';

// The bill of each ride: its lines add up to the fare.

/** Taxes included in a fare, by country (GST / VAT). */
const TAX_RATE: Readonly<Record<SeedCountry, number>> = { IN: 0.05, AU: 0.1, NZ: 0.15, GB: 0.2 };
/** Waiting charge per minute past the free minutes. */
const WAITING_PER_MINUTE: Readonly<Record<SeedCountry, number>> = { IN: 2, AU: 0.6, NZ: 0.6, GB: 0.5 };
const AIRPORT_TOLLS: Readonly<Record<SeedCountry, readonly number[]>> = {
  IN: [60, 90, 120],
  AU: [4.5, 7.9],
  NZ: [2.6],
  GB: [5],
};

/** FNV-1a: a seed per booking id, so bills have their own random numbers and leave the main sequence alone. */
function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The bill of a ride (the contract's Bill, as JSON): its lines add up to the fare. Most bills are right; a few
 * carry the faults a billing dispute can prove from the records — a distance charged well beyond the map's
 * route (GPS drift), or a waiting charge although the driver waited no more than the free minutes.
 */
export function demoBill(t: Trip, row: Omit<BookingsTable, 'crn'>): string | null {
  if (row.fare <= 0) return null;
  const country = t.city.country;
  const money = (n: number) => roundMoney(country, n);
  const r = new Rng(hashSeed(row.id));
  const rate = TAX_RATE[country];
  const pretax = money(row.fare / (1 + rate));
  const bill = (lines: [BillLineKey, number][], extra: Partial<Bill>): string => {
    const others = lines.filter(([, amount]) => amount > 0);
    const taxes = money(row.fare - others.reduce((sum, [, amount]) => sum + amount, 0));
    return JSON.stringify({
      currency_country: row.currency_country,
      lines: [...others, ['taxes', taxes] as const].map(([key, amount]) => ({ key, amount })),
      total: row.fare,
      distance_km: null,
      route_km: null,
      ride_minutes: null,
      waiting_minutes: null,
      estimated_fare: null,
      ...extra,
    } satisfies Bill);
  };
  if (t.status === 'cancelled') return bill([['cancellation_fee', pretax]], {});

  const [base, perKm] = RATES[country][t.cab] ?? [50, 13];
  const minutes = row.stop_at ? Math.round((Date.parse(row.stop_at) - Date.parse(row.pickup_date)) / MINUTE) : null;
  let waitingMinutes = r.int(0, 3);
  let waiting = 0;
  const roll = r.float(0, 1);
  if (roll < 0.18) {
    waitingMinutes = r.int(4, 12);
    waiting = money((waitingMinutes - 3) * WAITING_PER_MINUTE[country]);
  } else if (roll < 0.22) {
    waiting = money(r.int(3, 8) * WAITING_PER_MINUTE[country]);
  }
  let toll = isAirport(t.from) || isAirport(t.to) ? r.pick(AIRPORT_TOLLS[country]) : 0;
  const drift = r.chance(0.1);
  const routeKm = Math.round(t.km * (drift ? r.float(0.62, 0.8) : r.float(0.92, 1.03)) * 10) / 10;
  // A minimum fare leaves no room for extras.
  if (base + waiting + toll > pretax) {
    waiting = 0;
    toll = 0;
  }
  const baseFare = Math.min(base, pretax);
  const travel = money(pretax - baseFare - waiting - toll);
  // A fare above the per-km rate is peak pricing.
  const atRate = money(Math.min(travel, perKm * t.km));
  const peak = travel - atRate > money(travel * 0.05) ? money(travel - atRate) : 0;
  const distance = money(travel - peak);
  const estimate = money((baseFare + distance + peak) * Math.min(1.05, routeKm / t.km) * (1 + rate));
  return bill(
    [
      ['base_fare', baseFare],
      ['distance', distance],
      ['peak', peak],
      ['waiting', waiting],
      ['toll', toll],
    ],
    {
      distance_km: t.km,
      route_km: routeKm,
      ride_minutes: minutes,
      waiting_minutes: waitingMinutes,
      estimated_fare: estimate,
      // the toll line's plazas and car parks (toll and parking), adding up to it
      ...(toll > 0 ? { tolls: tollBreakUp(t.city.name, country, toll) } : {}),
    },
  );
}
