import type { BookingsTable, RideCouponsTable } from '../schema.ts';

/**
 * The coupons riya's rides were booked with (docs/flows/coupon.md): her three latest completed cab rides in India
 * had one — the latest and the third failed to apply, the second applied. Picked from the built bookings, so no
 * other seeded value moves.
 */
export function rideCoupons(bookings: readonly BookingsTable[]): RideCouponsTable[] {
  const rides = bookings
    .filter(
      (b) =>
        b.user_id === 'u_customer_in' &&
        b.status === 'completed' &&
        b.saas_ride === 0 &&
        b.currency_country === 'IN' &&
        b.fare > 100,
    )
    .sort((a, b) => b.pickup_date.localeCompare(a.pickup_date));
  const coupons: Array<Omit<RideCouponsTable, 'booking_id'>> = [
    { code: 'RIDE50', applied: 0, discount: 50 },
    { code: 'WELCOME25', applied: 1, discount: 25 },
    { code: 'MONSOON 40', applied: 0, discount: 40 },
  ];
  return coupons.flatMap((coupon, i) => {
    const ride = rides[i];
    return ride ? [{ booking_id: ride.id, ...coupon }] : [];
  });
}
