import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../src/lib/i18n';

// findBy*/waitFor wait up to 5 s (default 1 s): lazy routes load slower on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// Testing Library only cleans up by itself when test globals are on; this project imports them explicitly.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
