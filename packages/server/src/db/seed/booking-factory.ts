import { luhnCheckDigit } from '@selfserve/contract';
import type { BookingsTable } from '../schema.ts';
import { demoCar } from './cars.ts';
import { DAY, HOUR, MINUTE, type Rng } from './common.ts';
import { CITIES, type CitySeed, type SeedCountry } from './places.ts';
import { MEMBER_SINCE_DAYS, type SeedUser } from './users.ts';

// How a ride becomes a bookings row: drivers, routes, fares (bookings.ts says who rode what).

export type BookingStatus =
  | 'in progress'
  | 'pending'
  | 'requested'
  | 'scheduled'
  | 'cancelled'
  | 'completed'
  | 'ongoing';
export type CabCategory = 'mini' | 'prime' | 'sedan' | 'suv' | 'kp' | 'cool_cab' | 'auto' | 'bike' | 'four_wheeler';
export type ServiceType = 'p2p' | 'rental' | 'outstation' | 'food_delivery';

export interface Trip {
  user: SeedUser;
  audience: 'customer' | 'driver';
  city: CitySeed;
  status: BookingStatus;
  subStatus: string | null;
  cab: CabCategory;
  share: boolean;
  saas: boolean;
  enteredAt: number;
  pickupAt: number;
  from: string;
  to: string;
  km: number;
  /** cancelled after a driver was assigned and outside the free window */
  charged: boolean;
  withDriver: boolean;
  service: ServiceType;
  rideLater: boolean;
}

interface PoolDriver {
  name: string;
  phone: string;
  imei: string;
  image: string;
}

const DRIVER_NAMES: Readonly<Record<string, readonly string[]>> = {
  Bengaluru: ['Manjunath K', 'Ravi Kumar', 'Suresh Gowda', 'Naveen R', 'Prakash Shetty', 'Imran Pasha'],
  Mumbai: ['Santosh Patil', 'Ganesh More', 'Mohammed Shaikh', 'Dinesh Yadav'],
  Delhi: ['Rajesh Kumar', 'Sandeep Singh', 'Amit Sharma', 'Mohit Chauhan'],
  Chennai: ['Murugan S', 'Karthik Raja', 'Senthil Kumar'],
  Hyderabad: ['Srinivas Reddy', 'Mahesh Goud', 'Abdul Rahman'],
  Kolkata: ['Subrata Das', 'Bikash Roy'],
  Pune: ['Sachin Jadhav', 'Vishal Pawar'],
  Sydney: ['Daniel Nguyen', 'Ahmed Hassan', 'Michael Chen', 'Mark Thompson'],
  Melbourne: ['Harpreet Singh', 'Luca Romano'],
  Auckland: ['Tama Ngata', 'Sione Taufa', 'Rajiv Prasad'],
  London: ['Kwame Mensah', 'Tomasz Nowak', 'James Walker', 'Arif Choudhury'],
};

/** Ride hours in local time, weighted towards the commute peaks. */
const HOUR_WEIGHTS: readonly (readonly [number, number])[] = [
  [6, 2],
  [7, 5],
  [8, 10],
  [9, 12],
  [10, 8],
  [11, 5],
  [12, 5],
  [13, 5],
  [14, 4],
  [15, 4],
  [16, 5],
  [17, 7],
  [18, 10],
  [19, 10],
  [20, 8],
  [21, 6],
  [22, 4],
  [23, 2],
];

function cabWeights(c: CitySeed): readonly (readonly [CabCategory, number])[] {
  if (c.country !== 'IN') {
    return [
      ['mini', 35],
      ['sedan', 45],
      ['suv', 20],
    ];
  }
  // Kaali Peeli and Cool Cab are Mumbai's metered taxis.
  if (c.name === 'Mumbai') {
    return [
      ['mini', 26],
      ['prime', 20],
      ['suv', 8],
      ['auto', 16],
      ['bike', 8],
      ['kp', 12],
      ['cool_cab', 10],
    ];
  }
  return [
    ['mini', 34],
    ['prime', 24],
    ['suv', 8],
    ['auto', 20],
    ['bike', 14],
  ];
}

