import { type Bill, type BillLineKey, countries, luhnCheckDigit, withCrnCheckDigit } from '@selfserve/contract';
import type { InsertObject, Kysely, Transaction } from 'kysely';
import type {
  BookingsTable,
  CallUsNumbersTable,
  ChatConfigTable,
  CitiesTable,
  CountriesTable,
  Database,
  OrdersTable,
  SubscriptionsTable,
  TicketsTable,
  UsersTable,
} from './schema.ts';

/**
 * Deterministic demo data. Every id and every random choice is fixed (seeded PRNG, fixed ids), and every date is
 * an offset from the anchor, so the same anchor always yields the same rows and re-seeding inserts nothing.
 */
export const SEED_ANCHOR = '2026-11-20T09:30:00.000Z';

const PRNG_SEED = 0x5e1f5e7e;
// PostgreSQL allows 65535 bind parameters per statement; 100 bookings × 39 columns stays far below that.
const CHUNK_SIZE = 100;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------------------------
// Random numbers

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** Inclusive on both ends. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.next() * items.length));
  }

  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return at(entries, entries.length - 1)[0];
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`Seed data index ${index} out of range`);
  return item;
}

// ---------------------------------------------------------------------------------------------------------------
// Reference data: cities, numbers, chat

type SeedCountry = 'IN' | 'AU' | 'NZ' | 'GB';

interface CitySeed {
  id: string;
  name: string;
  country: SeedCountry;
  std: string;
  /** Local customer-care number; the call-us footer tells users to dial the std code first. */
  cc: string;
  lat: number;
  lng: number;
  /** Local offset from UTC in November (daylight saving in AU and NZ), for plausible ride hours. */
  tzMinutes: number;
  places: readonly string[];
}

