import { FORM_TOKEN_TTL_SECONDS } from '@selfserve/contract';
import { describe, expect, it } from 'vitest';
import { issueFormToken, validFormToken } from '../src/modules/tickets/form-token.ts';

describe('non-login form tokens', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const token = issueFormToken(secret, now);

  it.each([
    ['fresh', token, now, true],
    ['at the end of its life', token, now + FORM_TOKEN_TTL_SECONDS * 1000, true],
    ['expired', token, now + (FORM_TOKEN_TTL_SECONDS + 1) * 1000, false],
    ['from the future', token, now - 5000, false],
    ['signed with another secret', issueFormToken('another-secret-of-thirty-two-characters', now), now, false],
    ['garbled', 'abc', now, false],
    ['empty', '', now, false],
  ])('%s → %s', (_name, t, at, valid) => {
    expect(validFormToken(secret, t, at)).toBe(valid);
  });
});
