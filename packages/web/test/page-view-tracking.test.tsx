import { apiPaths } from '@selfserve/contract';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageViewTracking } from '../src/features/telemetry/hooks/use-page-view-tracking';
import { setLocale } from '../src/lib/i18n';
import { jsonResponse, mockFetch, renderAppRoutes } from './utils';

function Tracked() {
  usePageViewTracking();
  return null;
}

function trackedBodies(fetchMock: ReturnType<typeof mockFetch>): Record<string, unknown>[] {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('page views (core.md §2) carry the entry mode and the language', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('sends the session’s entry mode and the current language with each page view', async () => {
    const fetchMock = mockFetch({ [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }) });
    await setLocale('hi');
    const { router } = renderAppRoutes(
      [{ path: '*', Component: Tracked }],
      { initialEntries: ['/home'] },
      {
        entryMode: 'driver_app',
        inApp: true,
      },
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(trackedBodies(fetchMock)[0]).toEqual({
      event: 'page_view',
      page: '/home',
      entry_mode: 'driver_app',
      language: 'hi',
    });
    await act(() => router.navigate('/kb'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(trackedBodies(fetchMock)[1]).toMatchObject({ page: '/kb', entry_mode: 'driver_app', language: 'hi' });
  });

  it('waits for the session before reporting, so the mode is the session’s own', async () => {
    const fetchMock = mockFetch({ [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }) });
    const view = renderAppRoutes(
      [{ path: '*', Component: Tracked }],
      { initialEntries: ['/home'] },
      {
        status: 'loading',
      },
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    view.unmount();
  });
});
