import { apiPaths, type SessionUser, type UserInfo } from '@selfserve/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../src/app/session-provider';
import { Header } from '../src/app/shell/header';
import { arjun, createTestQueryClient, jsonResponse, mockFetch, riya, sessionResponse, userInfo } from './utils';

function renderHeader(user: SessionUser | null, info: UserInfo) {
  const fetchMock = mockFetch({
    [apiPaths.session]: () => jsonResponse(sessionResponse(user)),
    [apiPaths.userInfo]: () => jsonResponse(info),
  });
  const queryClient = createTestQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter>
          <Header />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { fetchMock, queryClient };
}

const userInfoLoaded = (queryClient: ReturnType<typeof createTestQueryClient>, id: string) =>
  waitFor(() => expect(queryClient.getQueryState(['users', 'user-info', id])?.status).toBe('success'));

describe('membership stamp', () => {
  it('is shown to a paid member once get_user_info confirms it', async () => {
    renderHeader(arjun, userInfo());
    expect(await screen.findByTestId('membership-stamp')).toHaveTextContent('Select member');
  });

  it('is not shown to a customer without membership', async () => {
    const { queryClient } = renderHeader(
      riya,
      userInfo({ email: riya.email, is_select: false, is_subscribed: false, active_subscription: null }),
    );
    await screen.findByTestId('header-email');
    await userInfoLoaded(queryClient, riya.id);
    expect(screen.queryByTestId('membership-stamp')).not.toBeInTheDocument();
  });

  it('is not shown when get_user_info says the membership has expired', async () => {
    const { queryClient } = renderHeader(arjun, userInfo({ is_expired: true }));
    await userInfoLoaded(queryClient, arjun.id);
    expect(screen.queryByTestId('membership-stamp')).not.toBeInTheDocument();
  });

  it('treats unparseable flags as not a member and logs them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Off the contract on purpose: what a broken upstream could send.
    const broken = { ...userInfo(), is_select: 'maybe' as unknown as boolean };
    const { queryClient } = renderHeader(arjun, broken);
    await userInfoLoaded(queryClient, arjun.id);
    expect(screen.queryByTestId('membership-stamp')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Unparseable membership'), 'is_select');
    warn.mockRestore();
  });

  it('never asks for user info for a visitor', async () => {
    const { fetchMock } = renderHeader(null, userInfo());
    await screen.findByTestId('login-link');
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).not.toContain(apiPaths.userInfo);
    expect(screen.queryByTestId('membership-stamp')).not.toBeInTheDocument();
  });
});
