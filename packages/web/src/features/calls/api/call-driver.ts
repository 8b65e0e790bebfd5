import { callPaths, type MaskedCallResponse } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { ringGet } from './ring-get';

/**
 * GET /api/gupshup/call: a masked call between the rider and the driver of their own live ride; from an article
 * tagged call_driver_expiry_time:{x} (its id sent), also until x minutes after the ride ended.
 */
export function callDriver(bookingId: string, articleId?: string): Promise<MaskedCallResponse> {
  return ringGet<MaskedCallResponse>(callPaths.maskedCall, {
    booking_id: bookingId,
    ...(articleId ? { article_id: articleId } : {}),
  });
}

export function useCallDriver(articleId?: string) {
  return useMutation({ mutationFn: (bookingId: string) => callDriver(bookingId, articleId) });
}
