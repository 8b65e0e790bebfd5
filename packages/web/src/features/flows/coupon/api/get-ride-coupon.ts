import { couponPath, type RideCouponResponse } from '@selfserve/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const rideCouponQueryKey = (userId: string, bookingId: string) =>
  ['bookings', 'coupon', userId, bookingId] as const;

/** GET couponPath: the coupon one of the user's rides was booked with (the article response's coupon fields). */
export function useRideCoupon(userId: string | null | undefined, bookingId: string) {
  return useQuery({
    queryKey: rideCouponQueryKey(userId ?? '', bookingId),
    queryFn: ({ signal }) => api.get<RideCouponResponse>(couponPath, { query: { booking_id: bookingId }, signal }),
    enabled: Boolean(userId),
  });
}
