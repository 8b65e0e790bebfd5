import { type CustomerBooking, withCrnCheckDigit } from '@selfserve/contract';

/** base64 of UTF-8 text, as the server stores addresses. */
export function b64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes));
}

export const validCrn = withCrnCheckDigit('700000001');

export function booking(overrides: Partial<CustomerBooking> = {}): CustomerBooking {
  return {
    id: 'bk_riya_001',
    crn: validCrn,
    osn: null,
    brand: 'ola',
    status: 'completed',
    sub_status: null,
    cab_category: 'prime',
    vehicle_category: 'prime',
    fare: 348.5,
    currency_symbol: '₹',
    context: 'rides_completed',
    rtf_status: null,
    city: 'Bengaluru',
    country: 'IN',
    saas_ride: false,
    service_country: 'IN',
    service_info: { service_city: 'Bengaluru' },
    krutrim_chat: false,
    pickup_date: '2026-11-12T05:00:00.000Z',
    date_entered_timestamp: Date.parse('2026-11-12T04:50:00.000Z'),
    pickup_location: b64('12 MG Road, Bengaluru'),
    drop_location: b64('Kempegowda International Airport'),
    driver_image_url: '/img/drivers/3.svg',
    map_img_url: '/img/maps/route-2.svg',
    clickable: true,
    display_car_name: 'Prime Sedan',
    priority_support_image_visible: false,
    user_id: 'u_customer_in',
    customer_address_details: { customer_details: { email: 'riya.customer@example.in' } },
    ...overrides,
  };
}

/** n bookings with distinct ids and CRNs, for list pages. */
export function bookings(n: number, start = 0): CustomerBooking[] {
  return Array.from({ length: n }, (_, i) => {
    const k = start + i;
    return booking({ id: `bk_${k}`, crn: withCrnCheckDigit(String(710000000 + k)) });
  });
}
