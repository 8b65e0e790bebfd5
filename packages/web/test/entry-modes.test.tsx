import { apiPaths, type EntryMode, entryModes, HOST_BRIDGE_FALLBACK_URL, kbPaths } from '@selfserve/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../src/app/shell/app-shell';
import { BackButton } from '../src/components/back-button';
import { SimpleArticlePage } from '../src/features/kb/routes/simple-article';
import { postCloseToParent, signalHostBack } from '../src/lib/host-bridge';
import { useBack } from '../src/lib/use-back';
import { article, articleResponse } from './kb-fixtures';
import { jsonResponse, mockFetch, renderAppRoutes, riya } from './utils';

type BridgeWindow = Window & { SelfserveHost?: { finish?: () => void } };

beforeEach(() => {
  window.history.replaceState({ idx: 0 }, '');
});
afterEach(() => {
  delete (window as BridgeWindow).SelfserveHost;
});

describe('chrome per entry mode (contract entryModes)', () => {
  const shellAt = (entryMode: EntryMode) => {
    mockFetch({ [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }) });
    return renderAppRoutes(
      [{ element: <AppShell />, children: [{ path: '/home', element: <h1>Page</h1> }] }],
      { initialEntries: ['/home'] },
      // A link configured for this browser: whether it shows is then the mode's chrome.
      { user: riya, entryMode, inApp: entryModes[entryMode].inApp, appDownloadUrl: 'https://example.com/app' },
    );
  };

  it.each([
    // mode, header, download link, side menu, logout
    ['customer_website', true, true, true, true],
    ['customer_app', true, false, true, false],
    ['driver_app', true, false, true, false],
    ['operator_app', true, false, true, false],
    ['restaurant', true, false, true, false],
    ['self_drive', true, false, true, false],
    ['share_pass', false, false, false, false],
  ] as const)('%s: header %s, download %s, side menu %s, logout %s', async (mode, header, download, menu, logout) => {
    shellAt(mode);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page' })).toBeInTheDocument();
    expect(screen.queryByRole('banner') !== null).toBe(header);
    expect(screen.queryByTestId('download-app-link') !== null).toBe(download);
    expect(screen.queryByRole('button', { name: 'Menu' }) !== null).toBe(menu);
    expect(screen.queryByTestId('logout-button') !== null).toBe(logout);
  });

  it("follows the mode's table, not only the in-app flag: an app mode shows no download or sign-out", async () => {
    mockFetch({ [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }) });
    renderAppRoutes(
      [{ element: <AppShell />, children: [{ path: '/home', element: <h1>Page</h1> }] }],
      { initialEntries: ['/home'] },
      { user: riya, entryMode: 'operator_app', inApp: false, appDownloadUrl: 'https://example.com/app' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Page' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByTestId('download-app-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('logout-button')).not.toBeInTheDocument();
  });
});

function BackProbe() {
  const back = useBack();
  return <BackButton onBack={back} />;
}

describe('Back per entry mode (contract backAction, lib/use-back)', () => {
  const probeAt = (entryMode: EntryMode) =>
    renderAppRoutes(
      [
        { path: '/article/1', element: <BackProbe /> },
        { path: '/home', element: <h1>Home page</h1> },
      ],
      { initialEntries: ['/article/1'] },
      { entryMode, inApp: entryModes[entryMode].inApp },
    ).router;

  it.each(['customer_app', 'driver_app', 'operator_app', 'restaurant', 'self_drive'] as const)(
    '%s: at the top Back calls the host bridge and stays',
    (mode) => {
      const finish = vi.fn();
      (window as BridgeWindow).SelfserveHost = { finish };
      const router = probeAt(mode);
      fireEvent.click(screen.getByTestId('kb-back'));
      expect(finish).toHaveBeenCalledTimes(1);
      expect(router.state.location.pathname).toBe('/article/1');
    },
  );

  it('customer_website: Back goes home and no bridge is called', async () => {
    const finish = vi.fn();
    (window as BridgeWindow).SelfserveHost = { finish };
    const router = probeAt('customer_website');
    fireEvent.click(screen.getByTestId('kb-back'));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(finish).not.toHaveBeenCalled();
  });

  it("the customer app's article page calls the bridge on Back", async () => {
    mockFetch({
      [kbPaths.articles]: () => jsonResponse(articleResponse(article())),
      [apiPaths.addTrack]: () => jsonResponse({ status: 'SUCCESS' }),
    });
    const finish = vi.fn();
    (window as BridgeWindow).SelfserveHost = { finish };
    renderAppRoutes(
      [{ path: '/simple_article', element: <SimpleArticlePage /> }],
      {
        initialEntries: ['/simple_article?id=100301'],
      },
      { entryMode: 'customer_app', inApp: true },
    );
    await screen.findByRole('heading', { level: 1, name: 'How refunds work' });
    fireEvent.click(screen.getByTestId('kb-back'));
    expect(finish).toHaveBeenCalledTimes(1);
  });
});

describe('host bridge (docs/embedding.md)', () => {
  const fakeWindow = (extra: Record<string, unknown> = {}) => {
    const win = { location: { assign: vi.fn() }, ...extra } as unknown as Window & Record<string, unknown>;
    (win as { parent: unknown }).parent = win;
    return win;
  };

  it('calls SelfserveHost.finish(), else the iOS message handler, else goes to the fallback URL scheme', () => {
    const finish = vi.fn();
    expect(signalHostBack(fakeWindow({ SelfserveHost: { finish } }))).toBe('bridge');
    expect(finish).toHaveBeenCalledTimes(1);

    const postMessage = vi.fn();
    expect(signalHostBack(fakeWindow({ webkit: { messageHandlers: { SelfserveHost: { postMessage } } } }))).toBe(
      'webkit',
    );
    expect(postMessage).toHaveBeenCalledWith({ type: 'finish' });

    const bare = fakeWindow();
    expect(signalHostBack(bare)).toBe('location');
    expect(bare.location.assign).toHaveBeenCalledWith(HOST_BRIDGE_FALLBACK_URL);
  });

  it('posts CLOSE only to configured origins, and only when there is a parent page', () => {
    const parent = { postMessage: vi.fn() };
    const framed = { ...fakeWindow(), parent } as unknown as Window;
    expect(postCloseToParent([], framed)).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
    expect(postCloseToParent(['https://partner.example.com'], framed)).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'CLOSE' }, 'https://partner.example.com');
    expect(postCloseToParent(['https://partner.example.com'], fakeWindow())).toBe(false);
  });
});
