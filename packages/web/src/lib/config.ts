/**
 * Build-time settings. The app-download target differs per deployment (store listing, landing page),
 * so it is configured rather than hard-coded.
 */
/**
 * How long a call may take before the page says it timed out and offers a retry (core.md §8), instead of an endless
 * loader. Build-time, VITE_REQUEST_TIMEOUT_MS; 15 s by default.
 */
export const requestTimeoutMs: number = Number(import.meta.env.VITE_REQUEST_TIMEOUT_MS) || 15_000;

export const appDownloadUrl: string =
  (import.meta.env.VITE_APP_DOWNLOAD_URL as string | undefined) || 'https://play.google.com/store/apps';
