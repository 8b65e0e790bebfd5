import { afterEach, describe, expect, it } from 'vitest';
import { dayAttributes, formatDay, rememberWrittenDays } from '../src/lib/day-format';

const realDateTimeFormat = Intl.DateTimeFormat;
const setDateTimeFormat = (value: typeof Intl.DateTimeFormat) =>
  Object.defineProperty(Intl, 'DateTimeFormat', { value, configurable: true, writable: true });

describe('formatDay', () => {
  afterEach(() => {
    setDateTimeFormat(realDateTimeFormat);
    document.body.innerHTML = '';
  });

  it('writes a day out in full for the reader, in UTC', () => {
    expect(formatDay('fr-FR', '2026-03-14')).toBe('14 mars 2026');
    expect(formatDay('nl-NL', '2026-01-01')).toBe('1 januari 2026');
  });

  it('takes the days a server-rendered page shows as written, making no formatter for them', () => {
    const written = document.createElement('p');
    // As the server wrote it, for its reader (the text need not be what this browser would write).
    for (const [name, value] of Object.entries(dayAttributes('2026-06-26', '26 June 2026 (server)'))) {
      written.setAttribute(name, value);
    }
    document.body.append(written);
    rememberWrittenDays(document.body, 'en-GB');
    let formatters = 0;
    setDateTimeFormat(
      new Proxy(realDateTimeFormat, {
        construct(target, args) {
          formatters++;
          return Reflect.construct(target, args);
        },
      }),
    );

    expect(formatDay('en-GB', '2026-06-26')).toBe('26 June 2026 (server)');
    expect(formatters).toBe(0);
    // Another day, or the same day for another reader, is written in the browser.
    expect(formatDay('en-GB', '2026-06-27')).toBe('27 June 2026');
    expect(formatDay('de-DE', '2026-06-26')).toBe('26. Juni 2026');
    expect(formatters).toBe(2);
  });
});
