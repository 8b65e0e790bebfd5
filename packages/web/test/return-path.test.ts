import { routes } from '@selfserve/contract';
import { describe, expect, it } from 'vitest';
import { loginHref, safeReturnPath } from '../src/lib/return-path';

describe('safeReturnPath', () => {
  it('accepts a same-site path with its query and hash', () => {
    expect(safeReturnPath('/tickets?tab=open#top')).toBe('/tickets?tab=open#top');
  });

  it.each([
    null,
    '',
    'tickets',
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    '/.//evil.example',
    '/login?x=1',
    'javascript:alert(1)',
    routes.login,
    routes.loginRefresh,
  ])('falls back to /home for %s', (value) => {
    expect(safeReturnPath(value)).toBe(routes.home);
  });
});

describe('loginHref', () => {
  it('adds the current page as the return target except on home and sign-in pages', () => {
    expect(loginHref('/tickets')).toBe(`${routes.login}?return=%2Ftickets`);
    expect(loginHref(routes.home)).toBe(routes.login);
    expect(loginHref(routes.login)).toBe(routes.login);
  });
});
