import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Browsers cannot be downloaded here: drive the system Chromium (Debian package) instead.
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH)`,
  );
}

// E2E_PORT lets two runs (say, CI and a developer) share a machine.
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
// A partner's page that frames the app (tests/embedding.spec.ts serves it on this origin itself): the one origin
// allowed to frame the app and to receive a share-pass popup's CLOSE (FRAME_ANCESTORS below).
const parentOrigin = `http://127.0.0.1:${port + 1}`;
process.env.E2E_PARENT_ORIGIN = parentOrigin;
// The store listing "Download the app" leads an Android browser to; no other platform has one (tests/routes.spec.ts).
const appDownloadUrlAndroid = 'https://play.google.com/store/apps/details?id=com.selfserve.demo';
process.env.E2E_APP_DOWNLOAD_URL_ANDROID = appDownloadUrlAndroid;
// The operators' bearer token (docs/chat.md): journeys set the chat's opening hours with it (tests/chat.spec.ts).
const adminApiToken = 'e2e-admin-api-token-not-a-secret-0123456789';
process.env.E2E_ADMIN_API_TOKEN = adminApiToken;

// A fresh database per run. The config is loaded by the runner and again by each worker; the env var makes
// them agree on one directory, and only the process that created it removes it.
let dataDir = process.env.SELFSERVE_E2E_DATA_DIR;
if (!dataDir) {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'selfserve-e2e-'));
  dataDir = created;
  process.env.SELFSERVE_E2E_DATA_DIR = created;
  process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: 'tests',
  workers: 1,
  retries: 0,
  // Generous waits: CI shares 2 cores between the server, Chromium and the runner.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node ../packages/server/dist/main.js',
    // Every journey signs in from 127.0.0.1: the per-client sign-in limit would stop the later ones.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      SIGN_IN_RATE_LIMIT: '1000',
      FRAME_ANCESTORS: parentOrigin,
      // "Download the app" for Android browsers only (tests/routes.spec.ts): shown there, hidden everywhere else.
      APP_DOWNLOAD_URL_ANDROID: appDownloadUrlAndroid,
      ADMIN_API_TOKEN: adminApiToken,
    },
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
