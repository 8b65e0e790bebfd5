import { callPaths, type MaskedCallResponse } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { ringGet } from './ring-get';

/** GET /api/gupshup/call: a masked call between the rider and the driver of their own live ride. */
export function callDriver(bookingId: string): Promise<MaskedCallResponse> {
  return ringGet<MaskedCallResponse>(callPaths.maskedCall, { booking_id: bookingId });
}

export function useCallDriver() {
  return useMutation({ mutationFn: callDriver });
}
