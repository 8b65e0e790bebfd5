// Zod-free and apart from booking-paths.ts: only the server writes days into texts, so no web page carries it.
/**
 * A calendar day ('2026-11-23', or the day of an ISO date-time as UTC writes it) as `locale` writes days: en-IN and
 * en-GB "23 Nov 2026", en-US "Nov 23, 2026"; a value that is no date as it came. For texts the server writes (mails).
 */
export function formatCalendarDay(value: string, locale: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  const date = day ? new Date(`${day}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) return value;
  const options = { dateStyle: 'medium', timeZone: 'UTC' } as const;
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date);
  }
}
