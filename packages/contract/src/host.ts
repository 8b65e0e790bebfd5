/** The UK site is told apart by a marker in its host name (spec §6); the marker is configurable. */
export const DEFAULT_UK_HOST_MARKER = '.co.uk';

export function isUkHost(hostname: string, marker: string = DEFAULT_UK_HOST_MARKER): boolean {
  if (!marker) return false;
  return hostname.toLowerCase().includes(marker.toLowerCase());
}
