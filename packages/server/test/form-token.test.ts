import { FORM_TOKEN_TTL_SECONDS } from '@selfserve/contract';
import { describe, expect, it } from 'vitest';
import { issueFormToken, readFormToken, validFormToken } from '../src/modules/tickets/form-token.ts';

describe('non-login form tokens', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const visitor = 'visitor-cookie-of-the-browser-that-asked';
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const token = issueFormToken(secret, visitor, now);

  it.each([
    ['fresh', token, visitor, now, true],
    ['at the end of its life', token, visitor, now + FORM_TOKEN_TTL_SECONDS * 1000, true],
    ['expired', token, visitor, now + (FORM_TOKEN_TTL_SECONDS + 1) * 1000, false],
    ['from the future', token, visitor, now - 5000, false],
    [
      'signed with another secret',
      issueFormToken('another-secret-of-thirty-two-characters', visitor, now),
      visitor,
      now,
      false,
    ],
    ['presented by another visitor', token, 'another-visitor-cookie', now, false],
    ['presented without a visitor cookie', token, null, now, false],
    ['with a part added', `${token}.x`, visitor, now, false],
    ['garbled', 'abc', visitor, now, false],
    ['empty', '', visitor, now, false],
  ])('%s → %s', (_name, t, by, at, valid) => {
    expect(validFormToken(secret, t, by, at)).toBe(valid);
  });

  it('names its nonce (used once) and when it expires', () => {
    const read = readFormToken(secret, token, visitor, now);
    expect(read?.nonce).toBe(token.split('.')[1]);
    expect(read?.expiresAt.getTime()).toBe(now + FORM_TOKEN_TTL_SECONDS * 1000);
    expect(issueFormToken(secret, visitor, now)).not.toBe(token);
  });
});
