/**
 * Build-time settings. The app-download target differs per deployment (store listing, landing page),
 * so it is configured rather than hard-coded.
 */
export const appDownloadUrl: string =
  (import.meta.env.VITE_APP_DOWNLOAD_URL as string | undefined) || 'https://play.google.com/store/apps';
