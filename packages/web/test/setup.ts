import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setLocale } from '../src/lib/i18n';

// Test files share their worker's document (vitest.config.ts: isolate false): each starts as a file alone would, with
// an empty document and storage, at /, and no spy left by the file before (a file in Node's environment has no
// document).
if (typeof document !== 'undefined') {
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}
vi.restoreAllMocks();

// The app loads the reader's language before its first render; tests start in English the same way.
await setLocale('en');

// findBy*/waitFor wait up to 5 s (default 1 s): lazy routes load slower on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// Testing Library only cleans up by itself when test globals are on; this project imports them explicitly.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});
