import { describe, expect, it } from 'vitest';
import { sameSitePath } from '../src/navigation.ts';

describe('sameSitePath: the one same-site check for return and redirect targets', () => {
  it.each([
    ['/tickets', '/tickets'],
    ['/dreport/1?kyc=done#top', '/dreport/1?kyc=done#top'],
    ['/kb/./a/../b', '/kb/b'],
    ['/search?q=%2F%2Fnot-a-host', '/search?q=%2F%2Fnot-a-host'],
    ['/article/caf%C3%A9', '/article/caf%C3%A9'],
  ])('keeps %s as %s', (value, expected) => {
    expect(sameSitePath(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'tickets',
    'https://evil.example/x',
    'javascript:alert(1)',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/..//evil.example',
    '/a/../..//evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '/%2e%2e//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/\u0000/evil.example',
    '/%E0%A4%A',
  ])('refuses %j', (value) => {
    expect(sameSitePath(value)).toBeNull();
  });
});
