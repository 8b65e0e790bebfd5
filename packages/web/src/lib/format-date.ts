/**
 * A date and time as the reader's language and country write it (`intl`: en-IN "23 Nov 2026, 5:21 am", en-GB
 * "23 Nov 2026, 05:21", never the US "Nov 23, 2026, 5:21 AM" unless the reader is American); an unreadable value as it
 * came. The time is the device's own time zone unless `timeZone` names one.
 */
export function formatDateTime(
  value: string | number | null | undefined,
  locale: string,
  { timeZone }: { timeZone?: string } = {},
): string {
  return formatWith(value, locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** A day as the reader writes it ("23 Nov 2026"); a calendar date ('2026-11-23') is that day wherever the reader is. */
export function formatDay(value: string | number | null | undefined, locale: string): string {
  const calendarDay = typeof value === 'string' && CALENDAR_DAY.test(value);
  return formatWith(value, locale, { dateStyle: 'medium', timeZone: calendarDay ? 'UTC' : undefined });
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function formatWith(value: string | number | null | undefined, locale: string, options: Intl.DateTimeFormatOptions) {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    // An unknown locale tag: fall back to English rather than show nothing.
    return new Intl.DateTimeFormat('en', options).format(date);
  }
}

/** Machine-readable form for <time dateTime>. */
export function isoDateTime(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
