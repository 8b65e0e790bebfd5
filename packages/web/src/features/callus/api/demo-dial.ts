import { callUsPaths, type IvrResponse } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface DemoDial {
  called_number: string;
  caller_number: string;
  digits: string;
}

/** POST /api/dev/phone/dial (demo mode only): the demo phone's call, answered with what the IVR recognised. */
export function useDemoDial() {
  return useMutation({
    mutationFn: (call: DemoDial) => api.post<IvrResponse>(callUsPaths.demoDial, call),
  });
}