/** [base, per km] in the local currency. */
export const RATES: Readonly<Record<SeedCountry, Partial<Record<CabCategory, readonly [number, number]>>>> = {
  IN: {
    mini: [50, 13],
    prime: [80, 17],
    sedan: [80, 17],
    suv: [110, 22],
    kp: [28, 18],
    cool_cab: [34, 21],
    auto: [30, 15],
    bike: [20, 7],
    four_wheeler: [60, 14],
  },
  AU: { mini: [3.2, 1.55], sedan: [3.6, 2.1], suv: [4.8, 2.7] },
  NZ: { mini: [3.0, 1.7], sedan: [3.5, 2.2], suv: [4.5, 2.9] },
  GB: { mini: [2.5, 1.45], sedan: [3.0, 1.9], suv: [4.0, 2.5] },
};

const CANCELLATION_FEE: Readonly<Record<SeedCountry, number>> = { IN: 75, AU: 10, NZ: 10, GB: 5 };
const MINIMUM_FARE: Readonly<Record<SeedCountry, number>> = { IN: 30, AU: 11, NZ: 10, GB: 6 };

const DISPLAY_CAR_NAME: Readonly<Record<CabCategory, string>> = {
  mini: 'Mini',
  prime: 'Prime Sedan',
  sedan: 'Sedan',
  suv: 'Prime SUV',
  kp: 'Kaali Peeli',
  cool_cab: 'Cool Cab',
  auto: 'Auto',
  bike: 'Bike',
  four_wheeler: 'Cab',
};

const DISPLAY_TYPE: Readonly<Record<ServiceType, string>> = {
  p2p: 'Point to Point',
  rental: 'Rental',
  outstation: 'Outstation',
  food_delivery: 'Food Delivery',
};

export function roundMoney(country: SeedCountry, amount: number): number {
  return country === 'IN' ? Math.round(amount) : Math.round(amount * 100) / 100;
}

function vehicleCategory(t: Trip): string | null {
  if (t.share) return 'share';
  if (t.saas) return null;
  if (t.cab === 'prime' || t.cab === 'sedan' || t.cab === 'suv') return 'prime';
  if (t.cab === 'mini') return 'express';
  return null;
}

