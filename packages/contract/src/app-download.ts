// Zod-free: the server picks the link for the request's browser; the contract keeps the rule table-tested.

/** Which store a browser's platform uses, from its user agent; `other` for desktops and the rest. */
export type DownloadPlatform = 'android' | 'ios' | 'other';

/** The configured targets of "Download the app" (README: APP_DOWNLOAD_URL, _ANDROID, _IOS). */
export interface AppDownloadUrls {
  android?: string | undefined;
  ios?: string | undefined;
  /** for every platform without its own (a landing page that offers both stores) */
  generic?: string | undefined;
}

/**
 * The platform of a user agent. iPadOS 13+ says "Macintosh" like a Mac; its "Mobile/" token (and touch) tells it
 * apart, so a Mac desktop stays `other`. Android before iOS: no Android agent names an iPhone, but some name "like
 * Mac OS X" in a WebView.
 */
export function downloadPlatform(userAgent: string | null | undefined): DownloadPlatform {
  const ua = userAgent ?? '';
  if (/\bAndroid\b/i.test(ua)) return 'android';
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return 'ios';
  if (/\bMacintosh\b/.test(ua) && /\bMobile\//.test(ua)) return 'ios';
  return 'other';
}

/**
 * Where "Download the app" leads this browser (issue 14): its platform's own store link, else the generic one, else
 * nowhere (null: the link is hidden). Nothing is assumed: with nothing configured there is no link, never a store's
 * front page.
 */
export function appDownloadUrlFor(userAgent: string | null | undefined, urls: AppDownloadUrls): string | null {
  const platform = downloadPlatform(userAgent);
  const own = platform === 'android' ? urls.android : platform === 'ios' ? urls.ios : undefined;
  return own || urls.generic || null;
}
