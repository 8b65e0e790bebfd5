import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from '../src/calendar-day.ts';

// Issue 14: the days the server writes into texts (invoice mails) as the reader's country writes English.
describe('formatCalendarDay', () => {
  it.each([
    ['2026-11-23', 'en-IN', '23 Nov 2026'],
    ['2026-11-23', 'en-GB', '23 Nov 2026'],
    ['2026-11-23', 'en-AU', '23 Nov 2026'],
    ['2026-11-23', 'en-NZ', '23 Nov 2026'],
    ['2026-11-23', 'hi-IN', '23 नव॰ 2026'],
    ['2026-11-23', 'en-US', 'Nov 23, 2026'],
    ['2026-11-23T22:30:00.000Z', 'en-IN', '23 Nov 2026'],
    ['2026-11-23', 'not a tag!', 'Nov 23, 2026'],
    ['soon', 'en-IN', 'soon'],
  ])('%s in %s → %s', (value, locale, text) => {
    expect(formatCalendarDay(value, locale)).toBe(text);
  });
});