const CITIES: readonly CitySeed[] = [
  {
    id: 'city_bengaluru',
    name: 'Bengaluru',
    country: 'IN',
    std: '080',
    cc: '47182200',
    lat: 12.9716,
    lng: 77.5946,
    tzMinutes: 330,
    places: [
      'Kempegowda International Airport, Terminal 1 Arrivals, Devanahalli, Bengaluru, Karnataka 560300',
      'Manyata Tech Park, Outer Ring Road, Nagawara, Bengaluru, Karnataka 560045',
      'Phoenix Marketcity, Whitefield Main Road, Mahadevapura, Bengaluru, Karnataka 560048',
      'MG Road Metro Station, Mahatma Gandhi Road, Bengaluru, Karnataka 560001',
      'Forum Mall, Hosur Road, Koramangala, Bengaluru, Karnataka 560029',
      '100 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru, Karnataka 560038',
      'Infosys Gate 1, Electronics City Phase 1, Hosur Road, Bengaluru, Karnataka 560100',
      'KSR Bengaluru City Railway Station, Gubbi Thotadappa Road, Bengaluru, Karnataka 560023',
      '11th Main Road, 4th Block, Jayanagar, Bengaluru, Karnataka 560011',
      '27th Main Road, Sector 2, HSR Layout, Bengaluru, Karnataka 560102',
      'Orion Mall, Brigade Gateway, Rajajinagar, Bengaluru, Karnataka 560055',
      'Cubbon Park, Kasturba Road, Sampangi Rama Nagar, Bengaluru, Karnataka 560001',
    ],
  },
  {
    id: 'city_mumbai',
    name: 'Mumbai',
    country: 'IN',
    std: '022',
    cc: '61394400',
    lat: 19.076,
    lng: 72.8777,
    tzMinutes: 330,
    places: [
      'Chhatrapati Shivaji Maharaj International Airport, Terminal 2, Andheri East, Mumbai, Maharashtra 400099',
      'Bandra Kurla Complex, G Block, Bandra East, Mumbai, Maharashtra 400051',
      'Gateway of India, Apollo Bandar, Colaba, Mumbai, Maharashtra 400001',
      'Chhatrapati Shivaji Maharaj Terminus, Dr Dadabhai Naoroji Road, Fort, Mumbai, Maharashtra 400001',
      'Phoenix Palladium, Senapati Bapat Marg, Lower Parel, Mumbai, Maharashtra 400013',
      'Hiranandani Gardens, Central Avenue, Powai, Mumbai, Maharashtra 400076',
      'Juhu Beach, Juhu Tara Road, Juhu, Mumbai, Maharashtra 400049',
      'Dadar Railway Station (West), Senapati Bapat Marg, Dadar, Mumbai, Maharashtra 400028',
    ],
  },
  {
    id: 'city_delhi',
    name: 'Delhi',
    country: 'IN',
    std: '011',
    cc: '41186300',
    lat: 28.6139,
    lng: 77.209,
    tzMinutes: 330,
    places: [
      'Indira Gandhi International Airport, Terminal 3, New Delhi, Delhi 110037',
      'Connaught Place, Inner Circle, New Delhi, Delhi 110001',
      'New Delhi Railway Station, Paharganj Side, New Delhi, Delhi 110055',
      'Select Citywalk, Saket District Centre, Saket, New Delhi, Delhi 110017',
      'Hauz Khas Village, Deer Park Road, New Delhi, Delhi 110016',
      'Nehru Place, Outer Ring Road, New Delhi, Delhi 110019',
      'Karol Bagh Metro Station, Pusa Road, New Delhi, Delhi 110005',
      'Lajpat Nagar Central Market, Lajpat Nagar II, New Delhi, Delhi 110024',
    ],
  },
  {
    id: 'city_chennai',
    name: 'Chennai',
    country: 'IN',
    std: '044',
    cc: '46312200',
    lat: 13.0827,
    lng: 80.2707,
    tzMinutes: 330,
    places: [
      'Chennai International Airport, GST Road, Meenambakkam, Chennai, Tamil Nadu 600027',
      'Chennai Central Railway Station, Park Town, Chennai, Tamil Nadu 600003',
      'Phoenix Marketcity, Velachery Main Road, Velachery, Chennai, Tamil Nadu 600042',
      'Tidel Park, Rajiv Gandhi Salai, Taramani, Chennai, Tamil Nadu 600113',
      'Marina Beach, Kamarajar Salai, Triplicane, Chennai, Tamil Nadu 600005',
      'T Nagar Bus Terminus, South Usman Road, T Nagar, Chennai, Tamil Nadu 600017',
      'Express Avenue, Whites Road, Royapettah, Chennai, Tamil Nadu 600014',
      'Anna Nagar Tower Park, 2nd Avenue, Anna Nagar, Chennai, Tamil Nadu 600040',
    ],
  },
  {
    id: 'city_hyderabad',
    name: 'Hyderabad',
    country: 'IN',
    std: '040',
    cc: '48213300',
    lat: 17.385,
    lng: 78.4867,
    tzMinutes: 330,
    places: [
      'Rajiv Gandhi International Airport, Shamshabad, Hyderabad, Telangana 500409',
      'Cyber Towers, HITEC City, Madhapur, Hyderabad, Telangana 500081',
      'Charminar, Char Kaman, Ghansi Bazaar, Hyderabad, Telangana 500002',
      'Secunderabad Railway Station, Regimental Bazaar, Secunderabad, Telangana 500025',
      'Inorbit Mall, Mindspace, Madhapur, Hyderabad, Telangana 500081',
      'Road No 1, Banjara Hills, Hyderabad, Telangana 500034',
      'Gachibowli Stadium Road, Gachibowli, Hyderabad, Telangana 500032',
      'Housing Board Colony, Kukatpally, Hyderabad, Telangana 500072',
    ],
  },
  {
    id: 'city_kolkata',
    name: 'Kolkata',
    country: 'IN',
    std: '033',
    cc: '40502200',
    lat: 22.5726,
    lng: 88.3639,
    tzMinutes: 330,
    places: [
      'Netaji Subhas Chandra Bose International Airport, Dum Dum, Kolkata, West Bengal 700052',
      'Howrah Railway Station, Howrah, West Bengal 711101',
      'Park Street, Mullick Bazar, Kolkata, West Bengal 700016',
      'Salt Lake Sector V, Bidhannagar, Kolkata, West Bengal 700091',
      'Victoria Memorial, Queens Way, Maidan, Kolkata, West Bengal 700071',
      'South City Mall, Prince Anwar Shah Road, Jadavpur, Kolkata, West Bengal 700068',
    ],
  },
  {
    id: 'city_pune',
    name: 'Pune',
    country: 'IN',
    std: '020',
    cc: '67281100',
    lat: 18.5204,
    lng: 73.8567,
    tzMinutes: 330,
    places: [
      'Pune International Airport, Lohegaon, Pune, Maharashtra 411032',
      'Pune Railway Station, Agarkar Nagar, Pune, Maharashtra 411001',
      'Rajiv Gandhi Infotech Park, Hinjewadi Phase 1, Pune, Maharashtra 411057',
      'North Main Road, Koregaon Park, Pune, Maharashtra 411001',
      'Phoenix Marketcity, Nagar Road, Viman Nagar, Pune, Maharashtra 411014',
      'Fergusson College Road, Shivajinagar, Pune, Maharashtra 411004',
      'Magarpatta City, Hadapsar, Pune, Maharashtra 411013',
    ],
  },
  {
    id: 'city_sydney',
    name: 'Sydney',
    country: 'AU',
    std: '02',
    cc: '55504412',
    lat: -33.8688,
    lng: 151.2093,
    tzMinutes: 660,
    places: [
      'Sydney Airport, T1 International, Mascot NSW 2020',
      'Circular Quay, Alfred Street, Sydney NSW 2000',
      'Central Station, Eddy Avenue, Haymarket NSW 2000',
      'Bondi Beach, Campbell Parade, Bondi Beach NSW 2026',
      'Westfield Bondi Junction, 500 Oxford Street, Bondi Junction NSW 2022',
      'Barangaroo, Hickson Road, Barangaroo NSW 2000',
      'Parramatta Station, Darcy Street, Parramatta NSW 2150',
      'Chatswood Chase, 345 Victoria Avenue, Chatswood NSW 2067',
      'Manly Wharf, East Esplanade, Manly NSW 2095',
    ],
  },
  {
    id: 'city_melbourne',
    name: 'Melbourne',
    country: 'AU',
    std: '03',
    cc: '55507821',
    lat: -37.8136,
    lng: 144.9631,
    tzMinutes: 660,
    places: [
      'Melbourne Airport, Departure Drive, Tullamarine VIC 3045',
      'Flinders Street Station, Flinders Street, Melbourne VIC 3000',
      'Southern Cross Station, Spencer Street, Docklands VIC 3008',
      'Queen Victoria Market, Queen Street, Melbourne VIC 3000',
      'Chapel Street, South Yarra VIC 3141',
      'St Kilda Pier, Pier Road, St Kilda VIC 3182',
    ],
  },
  {
    id: 'city_auckland',
    name: 'Auckland',
    country: 'NZ',
    std: '09',
    cc: '5550140',
    lat: -36.8485,
    lng: 174.7633,
    tzMinutes: 780,
    places: [
      'Auckland Airport, International Terminal, Ray Emery Drive, Mangere, Auckland 2022',
      'Britomart Transport Centre, Queen Street, Auckland Central, Auckland 1010',
      'Sky Tower, Victoria Street West, Auckland Central, Auckland 1010',
      'Ponsonby Central, Ponsonby Road, Ponsonby, Auckland 1011',
      'Westfield Newmarket, 277 Broadway, Newmarket, Auckland 1023',
      'Takapuna Beach, The Promenade, Takapuna, Auckland 0622',
      'Eden Park, Reimers Avenue, Kingsland, Auckland 1024',
      'Sylvia Park, 286 Mount Wellington Highway, Mount Wellington, Auckland 1060',
    ],
  },
  {
    id: 'city_london',
    name: 'London',
    country: 'GB',
    std: '020',
    cc: '79460321',
    lat: 51.5074,
    lng: -0.1278,
    tzMinutes: 0,
    places: [
      'Heathrow Airport Terminal 5, Wallis Road, Hounslow TW6 2GA',
      "King's Cross Station, Euston Road, London N1 9AL",
      'Canary Wharf, 1 Canada Square, London E14 5AB',
      'Paddington Station, Praed Street, London W2 1HQ',
      'Oxford Circus, Oxford Street, London W1B 3AG',
      'Shoreditch High Street, London E1 6JE',
      'Borough Market, 8 Southwark Street, London SE1 1TL',
      'Westfield London, Ariel Way, Shepherds Bush, London W12 7GF',
      'Clapham Junction, St Johns Hill, London SW11 1RU',
    ],
  },
];

function city(name: string): CitySeed {
  const found = CITIES.find((c) => c.name === name);
  if (!found) throw new Error(`Unknown seed city ${name}`);
  return found;
}

// AU numbers sit in ACMA's 02/03 5550 range and UK numbers in Ofcom's 020 7946 0xxx range, both reserved for fiction.
const CALL_US_NUMBERS: readonly CallUsNumbersTable[] = [
  { id: 'call_in_customer', country_code: 'IN', city: null, audience: 'customer', number: '+918047182200' },
  { id: 'call_in_driver', country_code: 'IN', city: null, audience: 'driver', number: '+918047182300' },
  {
    id: 'call_in_bengaluru_customer',
    country_code: 'IN',
    city: 'Bengaluru',
    audience: 'customer',
    number: '+918047182211',
  },
  { id: 'call_in_mumbai_customer', country_code: 'IN', city: 'Mumbai', audience: 'customer', number: '+912261394400' },
  { id: 'call_in_delhi_driver', country_code: 'IN', city: 'Delhi', audience: 'driver', number: '+911141186300' },
  { id: 'call_au_customer', country_code: 'AU', city: null, audience: 'customer', number: '+61255504412' },
  { id: 'call_au_driver', country_code: 'AU', city: null, audience: 'driver', number: '+61255504413' },
  { id: 'call_nz_customer', country_code: 'NZ', city: null, audience: 'customer', number: '+6495550140' },
  { id: 'call_nz_driver', country_code: 'NZ', city: null, audience: 'driver', number: '+6495550141' },
  { id: 'call_gb_customer', country_code: 'GB', city: null, audience: 'customer', number: '+442079460321' },
  { id: 'call_gb_driver', country_code: 'GB', city: null, audience: 'driver', number: '+442079460322' },
];

