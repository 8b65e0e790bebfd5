import { apiPaths, CSRF_HEADER, messages } from '@selfserve/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  configureApiClient,
  NETWORK_ERROR_CODE,
  setCsrfToken,
  TIMEOUT_CODE,
} from '../src/lib/api-client';
import { requestTimeoutMs } from '../src/lib/config';
import { jsonResponse } from './utils';

function stubFetch(response: () => Response | Promise<Response>) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fn);
  return fn;
}

function headersOf(fn: ReturnType<typeof stubFetch>): Record<string, string> {
  return (fn.mock.calls[0]?.[1]?.headers ?? {}) as Record<string, string>;
}

const unauthorized = () =>
  jsonResponse({ status: 'FAILURE', error: { code: 'UNAUTHORIZED', message: messages.UNAUTHORIZED } }, 401);

describe('api client', () => {
  const onUnauthorized = vi.fn();
  const onNoResponse = vi.fn();
  const onInvalidToken = vi.fn();
  let inApp = false;

  beforeEach(() => {
    inApp = false;
    onUnauthorized.mockReset();
    onNoResponse.mockReset();
    onInvalidToken.mockReset();
    configureApiClient({ isInApp: () => inApp, onUnauthorized, onNoResponse, onInvalidToken });
    setCsrfToken('token-123');
  });

  it('sends the CSRF header on POST with a JSON body and same-origin cookies', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ status: 'SUCCESS' }));
    await api.post(apiPaths.addTrack, { event: 'page_view', page: '/home' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(headersOf(fetchMock)[CSRF_HEADER]).toBe('token-123');
    expect(headersOf(fetchMock)['content-type']).toBe('application/json');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({ event: 'page_view', page: '/home' });
  });

  it('does not send the CSRF header on GET', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ status: 'SUCCESS' }));
    await api.get(apiPaths.session);
    expect(headersOf(fetchMock)).not.toHaveProperty(CSRF_HEADER);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('uses the newest token after it is replaced', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ status: 'SUCCESS' }));
    setCsrfToken('token-after-login');
    await api.post(apiPaths.logout);
    expect(headersOf(fetchMock)[CSRF_HEADER]).toBe('token-after-login');
  });

  it('maps the error shape to a typed ApiError', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          status: 'FAILURE',
          error: {
            code: 'VALIDATION_FAILED',
            message: messages.VALIDATION_FAILED,
            fields: { email: messages.invalidEmail },
          },
        },
        400,
      ),
    );
    const error = await api.post(apiPaths.loginCodeRequest, { email: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: messages.VALIDATION_FAILED,
      fields: { email: messages.invalidEmail },
    });
  });

  it('falls back to the generic failure when the body is not the error shape', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get(apiPaths.session)).rejects.toMatchObject({
      status: 502,
      code: 'INTERNAL',
      message: messages.genericFailure,
    });
  });

  it('calls the unauthorized handler outside the app', async () => {
    stubFetch(unauthorized);
    await expect(api.get(apiPaths.userInfo)).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call the unauthorized handler inside the app', async () => {
    inApp = true;
    stubFetch(unauthorized);
    await expect(api.get(apiPaths.userInfo)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves the session alone for quiet requests', async () => {
    stubFetch(unauthorized);
    await expect(api.post(apiPaths.addTrack, {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  // core.md §8: a 404 'Invalid token' reloads the deep link — for every call, not only one-touch.
  it.each([
    ['error.message', { status: 'FAILURE', error: { code: 'NOT_FOUND', message: 'Invalid token' } }, false],
    ['top-level message', { status: 'FAILURE', message: 'invalid token' }, false],
    ['bare error string', { error: 'Invalid Token' }, true],
  ])('a 404 with Invalid token in its %s reloads the deep link (in app: %s)', async (_where, body, app) => {
    inApp = app;
    stubFetch(() => jsonResponse(body, 404));
    await expect(api.get(apiPaths.userInfo)).rejects.toMatchObject({ status: 404 });
    expect(onInvalidToken).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a 404 about something else',
      { status: 'FAILURE', error: { code: 'NOT_FOUND', message: 'Article not found.' } },
      404,
    ],
    ['Invalid token under another status', { status: 'FAILURE', error: { code: 'X', message: 'Invalid token' } }, 400],
  ])('%s does not reload', async (_name, body, status) => {
    stubFetch(() => jsonResponse(body, status));
    await expect(api.get(apiPaths.userInfo)).rejects.toBeInstanceOf(ApiError);
    expect(onInvalidToken).not.toHaveBeenCalled();
  });

  it('a quiet call (analytics) never reloads the page', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'NOT_FOUND', message: 'Invalid token' } }, 404));
    await expect(api.post(apiPaths.addTrack, {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(onInvalidToken).not.toHaveBeenCalled();
  });

  it('sends the user to the login refresh page when no response came, outside the app only', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get(apiPaths.session)).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR_CODE });
    expect(onNoResponse).toHaveBeenCalledTimes(1);

    inApp = true;
    await expect(api.get(apiPaths.session)).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });
    expect(onNoResponse).toHaveBeenCalledTimes(1);
  });

  it('gives up on a call with no answer after the timeout: the timeout message, no endless wait, no redirect', async () => {
    vi.useFakeTimers();
    try {
      // A server that never answers: the request ends only when its signal aborts.
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_input: RequestInfo | URL, init?: RequestInit) =>
            new Promise<Response>((_resolve, reject) =>
              init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            ),
        ),
      );
      const call = api.get(apiPaths.session);
      const outcome = expect(call).rejects.toMatchObject({ status: 0, code: TIMEOUT_CODE });
      await vi.advanceTimersByTimeAsync(requestTimeoutMs - 1);
      let settled = false;
      call
        .catch(() => {})
        .finally(() => {
          settled = true;
        });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
      const error = await call.catch((e: unknown) => e);
      expect((error as ApiError).text).toBe(messages.requestTimedOut);
      expect(onNoResponse).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("passes the caller's own abort through as an abort, not a timeout", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const controller = new AbortController();
    const call = api.get(apiPaths.session, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
