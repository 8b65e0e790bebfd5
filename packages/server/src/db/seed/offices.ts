import type { BdOfficesTable } from '../schema.ts';

// Partner onboarding offices by served city (/bd_address, docs/flows/cab-attachment.md): reference data.

const WEEKDAYS = 'Mon–Sat, 10:00 AM – 6:00 PM';
const EARLY = 'Mon–Sat, 9:30 AM – 5:30 PM';
const OFFICE_HOURS = 'Mon–Fri, 9:00 AM – 5:00 PM';

const BY_CITY: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  city_bengaluru: [
    ['2nd Floor, 42 Koramangala Industrial Layout, 5th Block, Koramangala, Bengaluru, Karnataka 560095', WEEKDAYS],
    ['118 Tumkur Road, Yeshwanthpur, Bengaluru, Karnataka 560022', EARLY],
  ],
  city_mumbai: [
    ['Unit 7, Kanakia Zillion, LBS Marg, Kurla West, Mumbai, Maharashtra 400070', WEEKDAYS],
    ['Shop 3, Andheri Industrial Estate, Veera Desai Road, Andheri West, Mumbai, Maharashtra 400053', EARLY],
  ],
  city_delhi: [
    ['B-24, Okhla Industrial Area Phase 2, New Delhi, Delhi 110020', WEEKDAYS],
    ['15 Najafgarh Road Industrial Area, Kirti Nagar, New Delhi, Delhi 110015', EARLY],
  ],
  city_chennai: [
    ['14 SIDCO Industrial Estate, Guindy, Chennai, Tamil Nadu 600032', WEEKDAYS],
    ['210 Poonamallee High Road, Koyambedu, Chennai, Tamil Nadu 600107', EARLY],
  ],
  city_hyderabad: [
    ['Plot 12, Kavuri Hills, Madhapur, Hyderabad, Telangana 500033', WEEKDAYS],
    ['3-6-214 Himayatnagar Main Road, Himayatnagar, Hyderabad, Telangana 500029', EARLY],
  ],
  city_kolkata: [
    ['22 Camac Street, Park Street Area, Kolkata, West Bengal 700016', WEEKDAYS],
    ['DN-18, Sector V, Salt Lake City, Kolkata, West Bengal 700091', EARLY],
  ],
  city_pune: [
    ['Survey 41, Baner Road, Baner, Pune, Maharashtra 411045', WEEKDAYS],
    ['12 Hadapsar Industrial Estate, Hadapsar, Pune, Maharashtra 411013', EARLY],
  ],
  city_sydney: [
    ['Level 2, 88 Bourke Road, Alexandria NSW 2015', OFFICE_HOURS],
    ['Unit 4, 27 Parramatta Road, Granville NSW 2142', 'Tue–Sat, 9:00 AM – 4:00 PM'],
  ],
  city_melbourne: [['150 Dudley Street, West Melbourne VIC 3003', OFFICE_HOURS]],
  city_auckland: [['25 Great South Road, Newmarket, Auckland 1023', OFFICE_HOURS]],
  city_london: [
    ['Unit 6, Park Royal Business Centre, 9–17 Park Royal Road, London NW10 7LQ', 'Mon–Fri, 9:00 AM – 5:30 PM'],
    ['112 Commercial Road, Whitechapel, London E1 1NL', 'Mon–Sat, 10:00 AM – 4:00 PM'],
  ],
};

export const BD_OFFICES: readonly BdOfficesTable[] = Object.entries(BY_CITY).flatMap(([cityId, offices]) =>
  offices.map(([address, hours], i) => ({
    id: `bd_${cityId.slice('city_'.length)}_${i + 1}`,
    city_id: cityId,
    position: i + 1,
    address,
    operating_hours: hours,
  })),
);
