import {
  bookingPaths,
  type CallUsNumberResponse,
  type CallUsTokenResponse,
  callUsPaths,
  type OneTouchResult,
} from '@selfserve/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallUsPage } from '../src/features/callus/routes/call-us';
import { forgetKeptResult, keepResultForReturn, keptResult } from '../src/lib/one-touch/kept-result';
import { jsonResponse, mockFetch, renderWithSession, riya } from './utils';

const india: CallUsNumberResponse = {
  status: 'SUCCESS',
  call_us_number: '+918047182211',
  otp: '482913',
  expires_at: '2026-11-24T22:10:00.000Z',
  country: 'IN',
  audience: 'customer',
  city: 'Bengaluru',
  city_location: { lat: 12.9716, lng: 77.5946 },
};
const indiaToken: CallUsTokenResponse = { status: 'SUCCESS', token: '73920145', is_play: false, expires_at: null };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/callUs', () => {
  it('India: the number dials the pauses, the token and *, the code shows, and the std-code footer', async () => {
    const bodies: unknown[] = [];
    const fetch = mockFetch({
      [callUsPaths.getCallUsNumber]: (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(india);
      },
      [callUsPaths.callUsToken]: (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(indiaToken);
      },
      [bookingPaths.getCity]: (url) => {
        expect(url.searchParams.get('lat')).toBe('12.9716');
        return jsonResponse({ status: 'SUCCESS', city: 'Bengaluru', std_code: '080', cc_number: '47182200' });
      },
    });
    renderWithSession(<CallUsPage />, {
      session: { user: riya },
      route: '/callUs?booking_id=b-1&article_id=101101',
    });
    const number = await screen.findByTestId('callus-number');
    expect(number).toHaveTextContent('+918047182211');
    expect(number).toHaveAttribute('href', 'tel:+918047182211,,,,73920145*');
    expect(screen.getByTestId('callus-code')).toHaveTextContent('482913');
    expect(screen.getByText(/your phone sends this code for you/)).toBeInTheDocument();
    expect(await screen.findByTestId('callus-std-footer')).toHaveTextContent(
      'Calling from a landline? Add the STD code 080 before our local number 47182200.',
    );
    expect(bodies).toEqual([
      { booking_id: 'b-1', article_id: '101101' },
      { booking_id: 'b-1', article_id: '101101' },
    ]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('elsewhere: the plain number, the code to type, no std-code footer', async () => {
    mockFetch({
      [callUsPaths.getCallUsNumber]: () =>
        jsonResponse({
          ...india,
          call_us_number: '+61255504420',
          country: 'AU',
          city: 'Sydney',
          city_location: { lat: -33.8688, lng: 151.2093 },
        }),
      [callUsPaths.callUsToken]: () => jsonResponse({ status: 'SUCCESS', token: '', is_play: true, expires_at: null }),
      [bookingPaths.getCity]: () =>
        jsonResponse({ status: 'SUCCESS', city: 'Sydney', std_code: '02', cc_number: '55504412' }),
    });
    renderWithSession(<CallUsPage />, { session: { user: { ...riya, country_code: 'AU' } }, route: '/callUs' });
    const number = await screen.findByTestId('callus-number');
    expect(number).toHaveAttribute('href', 'tel:+61255504420');
    expect(screen.getByText(/Type this code when the call asks for it/)).toBeInTheDocument();
    expect(screen.queryByTestId('callus-std-footer')).not.toBeInTheDocument();
  });

  it('a visitor is asked to sign in and no code is asked for', () => {
    const fetch = mockFetch({});
    renderWithSession(<CallUsPage />, { route: '/callUs?article_id=101101' });
    expect(screen.getByTestId('login-prompt')).toHaveTextContent('Sign in to get your one-time code');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?return=${encodeURIComponent('/callUs?article_id=101101')}`,
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the result kept for the way back from /callUs', () => {
  const failed = { state: 'FAILURE', title: 'Sorry', message: 'No.' } as unknown as OneTouchResult;

  it('lives in the history entry’s state, beside what was there, and Back forgets it', () => {
    window.history.replaceState({ idx: 3, key: 'k', usr: { oneTouchResult: null } }, '');
    keepResultForReturn(failed);
    expect(window.history.state).toMatchObject({ idx: 3, key: 'k', usr: { oneTouchResult: null } });
    expect(keptResult(window.history.state.usr)).toEqual(failed);
    forgetKeptResult();
    expect(keptResult(window.history.state.usr)).toBeNull();
    expect(window.history.state).toEqual({ idx: 3, key: 'k', usr: { oneTouchResult: null } });
  });

  it('reads nothing from an empty or foreign state', () => {
    expect(keptResult(null)).toBeNull();
    expect(keptResult('x')).toBeNull();
    expect(keptResult({ other: 1 })).toBeNull();
  });
});
