/**
 * The deep-link reload of core.md §8: a 404 'Invalid token' means the host app's sign-in behind this page is no
 * longer valid, so the page is loaded again as the host opened it (which signs it in afresh). Several calls failing
 * with the same stale token at once reload the page once.
 */
let reloading = false;
let reloadPage: () => void = () => window.location.reload();

export function reloadDeepLink(): void {
  if (reloading) return;
  reloading = true;
  reloadPage();
}

/** Tests observe the reload instead of performing it (jsdom cannot reload); also re-arms the once-only guard. */
export function setPageReloader(reload: () => void): void {
  reloadPage = reload;
  reloading = false;
}
