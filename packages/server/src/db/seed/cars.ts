import type { CabCategory } from './booking-factory.ts';
import type { CitySeed } from './places.ts';

// The car a demo driver drives (driver details, docs/flows/driver-details.md). Derived from the driver's IMEI, not
// drawn from the seed's random sequence, so adding cars moved no other seeded value.

const MODELS: Readonly<Record<'IN' | 'abroad', Partial<Record<CabCategory, readonly string[]>>>> = {
  IN: {
    mini: ['Maruti Suzuki WagonR', 'Hyundai Grand i10', 'Tata Tiago'],
    prime: ['Maruti Suzuki Dzire', 'Honda Amaze', 'Hyundai Aura'],
    sedan: ['Maruti Suzuki Dzire', 'Honda Amaze', 'Hyundai Aura'],
    suv: ['Toyota Innova Crysta', 'Maruti Suzuki Ertiga', 'Mahindra Marazzo'],
    kp: ['Premier Padmini'],
    cool_cab: ['Maruti Suzuki Ertiga'],
    auto: ['Bajaj RE Compact', 'Piaggio Ape City'],
    bike: ['Honda Activa 6G', 'Hero Splendor Plus', 'TVS Jupiter'],
    four_wheeler: ['Maruti Suzuki Dzire'],
  },
  abroad: {
    mini: ['Toyota Corolla Hybrid', 'Kia Cerato'],
    sedan: ['Toyota Camry Hybrid', 'Hyundai Sonata'],
    suv: ['Toyota RAV4 Hybrid', 'Kia Sorento'],
  },
};

/** The registration prefix of each city's plates. */
const PLATE: Readonly<Record<string, string>> = {
  Bengaluru: 'KA 01',
  Mumbai: 'MH 02',
  Delhi: 'DL 1C',
  Chennai: 'TN 09',
  Hyderabad: 'TS 09',
  Kolkata: 'WB 04',
  Pune: 'MH 12',
};

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** A deterministic car for a driver (their IMEI) in a city and category. */
export function demoCar(imei: string, city: CitySeed, cab: CabCategory): { model: string; number: string } {
  const n = (from: number, len: number) => Number(imei.slice(from, from + len));
  const letter = (i: number) => LETTERS[n(i, 2) % LETTERS.length];
  const models = MODELS[city.country === 'IN' ? 'IN' : 'abroad'][cab] ?? ['Toyota Corolla Hybrid'];
  const model = models[n(2, 2) % models.length] ?? models[0] ?? '';
  const digits = String(n(4, 4)).padStart(4, '0');
  const pair = `${letter(8)}${letter(10)}`;
  switch (city.country) {
    case 'IN':
      return { model, number: `${PLATE[city.name] ?? 'KA 01'} ${pair} ${digits}` };
    case 'AU':
      return { model, number: `${pair}${letter(12)}${digits.slice(0, 2)}${letter(6)}` };
    case 'NZ':
      return { model, number: `${pair}${letter(12)}${digits.slice(0, 3)}` };
    case 'GB':
      return { model, number: `${pair}${digits.slice(0, 2)} ${letter(12)}${letter(6)}${letter(4)}` };
  }
}