export function isAirport(text: string): boolean {
  return text.includes('Airport');
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

export class BookingFactory {
  private readonly pools = new Map<string, PoolDriver[]>();
  private readonly counters = new Map<string, number>();
  private readonly partnerDevices = new Map<string, PoolDriver>();
  private nextOsn = 40_152_000;
  private nextImage = 1;
  readonly trips: { trip: Trip; row: Omit<BookingsTable, 'crn'> }[] = [];

  constructor(
    private readonly rng: Rng,
    readonly anchor: number,
  ) {
    for (const c of CITIES) {
      const names = DRIVER_NAMES[c.name] ?? [];
      this.pools.set(
        c.name,
        names.map((name) => ({ name, phone: this.mobile(c.country), imei: this.imei(), image: this.image() })),
      );
    }
  }

  mobile(country: SeedCountry): string {
    const r = this.rng;
    switch (country) {
      case 'IN':
        return `+91${r.pick(['98', '97', '99', '88', '96', '70'])}${r.digits(8)}`;
      case 'AU':
        // 0491 570 006 to 0491 570 159 are reserved for fiction.
        return `+61491570${String(r.int(6, 159)).padStart(3, '0')}`;
      case 'NZ':
        return `+6421555${r.digits(4)}`;
      case 'GB':
        return `+447700900${r.digits(3)}`;
    }
  }

  /** IMEIs carry a Luhn check digit, like CRNs. */
  imei(): string {
    const body = `35${this.rng.digits(12)}`;
    return body + String(luhnCheckDigit(body));
  }

  image(): string {
    return `/img/drivers/${this.nextImage++}.svg`;
  }

  poolDriver(c: CitySeed): PoolDriver {
    return this.rng.pick(this.pools.get(c.name) ?? []);
  }

  /** A local time of day `daysAgo` days before the anchor. */
  localTime(c: CitySeed, daysAgo: number, hour?: number): number {
    const dayStart = Math.floor((this.anchor - daysAgo * DAY) / DAY) * DAY;
    const h = hour ?? this.rng.weighted(HOUR_WEIGHTS);
    return dayStart + (h * 60 + this.rng.int(0, 59) - c.tzMinutes) * MINUTE;
  }

  route(u: SeedUser, c: CitySeed, localHour: number): [string, string] {
    const r = this.rng;
    const home = c.name === u.row.city ? u.home : undefined;
    if (home && u.work && r.chance(0.4)) return localHour < 13 ? [home, u.work] : [u.work, home];
    // Home is listed twice: most non-commute rides still start or end there.
    const places = home ? [...c.places, home, home] : c.places;
    const from = r.pick(places);
    let to = r.pick(places);
    while (to === from) to = r.pick(places);
    return [from, to];
  }

  km(from: string, to: string, service: ServiceType): number {
    const r = this.rng;
    if (service === 'outstation') return Math.round(r.float(140, 320));
    if (service === 'rental') return Math.round(r.float(35, 80));
    if (service === 'food_delivery') return Math.round(r.float(2, 7) * 10) / 10;
    if (isAirport(from) || isAirport(to)) return Math.round(r.float(24, 42) * 10) / 10;
    return Math.round(r.float(3, 19) * 10) / 10;
  }

  historyStatus(): Pick<Trip, 'status' | 'subStatus' | 'charged' | 'withDriver'> {
    const r = this.rng;
    if (r.chance(0.86)) return { status: 'completed', subStatus: null, charged: false, withDriver: true };
    const kind = r.weighted([
      ['charged', 40],
      ['free', 30],
      ['driver', 18],
      ['unassigned', 12],
    ] as const);
    switch (kind) {
      case 'charged':
        return { status: 'cancelled', subStatus: 'cancelled_by_customer', charged: true, withDriver: true };
      case 'free':
        return { status: 'cancelled', subStatus: 'cancelled_by_customer', charged: false, withDriver: r.chance(0.5) };
      case 'driver':
        return { status: 'cancelled', subStatus: 'cancelled_by_driver', charged: false, withDriver: true };
      case 'unassigned':
        return { status: 'cancelled', subStatus: 'no_driver_found', charged: false, withDriver: false };
    }
  }

  /** A past ride on a random day between `minDays` and `maxDays` before the anchor. */
  historyTrip(u: SeedUser, c: CitySeed, minDays: number, maxDays: number, extra: Partial<Trip> = {}): Trip {
    const r = this.rng;
    const hour = r.weighted(HOUR_WEIGHTS);
    const enteredAt = this.localTime(c, r.int(minDays, maxDays), hour);
    const [from, to] = this.route(u, c, hour);
    const share = c.country === 'IN' && u.row.role === 'customer' && r.chance(0.04);
    const cab = share ? 'mini' : r.weighted(cabWeights(c));
    const trip: Trip = {
      user: u,
      audience: u.row.role === 'customer' ? 'customer' : 'driver',
      city: c,
      ...this.historyStatus(),
      cab,
      share,
      saas: false,
      enteredAt,
      pickupAt: enteredAt + r.int(3, 12) * MINUTE,
      from,
      to,
      km: 0,
      service: 'p2p',
      rideLater: false,
      ...extra,
    };
    trip.km = this.km(trip.from, trip.to, trip.service);
    return trip;
  }

  /** A booking at a fixed offset from the anchor (active rides, scheduled rides, scripted history). */
  fixedTrip(
    u: SeedUser,
    c: CitySeed,
    spec: Pick<Trip, 'status' | 'cab'> & { enteredAgo: number; pickupIn?: number } & Partial<Trip>,
  ): Trip {
    const { enteredAgo, pickupIn, ...rest } = spec;
    const enteredAt = this.anchor - enteredAgo;
    const [from, to] = this.route(u, c, this.rng.int(7, 20));
    const trip: Trip = {
      user: u,
      audience: u.row.role === 'customer' ? 'customer' : 'driver',
      city: c,
      subStatus: null,
      share: false,
      saas: false,
      charged: false,
      withDriver: !['requested', 'scheduled'].includes(spec.status),
      enteredAt,
      pickupAt: pickupIn === undefined ? enteredAt + this.rng.int(3, 12) * MINUTE : this.anchor + pickupIn,
      from,
      to,
      km: 0,
      service: 'p2p',
      rideLater: pickupIn !== undefined && pickupIn > HOUR,
      ...rest,
    };
    if (trip.km === 0) trip.km = this.km(trip.from, trip.to, trip.service);
    return trip;
  }

  fare(t: Trip): number {
    const country = t.city.country;
    if (t.status === 'cancelled') {
      if (!t.charged) return 0;
      const fee = t.cab === 'auto' || t.cab === 'bike' ? CANCELLATION_FEE[country] / 2 : CANCELLATION_FEE[country];
      return roundMoney(country, fee);
    }
    if (t.status !== 'completed' && t.status !== 'pending') return 0;
    const r = this.rng;
    if (t.service === 'food_delivery') return roundMoney(country, 25 + 6 * t.km + r.float(0, 10));
    if (t.service === 'outstation') return roundMoney(country, 300 + 13 * t.km + r.float(0, 150));
    if (t.service === 'rental') return roundMoney(country, 850 + 14 * Math.max(0, t.km - 40) + r.float(0, 60));
    const [base, perKm] = RATES[country][t.cab] ?? [50, 13];
    const surge = r.chance(0.2) ? r.float(1.1, 1.5) : 1;
    const perKmShare = t.share ? perKm * 0.65 : perKm;
    return roundMoney(country, Math.max(MINIMUM_FARE[country], (base + perKmShare * t.km) * surge));
  }

  add(t: Trip): void {
    const u = t.user;
    const seq = (this.counters.get(u.key) ?? 0) + 1;
    this.counters.set(u.key, seq);
    const r = this.rng;
    const partner = t.audience === 'driver';
    const driver: PoolDriver | null = partner ? this.partnerAsDriver(u) : t.withDriver ? this.poolDriver(t.city) : null;
    const car = driver ? demoCar(driver.imei, t.city, t.cab) : null;
    const minutesPerKm = t.city.country === 'IN' ? r.float(2.4, 4) : r.float(1.6, 2.6);
    const stopAt =
      t.status === 'completed' || t.status === 'pending' ? t.pickupAt + Math.round(t.km * minutesPerKm) * MINUTE : null;
    const mapped = t.status !== 'cancelled' && t.status !== 'requested' && t.status !== 'scheduled';
    const memberSince = MEMBER_SINCE_DAYS[u.row.id];
    const country = t.city.country;
    const cashLikely = country === 'IN' ? (t.cab === 'auto' || t.cab === 'kp' ? 0.7 : 0.3) : 0.05;
    this.trips.push({
      trip: t,
      row: {
        id: `bk_${u.key}_${String(seq).padStart(3, '0')}`,
        osn: t.share ? `OSN${this.nextOsn++}` : null,
        brand: t.share ? 'ola_share' : 'ola',
        user_id: u.row.id,
        audience: t.audience,
        status: t.status,
        sub_status: t.subStatus,
        cab_category: t.cab,
        vehicle_category: vehicleCategory(t),
        ride_type: partner ? (t.rideLater ? 'later' : 'now') : null,
        display_type: partner ? DISPLAY_TYPE[t.service] : null,
        service_type: partner ? t.service : null,
        fare: this.fare(t),
        currency_country: u.row.country_code,
        context: null,
        rtf_status: null,
        city: t.city.name,
        country,
        saas_ride: t.saas ? 1 : 0,
        service_country: country,
        service_city: t.city.name,
        stop_at: stopAt === null ? null : new Date(stopAt).toISOString(),
        driver_name: driver?.name ?? null,
        driver_phone: driver?.phone ?? null,
        imei: driver?.imei ?? null,
        // A pending ride is waiting for an online payment, so it cannot have been paid in cash.
        cash_involved: t.status !== 'cancelled' && t.status !== 'pending' && r.chance(cashLikely) ? 1 : 0,
        // The assistant ("Krutrim") chat was rolled out for Indian riders 90 days before the anchor.
        krutrim_chat: !partner && country === 'IN' && t.enteredAt > this.anchor - 90 * DAY ? 1 : 0,
        pickup_date: new Date(t.pickupAt).toISOString(),
        date_entered_timestamp: t.enteredAt,
        pickup_location: base64(t.from),
        drop_location: base64(t.to),
        driver_image_url: driver?.image ?? null,
        map_img_url: mapped ? `/img/maps/route-${r.int(1, 12)}.svg` : null,
        // Rides older than about six months can no longer be reported from the list.
        clickable: t.enteredAt < this.anchor - 175 * DAY ? 0 : 1,
        display_car_name: t.share ? 'Share' : country !== 'IN' && t.cab === 'suv' ? 'SUV' : DISPLAY_CAR_NAME[t.cab],
        priority_support_image_visible:
          memberSince !== undefined && t.enteredAt >= this.anchor - memberSince * DAY ? 1 : 0,
        customer_email: partner ? null : u.row.email,
        car_model: car?.model ?? null,
        car_number: car?.number ?? null,
        bill: null,
      },
    });
  }

  /** A partner drives every one of their rides with the same phone and photo. */
  private partnerAsDriver(u: SeedUser): PoolDriver {
    let device = this.partnerDevices.get(u.key);
    if (!device) {
      device = { name: u.row.name, phone: u.row.mobile, imei: this.imei(), image: this.image() };
      this.partnerDevices.set(u.key, device);
    }
    return device;
  }
}
