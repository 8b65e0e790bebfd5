import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setLocale } from '../src/lib/i18n';

// The app loads the reader's language before its first render; tests start in English the same way.
await setLocale('en');

// findBy*/waitFor wait up to 5 s (default 1 s): lazy routes load slower on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// Testing Library only cleans up by itself when test globals are on; this project imports them explicitly.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
