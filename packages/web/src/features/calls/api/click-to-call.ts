import { type ClickToCallRequest, type ClickToCallResponse, callPaths } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/click2call: rings the user's registered number and connects support (core.md §4 values back). */
export function clickToCall(body: ClickToCallRequest): Promise<ClickToCallResponse> {
  return api.post<ClickToCallResponse>(callPaths.clickToCall, body);
}

export function useClickToCall() {
  return useMutation({ mutationFn: clickToCall });
}
