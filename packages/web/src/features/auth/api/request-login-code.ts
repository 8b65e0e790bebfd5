import { apiPaths, type LoginCodeRequestResponse } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The answer to a code request: the contract's loginCodeRequestResponseSchema (demo_code only in demo mode). */
export type LoginCodeRequestResult = LoginCodeRequestResponse;

export function requestLoginCode(input: { email: string }): Promise<LoginCodeRequestResult> {
  return api.post<LoginCodeRequestResult>(apiPaths.loginCodeRequest, input);
}

export function useRequestLoginCode() {
  return useMutation({ mutationFn: requestLoginCode });
}
