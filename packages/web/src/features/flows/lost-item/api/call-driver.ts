import { type DriverCallResponse, driverCallPaths } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** POST call_driver: a masked call to the ride's driver through the provider (the number never comes here). */
export function callDriver(bookingId: string): Promise<DriverCallResponse> {
  return api.post<DriverCallResponse>(driverCallPaths.callDriver, { booking_id: bookingId });
}

export function useCallDriver(bookingId: string) {
  return useMutation({ mutationFn: () => callDriver(bookingId) });
}
