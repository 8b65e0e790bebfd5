import type { Insertable } from 'kysely';
import type { CallUsNumbersTable, ChatConfigTable } from '../schema.ts';

// Reference data: cities, call-us numbers, chat configuration.

export type SeedCountry = 'IN' | 'AU' | 'NZ' | 'GB';

export interface CitySeed {
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

export const CITIES: readonly CitySeed[] = [
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

export function city(name: string): CitySeed {
  const found = CITIES.find((c) => c.name === name);
  if (!found) throw new Error(`Unknown seed city ${name}`);
  return found;
}

// AU numbers sit in ACMA's 02/03 5550 range and UK numbers in Ofcom's 020 7946 0xxx range, both reserved for fiction.
export const CALL_US_NUMBERS: readonly Insertable<CallUsNumbersTable>[] = [
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
  // Call us with a one-time code (migration 0028, docs/telephony.md "Call us"): more city lines and the Select line.
  {
    id: 'call_in_chennai_customer',
    country_code: 'IN',
    city: 'Chennai',
    audience: 'customer',
    number: '+914461394500',
  },
  {
    id: 'call_in_select',
    country_code: 'IN',
    city: null,
    audience: 'customer',
    number: '+918047182299',
    line: 'select',
  },
  { id: 'call_au_sydney_customer', country_code: 'AU', city: 'Sydney', audience: 'customer', number: '+61255504420' },
  {
    id: 'call_au_melbourne_customer',
    country_code: 'AU',
    city: 'Melbourne',
    audience: 'customer',
    number: '+61355504421',
  },
  {
    id: 'call_au_select',
    country_code: 'AU',
    city: null,
    audience: 'customer',
    number: '+61255504499',
    line: 'select',
  },
  {
    id: 'call_nz_auckland_customer',
    country_code: 'NZ',
    city: 'Auckland',
    audience: 'customer',
    number: '+6495550150',
  },
  { id: 'call_nz_select', country_code: 'NZ', city: null, audience: 'customer', number: '+6495550199', line: 'select' },
  { id: 'call_gb_london_customer', country_code: 'GB', city: 'London', audience: 'customer', number: '+442079460350' },
  {
    id: 'call_gb_select',
    country_code: 'GB',
    city: null,
    audience: 'customer',
    number: '+442079460399',
    line: 'select',
  },
];

// Most specific row wins (city + car category, then city, then country default).
export const CHAT_CONFIG: readonly ChatConfigTable[] = [
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
