import {
  type SessionResponse,
  type SessionUser,
  sessionResponseSchema,
  type UserInfo,
  userInfoSchema,
} from '@selfserve/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../src/components/toast';
import { SessionContext, type SessionState, visitorSession } from '../src/lib/session';

export const riya: SessionUser = {
  id: 'u-riya',
  email: 'riya.customer@example.in',
  name: 'Riya',
  role: 'customer',
  country_code: 'IN',
  city: 'Bengaluru',
  locale: 'en-IN',
  is_member: false,
  staff_role: null,
};

export const arjun: SessionUser = {
  id: 'u-arjun',
  email: 'arjun.select@example.in',
  name: 'Arjun',
  role: 'customer',
  country_code: 'IN',
  city: 'Bengaluru',
  locale: 'en-IN',
  is_member: true,
  staff_role: null,
};

export function sessionResponse(user: SessionUser | null, overrides: Partial<SessionResponse> = {}): SessionResponse {
  return sessionResponseSchema.parse({
    status: 'SUCCESS',
    csrf_token: 'csrf-1',
    user,
    in_app: false,
    entry_mode: 'customer_website',
    language: 'en',
    demo: true,
    uk_host_marker: '.co.uk',
    code_sign_in: true,
    switches: { write_to_us: true, call_us: true, chat: true },
    parent_origins: [],
    app_download_url: null,
    ...overrides,
  });
}

export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return userInfoSchema.parse({
    status: 'SUCCESS',
    email: arjun.email,
    name: arjun.name,
    mobile: '9800000000',
    is_select: true,
    is_subscribed: true,
    membership_type: 'paid',
    is_expired: false,
    active_subscription: {
      id: 'sub-1',
      user_id: arjun.id,
      amount_paid: 299,
      package_name: 'Select Annual',
      package_id: 'select-annual',
      trial: false,
      status: 'active',
      activated_on: '2025-01-01T00:00:00.000Z',
    },
    ...overrides,
  });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers one path; it sees the full URL (query included) and the request options. */
export type FetchHandler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** A fetch mock answering by path; unknown paths fail loudly so a test never reaches the network. */
export function mockFetch(routes: Record<string, FetchHandler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const handler = routes[url.pathname];
    if (!handler) throw new Error(`Unexpected fetch in test: ${url.pathname}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

interface RenderOptions {
  session?: Partial<SessionState>;
  route?: string;
  queryClient?: QueryClient;
}

/** Renders with a fixed session context (no session fetch), a query client, toasts and a memory router. */
export function renderWithSession(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const session: SessionState = { ...visitorSession, status: 'ready', ...options.session };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <ToastProvider>
          <MemoryRouter initialEntries={[options.route ?? '/home']}>{children}</MemoryRouter>
        </ToastProvider>
      </SessionContext.Provider>
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

/**
 * Renders routes in a memory router inside the app's providers (query client, a fixed session, toasts); answers the
 * router, the query client and the rendered view.
 */
export function renderAppRoutes(
  routes: RouteObject[],
  routerOptions: Parameters<typeof createMemoryRouter>[1],
  session: Partial<SessionState> = {},
  queryClient = createTestQueryClient(),
) {
  const router = createMemoryRouter(routes, routerOptions);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={{ ...visitorSession, status: 'ready', ...session }}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
