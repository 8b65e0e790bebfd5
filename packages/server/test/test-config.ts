import path from 'node:path';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { SEED_ANCHOR } from '../src/db/seed/index.ts';

/**
 * A config for tests: the real loader with a test environment (so every new variable gets its default here too),
 * demo on, quiet logs, fixed secrets, an easy captcha, the simulator answering at once, and the seed's fixed anchor date.
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.resolve('.test-output'),
    DATABASE_POOL_SIZE: '5',
    SESSION_SECRET: 'test-session-secret-test-session-secret',
    DEMO_MODE: 'true',
    SEED_ANCHOR,
    LOG_LEVEL: 'silent',
    COOKIE_SECURE: 'false',
    SHUTDOWN_TIMEOUT_MS: '1000',
    TELEPHONY_SECRET: 'test-telephony-secret-test-telephony-secret',
    TELEPHONY_SIMULATOR_DELAY_MS: '0',
    CAPTCHA_SECRET: 'test-captcha-secret-test-captcha-secret',
    // a captcha solves in a few hashes: tests prove the checks, not the work
    CAPTCHA_MAX_NUMBER: '50',
    // No overload 503 from a busy test machine's event loop (test/pressure.test.ts turns the check on itself).
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  return { ...base, ...overrides };
}
