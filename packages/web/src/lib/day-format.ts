/**
 * A calendar day (`YYYY-MM-DD`) written out in full ("2 January 2026") for `intl` (useI18n's). One formatter per
 * locale: the first a page makes costs ~10 ms (the browser builds its date patterns), which app/hydrate.tsx spends
 * ahead, in a task of its own, when the page shows a day. Not in lib/i18n.ts: the first page has no day to show.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDay(intl: string, day: string): string {
  let format = dayFormats.get(intl);
  if (!format) {
    format = new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeZone: 'UTC' });
    dayFormats.set(intl, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}
