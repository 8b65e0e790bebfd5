import type { OneTouchResult } from '@selfserve/contract';
import { CSRF_HEADER, coded, IDEMPOTENCY_HEADER, readOneTouchResponse } from '@selfserve/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, fetchWithTimeout, getCsrfToken, readJson, reportCallFailure, toApiError } from '../api-client';

/**
 * POSTs a one-touch call and reads every answer — 2xx, 4xx and 5xx alike — with readOneTouchResponse(), so the
 * result dialog sees one shape. No response at all reads as the generic failure, no answer in time as the timeout.
 */
export async function postOneTouch(path: string, body: unknown, idempotencyKey?: string): Promise<OneTouchResult> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  const csrf = getCsrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  let answer: { response: Response; body: unknown };
  try {
    answer = await fetchWithTimeout(
      path,
      { method: 'POST', headers, credentials: 'same-origin', body: JSON.stringify(body) },
      readJson,
    );
  } catch (err) {
    // A timeout says so in the dialog (with its retry); no answer at all is the generic failure.
    if (err instanceof ApiError) return readOneTouchResponse(0, { status: 'FAILURE', ...coded('requestTimedOut') });
    reportCallFailure(null);
    return readOneTouchResponse(0, undefined);
  }
  const { response, body: json } = answer;
  if (response.status === 401) reportCallFailure(toApiError(401, json));
  return readOneTouchResponse(response.status, json);
}

/** One one-touch call: where it goes, what it sends and, for a submit, its idempotency key. */
export interface OneTouchPost {
  path: string;
  body: unknown;
  idempotencyKey?: string;
}

/**
 * The one-touch calls as a TanStack mutation. It never rejects on an answer (postOneTouch reads every status into a
 * result), so the forms keep their own result state and use mutateAsync.
 */
export function useOneTouchPost() {
  return useMutation({
    mutationFn: ({ path, body, idempotencyKey }: OneTouchPost) => postOneTouch(path, body, idempotencyKey),
  });
}
