import { CSRF_HEADER, isInvalidTokenAnswer, type MessageParamValues } from '@selfserve/contract';
import { requestTimeoutMs } from './config';
import { shownText, t } from './i18n';

/** Any failed call: the HTTP status (0 when no response came), the wire code and the user-facing message. */
export class ApiError extends Error {
  readonly status: number;
  /** the message's catalogue code (contract messages.ts), or an error class */
  readonly code: string;
  readonly params: MessageParamValues | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    params?: MessageParamValues,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.params = params;
  }

  /** What the user is told: the message by its code in their language (i18n shownText). */
  get text(): string {
    return shownText(this) ?? t('genericFailure');
  }
}

/** The text to show for a failed call: an answer's by its code, anything else the generic failure. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.text : t('genericFailure');
}

/** Code used when fetch itself failed: offline, DNS, server down. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

export interface ApiClientHandlers {
  /** Inside the native app the app owns the session, so the web must not log out or redirect (spec §6). */
  isInApp: () => boolean;
  onUnauthorized: () => void;
  onNoResponse: () => void;
  /** A 404 'Invalid token' (core.md §8): the page reloads its deep link, in the app and outside it alike. */
  onInvalidToken: () => void;
  /** How calls go out: the browser's fetch; a server render calls the API in-process (docs/ssr.md). */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

const noop = () => {};
let handlers: ApiClientHandlers = {
  isInApp: () => false,
  onUnauthorized: noop,
  onNoResponse: noop,
  onInvalidToken: noop,
  fetch: (url, init) => fetch(url, init),
};

export function configureApiClient(next: Partial<ApiClientHandlers>): void {
  handlers = { ...handlers, ...next };
}

// Kept in memory only: the token is useless without the httpOnly session cookie and must not leak to storage.
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Let the request outlive the page (analytics sent while navigating away). */
  keepalive?: boolean;
  /** Fire-and-forget calls must not log the user out or redirect them when they fail. */
  quiet?: boolean;
  /** Extra request headers (an idempotency key, a file type); they never replace the CSRF header. */
  headers?: Record<string, string>;
}

export function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads `{ status, error: { code, message, fields? } }`; anything else becomes a generic failure. */
export function toApiError(httpStatus: number, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error) && typeof error.code === 'string' && typeof error.message === 'string') {
    const fields = isRecord(error.fields)
      ? Object.fromEntries(Object.entries(error.fields).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : undefined;
    const params = isRecord(error.params)
      ? Object.fromEntries(
          Object.entries(error.params).filter((e): e is [string, string | number] =>
            /^(string|number)$/.test(typeof e[1]),
          ),
        )
      : undefined;
    return new ApiError(httpStatus, error.code, error.message, fields, params);
  }
  const code = httpStatus === 401 ? 'UNAUTHORIZED' : httpStatus === 404 ? 'NOT_FOUND' : 'INTERNAL';
  return new ApiError(httpStatus, code, t('genericFailure'));
}

/** A response's JSON body; an empty or unreadable one is undefined. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The code of a call that had no answer within requestTimeoutMs (a catalogue code: its text says so). */
export const TIMEOUT_CODE = 'requestTimedOut';

/**
 * fetch, given up after requestTimeoutMs (core.md §8): rejects with a timeout ApiError rather than hanging, and with
 * the caller's own AbortError when the caller aborts. The timer also covers reading the body.
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  read: (response: Response) => Promise<unknown>,
): Promise<{ response: Response; body: unknown }> {
  const controller = new AbortController();
  const callerSignal = init.signal;
  const abort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) abort();
  callerSignal?.addEventListener('abort', abort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, requestTimeoutMs);
  try {
    const response = await handlers.fetch(url, { ...init, signal: controller.signal });
    return { response, body: await read(response) };
  } catch (err) {
    if (timedOut) throw new ApiError(0, TIMEOUT_CODE, t(TIMEOUT_CODE));
    throw err;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', abort);
  }
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // Only state-changing methods carry the token; GETs must stay cacheable and side-effect free.
  if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;

  let answer: { response: Response; body: unknown };
  try {
    answer = await fetchWithTimeout(
      withQuery(path, options.query),
      {
        method,
        headers,
        credentials: 'same-origin',
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.keepalive ? { keepalive: true } : {}),
      },
      readJson,
    );
  } catch (err) {
    // The caller's abort and a timeout (shown where the call was made, with a retry) are not "no response at all".
    if (err instanceof ApiError || (err instanceof DOMException && err.name === 'AbortError')) throw err;
    if (!options.quiet && !handlers.isInApp()) handlers.onNoResponse();
    throw new ApiError(0, NETWORK_ERROR_CODE, t('retry'));
  }

  const { response, body } = answer;
  if (!response.ok) {
    const error = toApiError(response.status, body);
    // The one place every call's answer passes (one-touch reads its own answers the same way, contract
    // readOneTouchResponse). Fire-and-forget calls (analytics) never reload the page under the user.
    if (!options.quiet && isInvalidTokenAnswer(response.status, body)) handlers.onInvalidToken();
    else if (error.code === 'UNAUTHORIZED' && !options.quiet && !handlers.isInApp()) handlers.onUnauthorized();
    throw error;
  }
  return body as T;
}

/**
 * A failed call made outside `api` (the upload client): the same unauthorized and no-response handling as
 * every other call. `error` null means no response came at all.
 */
export function reportCallFailure(error: ApiError | null, quiet = false): void {
  if (quiet) return;
  if (error?.status === 404 && isInvalidTokenAnswer(404, { error: { code: error.code, message: error.message } })) {
    handlers.onInvalidToken();
    return;
  }
  if (handlers.isInApp()) return;
  if (error === null) handlers.onNoResponse();
  else if (error.code === 'UNAUTHORIZED') handlers.onUnauthorized();
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
