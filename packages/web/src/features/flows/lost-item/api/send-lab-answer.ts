import { type LabStatusResponse, type LostItem, labPaths } from '@selfserve/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { labStatusQueryKey } from './get-lab-status';

/** What the user sends: the lost-item form, or their decision on the driver's answer. */
export type LabAnswer =
  | { kind: 'form'; item: LostItem }
  | { kind: 'decision'; decision: 'confirm_pickup' | 'raise_ticket' };

export function sendLabAnswer(bookingId: string, answer: LabAnswer): Promise<LabStatusResponse> {
  if (answer.kind === 'decision') {
    return api.post<LabStatusResponse>(labPaths.driverCustomerConfirmation, {
      booking_id: bookingId,
      decision: answer.decision,
    });
  }
  // The item as the form's schema left it (trimmed, every field present).
  return api.post<LabStatusResponse>(labPaths.customerConfirm, { booking_id: bookingId, ...answer.item });
}

/** Both posts answer with the request's new status, which becomes the status query's data (and may start polling). */
export function useSendLabAnswer(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: LabAnswer) => sendLabAnswer(bookingId, answer),
    onSuccess: (status) => queryClient.setQueryData(labStatusQueryKey(bookingId), status),
  });
}