// Most specific row wins (city + car category, then city, then country default).
const CHAT_CONFIG: readonly ChatConfigTable[] = [
  { id: 'chat_in_default', country_code: 'IN', city: null, car_category: null, enabled: 1, mode: 'bot' },
  {
    id: 'chat_in_bengaluru_prime',
    country_code: 'IN',
    city: 'Bengaluru',
    car_category: 'prime',
    enabled: 1,
    mode: 'live',
  },
  { id: 'chat_in_bengaluru_suv', country_code: 'IN', city: 'Bengaluru', car_category: 'suv', enabled: 1, mode: 'live' },
  { id: 'chat_in_mumbai_prime', country_code: 'IN', city: 'Mumbai', car_category: 'prime', enabled: 1, mode: 'live' },
  { id: 'chat_in_delhi_default', country_code: 'IN', city: 'Delhi', car_category: null, enabled: 1, mode: 'bot' },
  { id: 'chat_in_delhi_auto', country_code: 'IN', city: 'Delhi', car_category: 'auto', enabled: 0, mode: 'bot' },
  { id: 'chat_au_default', country_code: 'AU', city: null, car_category: null, enabled: 1, mode: 'bot' },
  { id: 'chat_au_sydney_sedan', country_code: 'AU', city: 'Sydney', car_category: 'sedan', enabled: 1, mode: 'live' },
  { id: 'chat_nz_default', country_code: 'NZ', city: null, car_category: null, enabled: 1, mode: 'bot' },
  { id: 'chat_gb_default', country_code: 'GB', city: null, car_category: null, enabled: 1, mode: 'bot' },
  { id: 'chat_gb_london_suv', country_code: 'GB', city: 'London', car_category: 'suv', enabled: 1, mode: 'live' },
];

// ---------------------------------------------------------------------------------------------------------------
// Users

interface SeedUser {
  /** Short key for booking and ticket ids. */
  key: string;
  row: Omit<UsersTable, 'created_at'>;
  createdDaysAgo: number;
  home?: string;
  work?: string;
}

function person(
  key: string,
  createdDaysAgo: number,
  row: Pick<UsersTable, 'id' | 'email' | 'name' | 'mobile' | 'country_code' | 'city' | 'demo_description'> &
    Partial<Omit<UsersTable, 'created_at'>>,
  places: { home?: string; work?: string } = {},
): SeedUser {
  return {
    key,
    createdDaysAgo,
    ...places,
    row: {
      role: 'customer',
      locale: 'en',
      partner_type: null,
      current_car_category: null,
      email_verified: 1,
      is_select: 'false',
      is_subscribed: 'false',
      is_expired: 'false',
      call_requests_allowed: 0,
      ...row,
    },
  };
}

const USERS: readonly SeedUser[] = [
  person(
    'riya',
    1130,
    {
      id: 'u_customer_in',
      email: 'riya.customer@example.in',
      name: 'Riya Sharma',
      mobile: '+919845012367',
      country_code: 'IN',
      city: 'Bengaluru',
      demo_description:
        'Frequent rider in Bengaluru: 280+ rides of every status, open and resolved tickets, marketplace orders',
    },
    {
      home: '23, 2nd Cross Road, Domlur 2nd Stage, Bengaluru, Karnataka 560071',
      work: 'Embassy Golf Links Business Park, Intermediate Ring Road, Challaghatta, Bengaluru, Karnataka 560071',
    },
  ),
  person(
    'arjun',
    820,
    {
      id: 'u_member_paid',
      email: 'arjun.select@example.in',
      name: 'Arjun Mehta',
      mobile: '+919820045118',
      country_code: 'IN',
      city: 'Mumbai',
      is_select: 'true',
      is_subscribed: 'true',
      demo_description: 'Paid Select member, active subscription with auto-renew, ride in progress',
    },
    {
      home: '7B, Sea Breeze Apartments, Carter Road, Bandra West, Mumbai, Maharashtra 400050',
      work: 'Bandra Kurla Complex, G Block, Bandra East, Mumbai, Maharashtra 400051',
    },
  ),
  person('meera', 410, {
    id: 'u_member_trial',
    email: 'meera.trial@example.in',
    name: 'Meera Iyer',
    mobile: '+919884031276',
    country_code: 'IN',
    city: 'Chennai',
    is_select: 'true',
    is_subscribed: 'true',
    demo_description: 'Select trial member without auto-renew (cannot cancel), driver on the way',
  }),
  person('kabir', 960, {
    id: 'u_member_expired',
    email: 'kabir.expired@example.in',
    name: 'Kabir Khan',
    mobile: '+919811072543',
    country_code: 'IN',
    city: 'Delhi',
    is_select: 'true',
    is_expired: 'true',
    demo_description: 'Former Select member whose subscription has expired, waiting for a driver',
  }),
  person('neha', 240, {
    id: 'u_unverified',
    email: 'neha.unverified@example.in',
    name: 'Neha Gupta',
    mobile: '+919923064812',
    country_code: 'IN',
    city: 'Pune',
    email_verified: 0,
    demo_description: 'Customer in Pune whose e-mail address is not verified yet',
  }),
  person(
    'olivia',
    700,
    {
      id: 'u_customer_au',
      email: 'olivia.brown@example.com.au',
      name: 'Olivia Brown',
      mobile: '+61491570116',
      country_code: 'AU',
      city: 'Sydney',
      demo_description: 'Australian rider in Sydney with marketplace orders, waiting for a driver',
    },
    {
      home: '18 Bourke Street, Surry Hills NSW 2010',
      work: 'Barangaroo, Hickson Road, Barangaroo NSW 2000',
    },
  ),
  person('liam', 530, {
    id: 'u_customer_nz',
    email: 'liam.wilson@example.co.nz',
    name: 'Liam Wilson',
    mobile: '+64215550187',
    country_code: 'NZ',
    city: 'Auckland',
    demo_description: 'New Zealand rider in Auckland with a scheduled airport ride',
  }),
  person('oliver', 610, {
    id: 'u_customer_gb',
    email: 'oliver.smith@example.co.uk',
    name: 'Oliver Smith',
    mobile: '+447700900461',
    country_code: 'GB',
    city: 'London',
    demo_description: 'UK rider in London (UK site: no login prompt or app download), ride ongoing',
  }),
  person('ramesh', 1400, {
    id: 'u_driver_in',
    email: 'ramesh.driver@example.in',
    name: 'Ramesh Yadav',
    mobile: '+919741203388',
    role: 'driver',
    country_code: 'IN',
    locale: 'hi',
    city: 'Bengaluru',
    partner_type: 'driver',
    current_car_category: 'prime',
    call_requests_allowed: 1,
    demo_description:
      'Prime driver partner in Bengaluru, app in Hindi, may request support calls, one trip on the road',
  }),
  person('jack', 880, {
    id: 'u_driver_au',
    email: 'jack.taylor@example.com.au',
    name: 'Jack Taylor',
    mobile: '+61491570142',
    role: 'driver',
    country_code: 'AU',
    city: 'Sydney',
    partner_type: 'driver',
    current_car_category: 'sedan',
    demo_description: 'Sedan driver partner in Sydney',
  }),
  person('sunil', 300, {
    id: 'u_food_rider',
    email: 'sunil.rider@example.in',
    name: 'Sunil Kumar',
    mobile: '+919900417725',
    role: 'food_delivery_rider',
    country_code: 'IN',
    city: 'Bengaluru',
    partner_type: 'fp_rider',
    demo_description: 'Food-delivery rider in Bengaluru (separate help articles, no driver booking list)',
  }),
  person('vikram', 450, {
    id: 'u_bike_driver',
    email: 'vikram.bike@example.in',
    name: 'Vikram Singh',
    mobile: '+919848022617',
    role: 'driver',
    country_code: 'IN',
    city: 'Hyderabad',
    partner_type: 'bike',
    current_car_category: 'bike',
    demo_description: 'Bike-taxi partner in Hyderabad',
  }),
];

