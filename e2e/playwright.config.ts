import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, workerServer } from './tests/servers.ts';

// Browsers cannot be downloaded here: drive the system Chromium (Debian package) instead.
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH)`,
  );
}

// One server per worker (tests/servers.ts). E2E_PORT (8181) lets two runs (say, CI and a developer) share a machine.
const servers = Array.from({ length: E2E_WORKERS }, (_, i) => workerServer(i));
// The store listing "Download the app" leads an Android browser to; no other platform has one (tests/routes.spec.ts).
const appDownloadUrlAndroid = 'https://play.google.com/store/apps/details?id=com.selfserve.demo';
process.env.E2E_APP_DOWNLOAD_URL_ANDROID = appDownloadUrlAndroid;
// The operators' bearer token (docs/chat.md): journeys set the chat's opening hours with it (tests/chat.spec.ts).
const adminApiToken = 'e2e-admin-api-token-not-a-secret-0123456789';
process.env.E2E_ADMIN_API_TOKEN = adminApiToken;

// Fresh databases per run, one per server. The config is loaded by the runner and again by each worker; the env var
// makes them agree on one directory, and only the process that created it removes it.
let dataDir = process.env.SELFSERVE_E2E_DATA_DIR;
if (!dataDir) {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-e2e-'));
  dataDir = created;
  process.env.SELFSERVE_E2E_DATA_DIR = created;
  process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: 'tests',
  // Each worker has a server and a database of its own (tests/servers.ts), so a file's journeys see only their own
  // changes. Two workers on two cores: a journey waits on the browser, the server and the runner in turn, and a
  // second one fills those waits (docs/performance.md, session of 2026-11-30, third).
  workers: E2E_WORKERS,
  retries: 0,
  // Generous waits: CI shares 2 cores between two servers, two Chromiums and the runner.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    // Each test's baseURL is its worker's server (tests/fixtures.ts).
    // A trace records every journey's screencast and snapshots, a fifth of the suite's CPU; CI keeps only the log, so
    // it records none there. Elsewhere a failed journey keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // CPU the journeys never use (docs/performance.md, session of 2026-11-30): compositing through SwiftShader's
        // software GL, and the omnibox popup pages Chromium preloads in a renderer of their own for every context.
        '--disable-gpu-compositing',
        '--disable-software-rasterizer',
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      ],
    },
  },
  webServer: servers.map(({ port, baseURL, partnerOrigin }, i) => ({
    command: 'node ../packages/server/dist/main.js',
    // Every journey signs in from 127.0.0.1: the per-client sign-in limit would stop the later ones.
    env: {
      PORT: String(port),
      DATA_DIR: path.join(dataDir, String(i)),
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      SIGN_IN_RATE_LIMIT: '1000',
      // The partner's page that frames the app (tests/embedding.spec.ts serves it itself): the one origin allowed to
      // frame the app and to receive a share-pass popup's CLOSE.
      FRAME_ANCESTORS: partnerOrigin,
      // "Download the app" for Android browsers only (tests/routes.spec.ts): shown there, hidden everywhere else.
      APP_DOWNLOAD_URL_ANDROID: appDownloadUrlAndroid,
      ADMIN_API_TOKEN: adminApiToken,
    },
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  })),
});
