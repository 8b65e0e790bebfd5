/**
 * A calendar day (`YYYY-MM-DD`) written out in full ("2 January 2026") for `intl` (useI18n's). One formatter per
 * locale: the first a page makes costs ~10 ms (~70 ms on Lighthouse's slow phone: the browser builds its date
 * patterns). A server-rendered page writes each day it shows with the text beside it (`dayAttributes`), and
 * app/hydrate.tsx hands those texts over (`rememberWrittenDays`): hydrating the page makes no formatter.
 * Not in lib/i18n.ts: the first page has no day to show.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** Days written out by the server, by `${intl} ${day}`. */
const writtenDays = new Map<string, string>();

export function formatDay(intl: string, day: string): string {
  const written = writtenDays.get(`${intl} ${day}`);
  if (written !== undefined) return written;
  let format = dayFormats.get(intl);
  if (!format) {
    format = new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeZone: 'UTC' });
    dayFormats.set(intl, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** The attributes of an element showing `day`, written out as `text` (formatDay's). */
export function dayAttributes(day: string, text: string): { 'data-day': string; 'data-day-text': string } {
  return { 'data-day': day, 'data-day-text': text };
}

/** Takes the days a server-rendered page shows (`dayAttributes`) as the server wrote them for `intl`. */
export function rememberWrittenDays(root: ParentNode, intl: string): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-day][data-day-text]')) {
    writtenDays.set(`${intl} ${element.dataset.day}`, element.dataset.dayText as string);
  }
}
