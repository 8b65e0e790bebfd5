import type { SessionResponse } from '@selfserve/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { getCsrfToken, setCsrfToken } from '../src/lib/api-client';
import { takeBootSession } from '../src/lib/get-session';

const session: SessionResponse = {
  status: 'SUCCESS',
  csrf_token: 'token-from-the-page',
  user: null,
  in_app: false,
  entry_mode: 'customer_website',
  language: 'en',
  demo: true,
  uk_host_marker: 'uk',
  code_sign_in: true,
  switches: { write_to_us: true, call_us: true, chat: true },
  parent_origins: [],
  app_download_url: null,
};

function pageSession(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'boot-session';
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  document.getElementById('boot-session')?.remove();
  setCsrfToken(null);
});

describe('the session written into the page', () => {
  it('is taken once: the first render uses it and its CSRF token, later queries ask the server', () => {
    pageSession(JSON.stringify(session));
    expect(takeBootSession()).toEqual(session);
    expect(getCsrfToken()).toBe('token-from-the-page');
    expect(document.getElementById('boot-session')).toBeNull();
    expect(takeBootSession()).toBeUndefined();
  });

  it('is ignored when missing or unreadable (the session is then fetched)', () => {
    expect(takeBootSession()).toBeUndefined();
    pageSession('{not json');
    expect(takeBootSession()).toBeUndefined();
    expect(getCsrfToken()).toBeNull();
  });
});
