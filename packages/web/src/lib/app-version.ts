import { parseAppVersion } from '@selfserve/contract';

const STORAGE_KEY = 'selfserve.app.version';

/**
 * The native app names its version in the `app_version` query parameter of the page it opens. The value
 * seen at entry is kept for the tab's session, so pages reached later still know it.
 */
export function rememberAppVersion(search: string): void {
  const version = parseAppVersion(new URLSearchParams(search).get('app_version'));
  if (version === null) return;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, String(version));
  } catch {
    // Storage blocked: the query parameter of the current page still counts.
  }
}

/** The app version from this page's query, else the session's entry; null when unknown. */
export function currentAppVersion(search: string = window.location.search): number | null {
  const fromQuery = parseAppVersion(new URLSearchParams(search).get('app_version'));
  if (fromQuery !== null) return fromQuery;
  try {
    return parseAppVersion(window.sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}
