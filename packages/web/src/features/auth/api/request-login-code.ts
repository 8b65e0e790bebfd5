import { apiPaths } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface LoginCodeRequestResult {
  status: 'SUCCESS';
  /** Only in demo mode, so the demo can be finished without a mailbox. */
  demo_code?: string;
  expires_in: number;
}

export function requestLoginCode(input: { email: string }): Promise<LoginCodeRequestResult> {
  return api.post<LoginCodeRequestResult>(apiPaths.loginCodeRequest, input);
}

export function useRequestLoginCode() {
  return useMutation({ mutationFn: requestLoginCode });
}