function user(key: string): SeedUser {
  const found = USERS.find((u) => u.key === key);
  if (!found) throw new Error(`Unknown seed user ${key}`);
  return found;
}

function subscriptions(anchor: number): SubscriptionsTable[] {
  const iso = (daysAgo: number) => new Date(anchor - daysAgo * DAY).toISOString();
  return [
    {
      id: 'sub_arjun_annual',
      user_id: 'u_member_paid',
      amount_paid: 999,
      package_name: 'Select Annual',
      package_id: 'SELECT-12M',
      trial: 0,
      status: 'active',
      activated_on: iso(140),
      expires_on: iso(140 - 365),
      autorenew: 1,
      eligible_to_cancel: 1,
      ineligibility_reason: null,
    },
    {
      id: 'sub_meera_trial',
      user_id: 'u_member_trial',
      amount_paid: 0,
      package_name: 'Select Free Trial',
      package_id: 'SELECT-TRIAL-1M',
      trial: 1,
      status: 'active',
      activated_on: iso(12),
      expires_on: iso(12 - 30),
      autorenew: 0,
      eligible_to_cancel: 0,
      ineligibility_reason: 'Trial memberships cannot be cancelled',
    },
    {
      id: 'sub_kabir_quarterly',
      user_id: 'u_member_expired',
      amount_paid: 399,
      package_name: 'Select 3 Months',
      package_id: 'SELECT-3M',
      trial: 0,
      status: 'expired',
      activated_on: iso(131),
      expires_on: iso(131 - 90),
      autorenew: 0,
      eligible_to_cancel: 0,
      ineligibility_reason: 'This membership has already expired',
    },
  ];
}

/** Bookings made while a membership was active show the priority-support stamp. */
const MEMBER_SINCE_DAYS: Readonly<Record<string, number>> = { u_member_paid: 140, u_member_trial: 12 };

// ---------------------------------------------------------------------------------------------------------------
// Bookings

type BookingStatus = 'in progress' | 'pending' | 'requested' | 'scheduled' | 'cancelled' | 'completed' | 'ongoing';
type CabCategory = 'mini' | 'prime' | 'sedan' | 'suv' | 'kp' | 'cool_cab' | 'auto' | 'bike' | 'four_wheeler';
type ServiceType = 'p2p' | 'rental' | 'outstation' | 'food_delivery';

