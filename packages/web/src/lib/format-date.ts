/** A date and time as the user's language writes it ("12 Nov 2026, 10:30 am"); an unreadable value as it came. */
export function formatDateTime(value: string | number | null | undefined, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    // An unknown locale tag: fall back to English rather than show nothing.
    return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

/** Machine-readable form for <time dateTime>. */
export function isoDateTime(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
