// Zod-free and tiny: the first page reads the app version from its entry URL.

/** An app version from a query parameter or stored entry: digits only (e.g. '91500'), else unknown (null). */
export function parseAppVersion(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (!/^\d{1,9}$/.test(v)) return null;
  return Number(v);
}
