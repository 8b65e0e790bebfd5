import { type CallbackQuery, type CallbackResponse, callPaths } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { ringGet } from './ring-get';

/** GET /api/callus/trigger/lsp_callback: puts the user on the call-back list (a repeat answers the first request). */
export function requestCallback(query: CallbackQuery): Promise<CallbackResponse> {
  return ringGet<CallbackResponse>(callPaths.callback, query);
}

export function useRequestCallback() {
  return useMutation({ mutationFn: requestCallback });
}
