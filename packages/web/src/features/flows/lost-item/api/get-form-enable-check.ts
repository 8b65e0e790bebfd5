import { type LabFormEnableResponse, labPaths } from '@selfserve/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET form_enable_check: whether this ride still allows the lost-item form, else why not. */
export function getFormEnableCheck(bookingId: string, signal?: AbortSignal): Promise<LabFormEnableResponse> {
  return api.get<LabFormEnableResponse>(labPaths.formEnableCheck, {
    query: { booking_id: bookingId },
    ...(signal ? { signal } : {}),
  });
}

/** Asked only once the status says no request exists yet (`enabled`). */
export function useFormEnableCheck(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['belongings', 'form-enable', bookingId] as const,
    queryFn: ({ signal }) => getFormEnableCheck(bookingId, signal),
    enabled,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
