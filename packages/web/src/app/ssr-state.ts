import type { MessageParamValues } from '@selfserve/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { ApiError } from '../lib/api-client';

/**
 * What a server-rendered page hands the browser (docs/ssr.md): the router's loader data and the answers its render
 * used, in a `<script type="application/json">` block (the CSP allows no inline script), so the browser's first
 * render is the server's, with no second fetch.
 */
export const SSR_STATE_ID = 'ssr-state';

export interface SsrError {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  params?: MessageParamValues;
}

export type SsrQuery = { key: QueryKey; data: unknown } | { key: QueryKey; error: SsrError };

export interface SsrState {
  router: HydrationState;
  queries: SsrQuery[];
}

export function serializeError(error: unknown): SsrError {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.params ? { params: error.params } : {}),
    };
  }
  return { status: 0, code: 'ERROR', message: error instanceof Error ? error.message : String(error) };
}
