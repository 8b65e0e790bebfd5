import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../src/lib/i18n';

// Testing Library only cleans up by itself when test globals are on; this project imports them explicitly.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
