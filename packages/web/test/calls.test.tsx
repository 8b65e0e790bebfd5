import { CSRF_HEADER, callPaths, messages, OVERLAY_ROUTE } from '@selfserve/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallsPanel } from '../src/features/calls/calls-panel';
import { OverlayPage } from '../src/features/calls/overlay-page';
import { setCsrfToken } from '../src/lib/api-client';
import { article } from './kb-fixtures';
import { jsonResponse, mockFetch, renderAppRoutes, riya } from './utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

const clickToCallArticle = article({ id: '100620', labels: { call_type: 'click_to_call' } });
const appLinkArticle = article({ id: '100603', labels: { call_type: 'send_app_link' } });

function renderArticle(a = clickToCallArticle) {
  return renderAppRoutes(
    [
      { path: '/home', element: <p>Home page</p> },
      { path: '/article', element: <CallsPanel article={a} /> },
      { path: OVERLAY_ROUTE, element: <OverlayPage /> },
    ],
    { initialEntries: ['/home', '/article'], initialIndex: 1 },
    { user: riya },
  );
}

const answer = (status: string, code: keyof typeof messages) =>
  jsonResponse({ status, code, message: messages[code], request_id: 'call_1' });

describe('click-to-call on an article (core.md §4)', () => {
  it('FAILURE opens /overlay; closing it goes back to the article', async () => {
    mockFetch({ [callPaths.clickToCall]: () => answer('FAILURE', 'clickToCallNotAnswered') });
    const { router } = renderArticle();
    await userEvent.click(await screen.findByTestId('calls-call_me'));
    await waitFor(() => expect(router.state.location.pathname).toBe(OVERLAY_ROUTE));
    const overlay = await screen.findByTestId('call-overlay');
    expect(overlay).toHaveAttribute('data-value', 'FAILURE');
    expect(screen.getByRole('heading', { name: messages.callOverlayTitle })).toBeInTheDocument();
    expect(screen.getByTestId('call-overlay-message')).toHaveTextContent(messages.clickToCallNotAnswered);
    await userEvent.click(screen.getByTestId('call-overlay-close'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/article'));
  });

  it('INVALID_TOKEN opens /overlay asking to sign in again', async () => {
    mockFetch({ [callPaths.clickToCall]: () => answer('INVALID_TOKEN', 'clickToCallInvalidNumber') });
    const { router } = renderArticle();
    await userEvent.click(await screen.findByTestId('calls-call_me'));
    await waitFor(() => expect(router.state.location.pathname).toBe(OVERLAY_ROUTE));
    expect(await screen.findByRole('heading', { name: messages.callSessionExpiredTitle })).toBeInTheDocument();
    expect(screen.getByTestId('call-overlay-close')).toHaveTextContent('Sign in again');
  });

  it("NO_NETWORK is titled 'No network coverage' and stays on the article", async () => {
    mockFetch({ [callPaths.clickToCall]: () => answer('NO_NETWORK', 'clickToCallNoNetwork') });
    const { router } = renderArticle();
    await userEvent.click(await screen.findByTestId('calls-call_me'));
    const notice = await screen.findByTestId('calls-notice');
    expect(notice).toHaveTextContent('No network coverage');
    expect(notice).toHaveTextContent(messages.clickToCallNoNetwork);
    expect(router.state.location.pathname).toBe('/article');
  });

  it('ERROR shows the generic failure; CLOSE does nothing', async () => {
    let value = 'ERROR';
    mockFetch({
      [callPaths.clickToCall]: () => jsonResponse({ status: value, code: 'x', message: '', request_id: null }),
    });
    renderArticle();
    await userEvent.click(await screen.findByTestId('calls-call_me'));
    expect(await screen.findByTestId('calls-notice')).toHaveTextContent('Something went wrong. Please try again.');
    value = 'CLOSE';
    await userEvent.click(screen.getByTestId('calls-call_me'));
    await waitFor(() => expect(screen.queryByTestId('calls-notice')).not.toBeInTheDocument());
  });
});

describe('call-back and app link', () => {
  it("a failed call-back without a message says 'Something went wrong!', and the GET carries the CSRF header", async () => {
    setCsrfToken('token-1');
    const fetch = mockFetch({
      [callPaths.callback]: () =>
        jsonResponse({
          status: 'FAILURE',
          code: '',
          message: '',
          request_id: null,
          repeated: false,
          requested_at: null,
        }),
    });
    renderArticle();
    await userEvent.click(await screen.findByTestId('calls-call_me_back'));
    expect(await screen.findByTestId('calls-notice')).toHaveTextContent('Something went wrong!');
    const headers = (fetch.mock.calls[0]?.[1] as RequestInit | undefined)?.headers as
      | Record<string, string>
      | undefined;
    expect(headers?.[CSRF_HEADER]).toBe('token-1');
  });

  it("a failed app link says 'Error in Sending App Link'", async () => {
    mockFetch({ [callPaths.sendAppLink]: () => jsonResponse({ status: 'FAILURE', code: 'x', message: '' }) });
    renderArticle(appLinkArticle);
    await userEvent.click(await screen.findByTestId('calls-send_app_link'));
    expect(await screen.findByTestId('calls-notice')).toHaveTextContent('Error in Sending App Link');
  });

  it('a visitor is asked to sign in instead of seeing the buttons', async () => {
    renderAppRoutes([{ path: '/article', element: <CallsPanel article={clickToCallArticle} /> }], {
      initialEntries: ['/article'],
    });
    expect(await screen.findByTestId('login-prompt')).toBeInTheDocument();
    expect(screen.queryByTestId('calls-call_me')).not.toBeInTheDocument();
  });
});
