import { CSRF_HEADER, formatMessage } from '@selfserve/contract';
import {
  ApiError,
  getCsrfToken,
  NETWORK_ERROR_CODE,
  type RequestOptions,
  reportCallFailure,
  toApiError,
  withQuery,
} from './api-client';

// Its own module: only pages with an image picker load it.

export interface UploadOptions extends Omit<RequestOptions, 'body' | 'keepalive'> {
  /** Share of the body sent so far, 0 to 1 (only when the browser can tell). */
  onProgress?: (fraction: number) => void;
}

/**
 * A multipart POST through XMLHttpRequest, the one browser API that reports upload progress. Same rules as
 * every other call: CSRF header, same-origin credentials, the wire error shape, no-response and unauthorized
 * handling.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', withQuery(path, options.query));
    const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
    const csrfToken = getCsrfToken();
    if (csrfToken) headers[CSRF_HEADER] = csrfToken;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) report(Math.min(1, event.loaded / event.total));
      };
    }
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      const error = toApiError(xhr.status, body);
      reportCallFailure(error, options.quiet);
      reject(error);
    };
    xhr.onerror = () => {
      done();
      reportCallFailure(null, options.quiet);
      reject(new ApiError(0, NETWORK_ERROR_CODE, formatMessage('retry')));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    xhr.send(form);
  });
}
