/** The UK site is told apart by a marker in its host name (spec §6); the marker is configurable. */
export const DEFAULT_UK_HOST_MARKER = '.co.uk';

export function isUkHost(hostname: string, marker: string = DEFAULT_UK_HOST_MARKER): boolean {
  if (!marker) return false;
  return hostname.toLowerCase().includes(marker.toLowerCase());
}

/**
 * The country of the site a visitor reads (spec §6, §9): the UK site reads the UK customer index; every other host
 * the Indian one. Signed-in users read their own country's index instead.
 */
export function siteCountry(hostname: string, marker: string = DEFAULT_UK_HOST_MARKER): 'GB' | 'IN' {
  return isUkHost(hostname, marker) ? 'GB' : 'IN';
}