interface Trip {
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

const RESTAURANTS = [
  'Meghana Foods, Residency Road, Ashok Nagar, Bengaluru, Karnataka 560025',
  'Truffles, 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka 560034',
  'Empire Restaurant, Church Street, Shanthala Nagar, Bengaluru, Karnataka 560001',
  'MTR, Lalbagh Road, Mavalli, Bengaluru, Karnataka 560004',
  'Vidyarthi Bhavan, Gandhi Bazaar Main Road, Basavanagudi, Bengaluru, Karnataka 560004',
] as const;

const DELIVERY_DROPS = [
  '5th Cross Road, 6th Block, Koramangala, Bengaluru, Karnataka 560095',
  '12th Main Road, HAL 2nd Stage, Indiranagar, Bengaluru, Karnataka 560008',
  '27th Main Road, Sector 2, HSR Layout, Bengaluru, Karnataka 560102',
  '9th Main Road, 3rd Block, Jayanagar, Bengaluru, Karnataka 560011',
  '10th Cross Road, Wilson Garden, Bengaluru, Karnataka 560027',
  '2nd Main Road, Shanti Nagar, Bengaluru, Karnataka 560027',
] as const;

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
const RATES: Readonly<Record<SeedCountry, Partial<Record<CabCategory, readonly [number, number]>>>> = {
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

function roundMoney(country: SeedCountry, amount: number): number {
  return country === 'IN' ? Math.round(amount) : Math.round(amount * 100) / 100;
}

function vehicleCategory(t: Trip): string | null {
  if (t.share) return 'share';
  if (t.saas) return null;
  if (t.cab === 'prime' || t.cab === 'sedan' || t.cab === 'suv') return 'prime';
  if (t.cab === 'mini') return 'express';
  return null;
}

function isAirport(text: string): boolean {
  return text.includes('Airport');
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

class BookingFactory {
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

type TripExtra = () => Partial<Trip>;

/** Past rides on random days, skipping the days the rider was away in another city. */
function addHistory(
  f: BookingFactory,
  u: SeedUser,
  c: CitySeed,
  count: number,
  opts: { away?: readonly (readonly [number, number])[]; extra?: TripExtra } = {},
): void {
  const away = opts.away ?? [];
  const isAway = (t: Trip) => {
    const daysAgo = (f.anchor - t.enteredAt) / DAY;
    return away.some(([from, to]) => daysAgo >= from - 1 && daysAgo <= to + 2);
  };
  for (let i = 0; i < count; i++) {
    let trip = f.historyTrip(u, c, 2, 180, opts.extra?.());
    while (isAway(trip)) trip = f.historyTrip(u, c, 2, 180, opts.extra?.());
    f.add(trip);
  }
}

/** A few rides in another city over consecutive days. */
function addTravel(f: BookingFactory, u: SeedUser, c: CitySeed, fromDays: number, toDays: number, rides: number) {
  for (let i = 0; i < rides; i++) f.add(f.historyTrip(u, c, fromDays, toDays));
}

const BENGALURU_OUTSTATION = [
  'Mysore Palace, Sayyaji Rao Road, Agrahara, Mysuru, Karnataka 570001',
  'Nandi Hills, Chikkaballapur, Karnataka 562103',
  'Madikeri Fort, Mahadevpet, Madikeri, Karnataka 571201',
  'Hosur Bus Stand, Bagalur Road, Hosur, Tamil Nadu 635109',
] as const;

function buildBookings(f: BookingFactory, rng: Rng): void {
  type Extra = Partial<Trip> & { pickupIn?: number };
  const ride = (u: SeedUser, c: CitySeed, status: BookingStatus, cab: CabCategory, ago: number, extra: Extra = {}) =>
    f.add(f.fixedTrip(u, c, { status, cab, enteredAgo: ago, ...extra }));
  const blr = city('Bengaluru');
  const riya = user('riya');
  const home = riya.home ?? at(blr.places, 3);
  const blrAirport = at(blr.places, 0);
  const blrStation = at(blr.places, 7);

  // Riya: a driver search in progress right now, two upcoming rides, one unpaid ride, scripted history for tickets.
  ride(riya, blr, 'requested', 'prime', 2 * MINUTE, { subStatus: 'allotment_pending', from: home, to: blrAirport });
  ride(riya, blr, 'scheduled', 'prime', 5 * HOUR, { pickupIn: 20 * HOUR + 30 * MINUTE, from: home, to: blrAirport });
  ride(riya, blr, 'scheduled', 'suv', 26 * HOUR, { pickupIn: 3 * DAY + 2 * HOUR, from: home, to: blrStation });
  ride(riya, blr, 'pending', 'mini', 22 * HOUR, { subStatus: 'payment_pending' });
  ride(riya, blr, 'completed', 'mini', 4 * DAY + 3 * HOUR, { share: true });
  ride(riya, blr, 'cancelled', 'mini', 47 * DAY, { subStatus: 'cancelled_by_customer', share: true });
  ride(riya, blr, 'cancelled', 'prime', 6 * DAY + 2 * HOUR, { subStatus: 'cancelled_by_customer', charged: true });
  ride(riya, blr, 'cancelled', 'mini', 9 * DAY, { subStatus: 'no_driver_found', withDriver: false });
  ride(riya, blr, 'completed', 'prime', 14 * DAY + 5 * HOUR, { from: blrAirport, to: home });
  // SaaS rides are booked through partner fleets and use their own article indexes.
  ride(riya, blr, 'completed', 'auto', 3 * DAY + 6 * HOUR, { saas: true });
  ride(riya, blr, 'completed', 'auto', 17 * DAY + 2 * HOUR, { saas: true });
  ride(riya, blr, 'cancelled', 'auto', 41 * DAY, { subStatus: 'cancelled_by_customer', saas: true, withDriver: false });
  ride(riya, blr, 'completed', 'bike', 11 * DAY + 4 * HOUR, { saas: true });
  ride(riya, blr, 'completed', 'bike', 58 * DAY, { saas: true });
  ride(riya, blr, 'completed', 'four_wheeler', 26 * DAY + 7 * HOUR, { saas: true });
  ride(riya, blr, 'completed', 'four_wheeler', 73 * DAY, { saas: true });
  const riyaTravel = [
    ['Mumbai', 38, 41, 4],
    ['Hyderabad', 64, 65, 2],
    ['Delhi', 96, 98, 3],
    ['Chennai', 120, 121, 2],
    ['Kolkata', 142, 143, 2],
    ['Pune', 155, 156, 2],
  ] as const;
  for (const [name, from, to, rides] of riyaTravel) addTravel(f, riya, city(name), from, to, rides);
  addHistory(f, riya, blr, 252, { away: riyaTravel.map(([, from, to]) => [from, to] as const) });

  const arjun = user('arjun');
  const mumbai = city('Mumbai');
  ride(arjun, mumbai, 'ongoing', 'prime', 26 * MINUTE, { pickupIn: -14 * MINUTE });
  ride(arjun, mumbai, 'scheduled', 'suv', 3 * HOUR, { pickupIn: 2 * DAY, to: at(mumbai.places, 0) });
  ride(arjun, mumbai, 'completed', 'mini', 20 * DAY, { share: true });
  ride(arjun, mumbai, 'completed', 'four_wheeler', 33 * DAY, { saas: true });
  ride(arjun, mumbai, 'cancelled', 'kp', 8 * DAY, { subStatus: 'cancelled_by_customer', charged: true });
  addTravel(f, arjun, city('Pune'), 70, 71, 2);
  addHistory(f, arjun, mumbai, 22, { away: [[70, 71]] });

  const meera = user('meera');
  const chennai = city('Chennai');
  ride(meera, chennai, 'in progress', 'mini', 6 * MINUTE, { pickupIn: 4 * MINUTE });
  ride(meera, chennai, 'completed', 'auto', 5 * DAY, { saas: true });
  addHistory(f, meera, chennai, 12);

  const kabir = user('kabir');
  const delhi = city('Delhi');
  ride(kabir, delhi, 'requested', 'mini', 4 * MINUTE, { subStatus: 'allotment_pending' });
  addHistory(f, kabir, delhi, 11);

  const neha = user('neha');
  const pune = city('Pune');
  ride(neha, pune, 'pending', 'auto', 2 * DAY, { subStatus: 'payment_pending' });
  addHistory(f, neha, pune, 5);

  const olivia = user('olivia');
  const sydney = city('Sydney');
  ride(olivia, sydney, 'requested', 'sedan', MINUTE, { subStatus: 'allotment_pending' });
  ride(olivia, sydney, 'scheduled', 'sedan', 10 * HOUR, { pickupIn: DAY + 9 * HOUR, to: at(sydney.places, 0) });
  addTravel(f, olivia, city('Melbourne'), 50, 52, 2);
  addHistory(f, olivia, sydney, 15, { away: [[50, 52]] });

  const liam = user('liam');
  const auckland = city('Auckland');
  ride(liam, auckland, 'scheduled', 'sedan', 2 * DAY, { pickupIn: DAY, to: at(auckland.places, 0) });
  ride(liam, auckland, 'cancelled', 'mini', 12 * DAY, { subStatus: 'cancelled_by_customer', charged: true });
  addHistory(f, liam, auckland, 9);

  const oliver = user('oliver');
  const london = city('London');
  ride(oliver, london, 'ongoing', 'sedan', 20 * MINUTE, { pickupIn: -9 * MINUTE });
  addHistory(f, oliver, london, 13);

  // Partner-side bookings: the rides the partner drove, with the partner's own device and total fare.
  const ramesh = user('ramesh');
  ride(ramesh, blr, 'ongoing', 'prime', 35 * MINUTE, { pickupIn: -22 * MINUTE });
  addHistory(f, ramesh, blr, 34, {
    extra: () => {
      const service = rng.weighted([
        ['p2p', 85],
        ['rental', 9],
        ['outstation', 6],
      ] as const);
      return {
        cab: 'prime',
        share: false,
        service,
        rideLater: service !== 'p2p' || rng.chance(0.12),
        ...(service === 'outstation' ? { to: rng.pick(BENGALURU_OUTSTATION) } : {}),
      };
    },
  });
  addHistory(f, user('jack'), sydney, 30, { extra: () => ({ cab: 'sedan', rideLater: rng.chance(0.1) }) });
  addHistory(f, user('vikram'), city('Hyderabad'), 24, { extra: () => ({ cab: 'bike' }) });
  addHistory(f, user('sunil'), blr, 10, {
    extra: () => ({ cab: 'bike', service: 'food_delivery', from: rng.pick(RESTAURANTS), to: rng.pick(DELIVERY_DROPS) }),
  });
}

/** CRNs grow with booking time, like a real sequence: 9-digit payload plus a Luhn check digit. */
function assignCrns(rng: Rng, rows: readonly Omit<BookingsTable, 'crn'>[]): BookingsTable[] {
  const ordered = [...rows].sort(
    (a, b) => a.date_entered_timestamp - b.date_entered_timestamp || a.id.localeCompare(b.id),
  );
  let payload = 518_400_000;
  return ordered.map((row) => {
    payload += rng.int(900, 6500);
    return { ...row, crn: withCrnCheckDigit(String(payload)) };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Bills

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
function demoBill(t: Trip, row: Omit<BookingsTable, 'crn'>): string | null {
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
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Orders

interface OrderSeed {
  id: string;
  user: string;
  type: OrdersTable['order_type'];
  status: string;
  amount: number;
  items: readonly (readonly [string, string, number])[];
  daysAgo: number;
  modifiedAfterHours: number;
  /** Marketplace orders sometimes arrive without customer details (placeholder contact case). */
  noContact?: boolean;
}

const ORDERS: readonly OrderSeed[] = [
  {
    id: 'ONDC26110482513',
    user: 'riya',
    type: 'ondc',
    status: 'delivered',
    amount: 389,
    items: [
      ['ondc-bir-0142', 'Chicken Dum Biryani (Half)', 1],
      ['ondc-bir-0217', 'Mirchi Ka Salan', 1],
    ],
    daysAgo: 9,
    modifiedAfterHours: 1,
  },
  {
    id: 'ONDC26100371906',
    user: 'riya',
    type: 'ondc',
    status: 'delivered',
    amount: 1599,
    items: [['ondc-app-88410', 'Philips BHD308 Hair Dryer, 1600 W', 1]],
    daysAgo: 32,
    modifiedAfterHours: 52,
  },
  {
    id: 'ONDC26111750288',
    user: 'riya',
    type: 'ondc',
    status: 'delivered',
    amount: 280,
    items: [
      ['ondc-sib-2210', 'Masala Dosa', 2],
      ['ondc-sib-2291', 'Filter Coffee', 2],
    ],
    daysAgo: 3,
    modifiedAfterHours: 1,
    noContact: true,
  },
  {
    id: 'GRC7730155',
    user: 'riya',
    type: 'grocery',
    status: 'delivered',
    amount: 612,
    items: [
      ['grc-10021', 'Aashirvaad Shudh Chakki Atta 5 kg', 1],
      ['grc-20113', 'Amul Taaza Toned Milk 1 L', 4],
      ['grc-30007', 'Tata Salt 1 kg', 1],
      ['grc-40512', 'Onion 1 kg', 2],
    ],
    daysAgo: 2,
    modifiedAfterHours: 2,
  },
  {
    id: 'GRC7714820',
    user: 'riya',
    type: 'grocery',
    status: 'delivered',
    amount: 598,
    items: [
      ['grc-50230', 'Fortune Sunlite Refined Sunflower Oil 1 L', 2],
      ['grc-60114', 'Tata Sampann Toor Dal 1 kg', 1],
      ['grc-40518', 'Tomato 1 kg', 1],
      ['grc-70401', 'Britannia Good Day Cashew Cookies 200 g', 2],
    ],
    daysAgo: 21,
    modifiedAfterHours: 3,
  },
  {
    id: 'GFT5580241',
    user: 'riya',
    type: 'giftcard',
    status: 'delivered',
    amount: 1000,
    items: [['gft-inr-1000', 'Ride Credits E-Gift Card ₹1,000', 1]],
    daysAgo: 45,
    modifiedAfterHours: 0,
  },
  {
    id: 'FE90311457',
    user: 'riya',
    type: 'fashion_electronics',
    status: 'delivered',
    amount: 1499,
    items: [['fe-aud-3310', 'boAt Rockerz 450 Bluetooth On-Ear Headphones', 1]],
    daysAgo: 60,
    modifiedAfterHours: 70,
  },
  {
    id: 'FE90358102',
    user: 'riya',
    type: 'fashion_electronics',
    status: 'returned',
    amount: 3297,
    items: [
      ['fe-app-7712', "Levi's 511 Slim Fit Jeans, 30W", 1],
      ['fe-app-7790', 'Puma Unisex Cotton Crew T-shirt, M', 2],
    ],
    daysAgo: 15,
    modifiedAfterHours: 160,
  },
  {
    id: 'PRC3302918',
    user: 'riya',
    type: 'parcel',
    status: 'delivered',
    amount: 85,
    items: [['prc-doc-env', 'Documents envelope (up to 500 g)', 1]],
    daysAgo: 5,
    modifiedAfterHours: 2,
  },
  {
    id: 'ONDC26111288740',
    user: 'arjun',
    type: 'ondc',
    status: 'delivered',
    amount: 460,
    items: [
      ['ondc-pbm-0311', 'Paneer Tikka Masala', 1],
      ['ondc-pbm-0402', 'Butter Naan', 3],
    ],
    daysAgo: 6,
    modifiedAfterHours: 1,
  },
  {
    id: 'GRC7741093',
    user: 'arjun',
    type: 'grocery',
    status: 'out_for_delivery',
    amount: 1120,
    items: [
      ['grc-80911', 'Alphonso Mango (Ratnagiri) 1 dozen', 1],
      ['grc-20480', 'Amul Butter 500 g', 1],
    ],
    daysAgo: 0.1,
    modifiedAfterHours: 1,
  },
  {
    id: 'GFT5591377',
    user: 'arjun',
    type: 'giftcard',
    status: 'delivered',
    amount: 2000,
    items: [['gft-inr-2000', 'Ride Credits E-Gift Card ₹2,000', 1]],
    daysAgo: 20,
    modifiedAfterHours: 0,
  },
  {
    id: 'FE90362274',
    user: 'arjun',
    type: 'fashion_electronics',
    status: 'shipped',
    amount: 20999,
    items: [['fe-mob-1301', 'Redmi Note 13 5G (8 GB RAM, 256 GB)', 1]],
    daysAgo: 2,
    modifiedAfterHours: 20,
  },
  {
    id: 'PRC3311406',
    user: 'arjun',
    type: 'parcel',
    status: 'picked_up',
    amount: 140,
    items: [['prc-box-s', 'Laptop bag (about 2 kg)', 1]],
    daysAgo: 0.2,
    modifiedAfterHours: 1,
  },
  {
    id: 'GFT5572016',
    user: 'olivia',
    type: 'giftcard',
    status: 'delivered',
    amount: 50,
    items: [['gft-aud-50', 'Ride Credits E-Gift Card A$50', 1]],
    daysAgo: 30,
    modifiedAfterHours: 0,
  },
  {
    id: 'PRC3290574',
    user: 'olivia',
    type: 'parcel',
    status: 'delivered',
    amount: 18.5,
    items: [['prc-box-s', 'Small box (up to 1.5 kg)', 1]],
    daysAgo: 12,
    modifiedAfterHours: 4,
  },
];

function buildOrders(anchor: number): OrdersTable[] {
  return ORDERS.map((o) => {
    const u = user(o.user);
    const created = anchor - Math.round(o.daysAgo * DAY);
    const modified = Math.min(created + o.modifiedAfterHours * HOUR, anchor - 10 * MINUTE);
    return {
      id: o.id,
      user_id: u.row.id,
      order_type: o.type,
      order_status: o.status,
      amount: o.amount,
      currency_country: u.row.country_code,
      items: JSON.stringify(o.items.map(([item_id, item_name, quantity]) => ({ item_id, item_name, quantity }))),
      customer_name: o.noContact ? null : u.row.name,
      customer_contact: o.noContact ? null : u.row.mobile,
      customer_email: o.noContact ? null : u.row.email,
      created_at: new Date(created).toISOString(),
      modified_at: new Date(modified).toISOString(),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Tickets

interface SeededBooking {
  trip: Trip;
  row: BookingsTable;
}

interface TicketSeed {
  id: string;
  user: string;
  status: TicketsTable['status'];
  subject: string;
  query: string;
  tag: string;
  articleName: string;
  /** The newest unused booking of the user that matches is linked. */
  booking?: (b: SeededBooking, anchor: number) => boolean;
  order?: string;
  /** For tickets about neither a booking nor an order. */
  daysAgo?: number;
}

const olderThan = (b: SeededBooking, anchor: number, days: number) => b.trip.enteredAt < anchor - days * DAY;

const TICKETS: readonly TicketSeed[] = [
  {
    id: 'tk_riya_01',
    user: 'riya',
    status: 'open',
    subject: 'Cancellation fee charged although the driver never arrived',
    query:
      'The driver was not moving towards my pickup point for 15 minutes and did not answer calls, so I cancelled. I was still charged a cancellation fee. Please refund it.',
    tag: 'cancellation_fee',
    articleName: 'I was charged a cancellation fee',
    booking: (b) => b.trip.status === 'cancelled' && b.row.fare > 0,
  },
  {
    id: 'tk_riya_02',
    user: 'riya',
    status: 'open',
    subject: 'Money deducted but the ride still shows payment pending',
    query:
      'I paid for yesterday evening ride by UPI and the amount was debited from my bank account, but the app still asks me to pay. Please update the payment status.',
    tag: 'payment_pending',
    articleName: 'My payment is shown as pending',
    booking: (b) => b.trip.status === 'pending',
  },
  {
    id: 'tk_riya_03',
    user: 'riya',
    status: 'open',
    subject: 'Item missing from my grocery order',
    query: 'Two packets of onions were billed but only one was delivered. Please refund the missing item.',
    tag: 'grocery_missing_item',
    articleName: 'Items missing from my order',
    order: 'GRC7730155',
  },
  {
    id: 'tk_riya_04',
    user: 'riya',
    status: 'open',
    subject: 'Charged much more than the estimated fare',
    query:
      'The fare shown before booking was much lower than what I was charged, even though the driver followed the suggested route. Please review the fare.',
    tag: 'fare_higher_than_estimate',
    articleName: 'I was charged more than the estimate',
    booking: (b) => b.trip.status === 'completed' && b.trip.cab === 'prime' && !b.trip.saas,
  },
  {
    id: 'tk_riya_05',
    user: 'riya',
    status: 'solved',
    subject: 'Driver asked for extra cash for the airport toll',
    query:
      'The driver asked me to pay the airport toll in cash although the toll was already included in the bill. I paid 120 rupees extra.',
    tag: 'driver_collected_extra_toll_parking_amount',
    articleName: 'The driver collected extra toll or parking',
    booking: (b, anchor) =>
      b.trip.status === 'completed' && (isAirport(b.trip.from) || isAirport(b.trip.to)) && olderThan(b, anchor, 10),
  },
  {
    id: 'tk_riya_06',
    user: 'riya',
    status: 'solved',
    subject: 'Share ride took a long detour for another passenger',
    query: 'My share ride went almost 4 km out of the way to pick up a co-passenger and I reached office late.',
    tag: 'share_route_deviation',
    articleName: 'My share ride took a longer route',
    booking: (b) => b.trip.share && b.trip.status === 'completed',
  },
  {
    id: 'tk_riya_07',
    user: 'riya',
    status: 'solved',
    subject: 'Gift card code shows as already redeemed',
    query: 'I bought a gift card for my brother and he says the code is already redeemed. Neither of us has used it.',
    tag: 'giftcard_redeemed',
    articleName: 'My gift card is not working',
    order: 'GFT5580241',
  },
  {
    id: 'tk_riya_08',
    user: 'riya',
    status: 'closed',
    subject: 'Left my laptop bag in the cab',
    query:
      'I left a black laptop bag on the back seat after being dropped home. It has my office laptop and charger. Please help me contact the driver.',
    tag: 'lost_item',
    articleName: 'I left an item in the cab',
    booking: (b, anchor) => b.trip.status === 'completed' && !b.trip.saas && olderThan(b, anchor, 30),
  },
  {
    id: 'tk_riya_09',
    user: 'riya',
    status: 'closed',
    subject: 'Auto driver did not return change',
    query: 'I paid in cash with a 500 rupee note and the driver left without returning the change.',
    tag: 'cash_change_not_returned',
    articleName: 'The driver did not return my change',
    booking: (b, anchor) =>
      b.trip.saas && b.trip.cab === 'auto' && b.trip.status === 'completed' && olderThan(b, anchor, 12),
  },
  {
    id: 'tk_riya_10',
    user: 'riya',
    status: 'closed',
    subject: 'Driver refused to switch on the AC',
    query: 'The driver refused to switch on the AC on a prime ride and was rude when I asked again.',
    tag: 'driver_behaviour',
    articleName: 'I want to report driver behaviour',
    booking: (b, anchor) => b.trip.status === 'completed' && b.trip.cab === 'prime' && olderThan(b, anchor, 60),
  },
  {
    id: 'tk_arjun_01',
    user: 'arjun',
    status: 'open',
    subject: 'Select member discount not applied to my ride',
    query: 'I have an active Select membership but the member discount was not applied on this ride.',
    tag: 'select_benefit_missing',
    articleName: 'My membership benefits were not applied',
    booking: (b) => b.trip.status === 'completed' && !b.trip.saas,
  },
  {
    id: 'tk_arjun_02',
    user: 'arjun',
    status: 'solved',
    subject: 'Charged a cancellation fee for a Kaali Peeli that never came',
    query: 'The taxi did not arrive even 20 minutes after the promised time, and I was charged for cancelling.',
    tag: 'cancellation_fee',
    articleName: 'I was charged a cancellation fee',
    booking: (b) => b.trip.status === 'cancelled' && b.row.fare > 0,
  },
  {
    id: 'tk_ramesh_01',
    user: 'ramesh',
    status: 'open',
    subject: 'Weekend incentive not credited',
    query: 'I completed 22 trips on Saturday and Sunday but the weekend incentive has not been credited to my account.',
    tag: 'driver_incentive',
    articleName: 'My incentive was not credited',
    daysAgo: 3,
  },
  {
    id: 'tk_ramesh_02',
    user: 'ramesh',
    status: 'solved',
    subject: 'Customer left a bag in my car',
    query: 'A customer left a small bag in the back seat after this trip. Please tell me where I can hand it over.',
    tag: 'driver_lost_item',
    articleName: 'A customer left something in my car',
    booking: (b, anchor) => b.trip.status === 'completed' && olderThan(b, anchor, 5),
  },
];

function buildTickets(rng: Rng, anchor: number, bookings: readonly SeededBooking[], orders: readonly OrdersTable[]) {
  const used = new Set<string>();
  const latest = anchor - 20 * MINUTE;
  const drafts = TICKETS.map((t) => {
    const u = user(t.user);
    let bookingId: string | null = null;
    let orderId: string | null = null;
    let basis: number;
    if (t.booking) {
      const pick = t.booking;
      const match = bookings
        .filter((b) => b.row.user_id === u.row.id && !used.has(b.row.id) && pick(b, anchor))
        .sort((a, b) => b.trip.enteredAt - a.trip.enteredAt)[0];
      if (!match) throw new Error(`No booking matches seed ticket ${t.id}`);
      used.add(match.row.id);
      bookingId = match.row.id;
      basis = Date.parse(match.row.stop_at ?? match.row.pickup_date);
    } else if (t.order) {
      const order = orders.find((o) => o.id === t.order);
      if (!order) throw new Error(`No order ${t.order} for seed ticket ${t.id}`);
      orderId = order.id;
      basis = Date.parse(order.modified_at);
    } else {
      basis = anchor - (t.daysAgo ?? 1) * DAY;
    }
    const created = Math.min(basis + rng.int(1, 18) * HOUR + rng.int(0, 59) * MINUTE, latest);
    const after =
      t.status === 'open'
        ? rng.chance(0.5)
          ? rng.int(2, 6) * HOUR
          : 0
        : t.status === 'solved'
          ? rng.int(20, 70) * HOUR
          : rng.int(5, 8) * DAY;
    const row: Omit<TicketsTable, 'ticket_id'> = {
      id: t.id,
      user_id: u.row.id,
      status: t.status,
      subject: t.subject,
      query: t.query,
      issue_id: null,
      article_id: null,
      article_name: t.articleName,
      booking_id: bookingId,
      order_id: orderId,
      tag: t.tag,
      source: 'seed',
      email_from: u.row.email,
      idempotency_key: null,
      kind: 'ticket',
      payload: JSON.stringify({
        query: t.query,
        article_name: t.articleName,
        booking_id: bookingId,
        order_id: orderId,
      }),
      source_page: null,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(Math.min(created + after, latest)).toISOString(),
    };
    return row;
  });
  // Ticket numbers grow with creation time, as a help desk assigns them.
  let next = 4_810_231;
  return drafts
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
    .map((row): TicketsTable => {
      const ticket = { ...row, ticket_id: String(next) };
      next += rng.int(40, 900);
      return ticket;
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Seeding

export interface DemoData {
  users: UsersTable[];
  subscriptions: SubscriptionsTable[];
  countries: CountriesTable[];
  cities: CitiesTable[];
  call_us_numbers: CallUsNumbersTable[];
  chat_config: ChatConfigTable[];
  bookings: BookingsTable[];
  orders: OrdersTable[];
  tickets: TicketsTable[];
}

/** Builds every seed row in memory; pure and deterministic for a given anchor. */
export function buildDemoData(anchorIso: string = SEED_ANCHOR): DemoData {
  const anchor = Date.parse(anchorIso);
  if (Number.isNaN(anchor)) throw new Error(`Invalid seed anchor: ${anchorIso}`);
  const rng = new Rng(PRNG_SEED);

  const factory = new BookingFactory(rng, anchor);
  buildBookings(factory, rng);
  const bookings = assignCrns(
    rng,
    factory.trips.map(({ trip, row }) => ({ ...row, bill: demoBill(trip, row) })),
  );
  const byId = new Map(bookings.map((b) => [b.id, b]));
  const seeded = factory.trips.map(({ trip, row }): SeededBooking => {
    const full = byId.get(row.id);
    if (!full) throw new Error(`Booking ${row.id} lost its CRN`);
    return { trip, row: full };
  });
  const orders = buildOrders(anchor);

  return {
    users: USERS.map((u) => ({ ...u.row, created_at: new Date(anchor - u.createdDaysAgo * DAY).toISOString() })),
    subscriptions: subscriptions(anchor),
    countries: countries.map((c) => ({ country_code: c.country_code, name: c.name, dialing_code: c.dialing_code })),
    cities: CITIES.map((c) => ({
      id: c.id,
      name: c.name,
      country_code: c.country,
      std_code: c.std,
      cc_number: c.cc,
      lat: c.lat,
      lng: c.lng,
    })),
    call_us_numbers: [...CALL_US_NUMBERS],
    chat_config: [...CHAT_CONFIG],
    bookings,
    orders,
    tickets: buildTickets(rng, anchor, seeded, orders),
  };
}

async function insertChunked<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += CHUNK_SIZE) {
    const results = await trx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK_SIZE))
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const r of results) inserted += Number(r.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}

/** The key under which app_meta keeps the anchor the demo data was first built from. */
const ANCHOR_KEY = 'demo_seed_anchor';

/**
 * Inserts the demo data. Existing rows (same primary key or unique value) are left alone, so running it again
 * inserts nothing. The anchor ('now' or an ISO date; SEED_ANCHOR by default) is kept on first use, so later
 * runs and later versions build the same dates. Returns the number of rows inserted per table.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  opts: { anchor?: string } = {},
): Promise<Record<string, number>> {
  return db.transaction().execute(async (trx) => {
    const kept = await trx.selectFrom('app_meta').select('value').where('key', '=', ANCHOR_KEY).executeTakeFirst();
    const anchor = kept?.value ?? resolveAnchor(opts.anchor ?? SEED_ANCHOR);
    if (!kept) await trx.insertInto('app_meta').values({ key: ANCHOR_KEY, value: anchor }).execute();
    const data = buildDemoData(anchor);
    // Parents before children, for the foreign keys on user_id.
    const inserted = {
      users: await insertChunked(trx, 'users', data.users),
      subscriptions: await insertChunked(trx, 'subscriptions', data.subscriptions),
      countries: await insertChunked(trx, 'countries', data.countries),
      cities: await insertChunked(trx, 'cities', data.cities),
      call_us_numbers: await insertChunked(trx, 'call_us_numbers', data.call_us_numbers),
      chat_config: await insertChunked(trx, 'chat_config', data.chat_config),
      bookings: await insertChunked(trx, 'bookings', data.bookings),
      orders: await insertChunked(trx, 'orders', data.orders),
      tickets: await insertChunked(trx, 'tickets', data.tickets),
    };
    await backfillBills(trx, data.bookings);
    return inserted;
  });
}

/** 'now' is the current minute: demo rides then happened "this week" whenever the demo is first started. */
function resolveAnchor(anchor: string): string {
  if (anchor !== 'now') return anchor;
  return new Date(Math.floor(Date.now() / MINUTE) * MINUTE).toISOString();
}

/** Demo bookings seeded before bills existed get theirs (migration 0008). */
async function backfillBills(trx: Transaction<Database>, bookings: readonly BookingsTable[]): Promise<void> {
  const withBill = new Map(bookings.filter((b) => b.bill !== null).map((b) => [b.id, b.bill]));
  const missing = await trx.selectFrom('bookings').select('id').where('bill', 'is', null).execute();
  for (const { id } of missing) {
    const bill = withBill.get(id);
    if (bill) await trx.updateTable('bookings').set({ bill }).where('id', '=', id).execute();
  }
}
