import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { driverPaths, formatFare, type InvoiceResponse, intlLocale, type SupportedLocale } from '@selfserve/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontRuns } from '../src/modules/driver/statement-pdf.ts';
import { accounts, createTestApp, signedIn, type TestApp, type TestClient, testDatabases } from './helpers.ts';

// The earning statement PDF in the reader's language (docs/driver.md "PDF"). The text checks read the PDF with
// poppler's pdftotext (through the ToUnicode maps pdfkit writes); .ci/run installs poppler-utils.
const hasPdftotext = !spawnSync('pdftotext', ['-v']).error;
if (!hasPdftotext) {
  console.warn('driver-statement-pdf: pdftotext (poppler-utils) is not installed; the PDF text checks are skipped.');
}
const withPdftotext = it.skipIf(!hasPdftotext);

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-pdf-'));
  try {
    const file = path.join(dir, 'statement.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const label = (locale: SupportedLocale, key: string): string =>
  JSON.parse(fs.readFileSync(new URL(`../../contract/locales/${locale}.json`, import.meta.url), 'utf8')).driver
    .statement[key];

describe('fontRuns: each script in its own font', () => {
  it('cuts mixed text into Latin and Indic runs, keeping spaces and joiners in the run they are in', () => {
    expect(fontRuns('ट्रिप CRN 541, 20 नव॰ 2026')).toEqual([
      { font: 'deva', text: 'ट्रिप ' },
      { font: 'latin', text: 'CRN 541, 20 ' },
      { font: 'deva', text: 'नव॰ ' },
      { font: 'latin', text: '2026' },
    ]);
    expect(fontRuns('ಗಳಿಕೆ தொகை చెల్లింపు')).toEqual([
      { font: 'knda', text: 'ಗಳಿಕೆ ' },
      { font: 'taml', text: 'தொகை ' },
      { font: 'telu', text: 'చెల్లింపు' },
    ]);
    expect(fontRuns('−₹196')).toEqual([{ font: 'latin', text: '-₹196' }]);
  });
});

describe.each(testDatabases)('the earning statement PDF in the reader’s language [%s]', (dialect) => {
  let t: TestApp;
  let ramesh: TestClient;
  let jack: TestClient;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ramesh = await signedIn(t.app, accounts.driverIn);
    jack = await signedIn(t.app, accounts.driverAu);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function statementOf(client: TestClient, id: string) {
    const json = (await client.get(`${driverPaths.invoice}?id=${id}`)).json() as InvoiceResponse;
    const res = await client.get(`${driverPaths.invoice}?id=${id}&format=pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="earning-statement-${json.data.crn}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
    return { data: json.data, pdf, raw };
  }

  /** The six lines' amounts as the statement page writes them, in `locale`. */
  function amounts(data: InvoiceResponse['data'], locale: SupportedLocale): string[] {
    const intl = intlLocale(locale, data.currency_country);
    const money = (n: number) => `${n < 0 ? '-' : ''}${formatFare(Math.abs(n), data.currency_country, intl)}`;
    const s = data.statement;
    return [s.fare, -s.commission, s.incentives, s.net_earnings, -s.cash_collected, s.net_payout].map((n) =>
      money(n === 0 ? 0 : n),
    );
  }

  it('Hindi for ramesh (his profile’s language): Noto Sans and Noto Sans Devanagari embedded as subsets', async () => {
    const { raw, pdf } = await statementOf(ramesh, 'dr_ramesh_d02');
    const embedded = [...raw.matchAll(/\/BaseFont \/([A-Z]{6}\+[\w-]+)/g)].map((m) => m[1]?.slice(7));
    expect(new Set(embedded)).toEqual(new Set(['NotoSans-Regular', 'NotoSansDevanagari-Regular']));
    expect(raw.match(/\/FontFile2 /g)?.length).toBe(2);
    expect(raw).toContain('/ToUnicode');
    // Subsets: the two fonts are about 740 KB; the statement carries only the glyphs it uses.
    expect(pdf.length).toBeLessThan(60_000);
  });

  withPdftotext('Hindi: the page’s labels, the rupee amounts of the JSON statement and the date in Hindi', async () => {
    const { data, pdf } = await statementOf(ramesh, 'dr_ramesh_d02');
    const text = pdfText(pdf);
    // Words whose letters sit in reading order in the PDF (a short i-matra is drawn before its consonant, so the
    // text read back from a PDF has it there: the visual order).
    for (const word of ['कमाई', 'कमीशन', 'ग्राहक', 'भुगतान', 'नकद']) expect(text).toContain(word);
    expect(text).toContain(`CRN ${data.crn}`);
    const day = new Intl.DateTimeFormat('hi-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(
      new Date(data.pickup_date),
    );
    expect(day).toMatch(/[\u0900-\u097f]/);
    expect(text).toContain(day);
    for (const amount of amounts(data, 'hi')) expect(text).toContain(amount);
    expect(text).toContain('₹');
    expect(text).not.toContain('INR');
  });

  withPdftotext(
    'English for jack: the labels exactly as the page’s, A$ amounts equal to the JSON statement',
    async () => {
      const { data, pdf, raw } = await statementOf(jack, 'dr_jack_d02');
      expect(raw).not.toContain('Devanagari');
      const text = pdfText(pdf);
      for (const key of [
        'title',
        'fare',
        'commission',
        'incentives',
        'netEarnings',
        'cashCollected',
        'netPayout',
      ] as const)
        expect(text).toContain(label('en', key));
      for (const amount of amounts(data, 'en')) expect(text).toContain(amount);
      expect(text).toContain('A$');
      expect(text).toContain(
        new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Sydney' }).format(
          new Date(data.pickup_date),
        ),
      );
    },
  );

  withPdftotext(
    'French when the driver’s profile says French: accents, French numbers and the French date',
    async () => {
      await t.database.db.updateTable('users').set({ locale: 'fr' }).where('email', '=', accounts.driverAu).execute();
      try {
        const { data, pdf } = await statementOf(jack, 'dr_jack_d02');
        const text = pdfText(pdf);
        for (const key of ['title', 'fare', 'commission', 'netEarnings', 'cashCollected', 'netPayout'] as const)
          expect(text).toContain(label('fr', key));
        expect(text).toContain('Relevé de gains');
        for (const amount of amounts(data, 'fr'))
          expect(text.replace(/\s/g, ' ')).toContain(amount.replace(/\s/g, ' '));
        expect(text).toContain(
          new Intl.DateTimeFormat('fr-AU', { dateStyle: 'medium', timeZone: 'Australia/Sydney' }).format(
            new Date(data.pickup_date),
          ),
        );
      } finally {
        await t.database.db.updateTable('users').set({ locale: 'en' }).where('email', '=', accounts.driverAu).execute();
      }
    },
  );

  withPdftotext('a cash ride’s negative payout and the tolls note, as the page shows them', async () => {
    // A cash trip with a toll on its bill: the page's two notes.
    const rides = await t.database.db
      .selectFrom('driver_rides')
      .innerJoin('bookings', 'bookings.id', 'driver_rides.booking_id')
      .select(['driver_rides.id', 'bookings.cash_involved', 'bookings.bill'])
      .where('driver_rides.user_id', '=', 'u_driver_in')
      .where('bookings.fare', '>', 0)
      .execute();
    const cashToll = rides.find((r) => r.cash_involved === 1 && String(r.bill ?? '').includes('"toll"'));
    expect(cashToll, 'the demo has a cash airport trip with a toll').toBeDefined();
    const { data, pdf } = await statementOf(ramesh, cashToll?.id ?? '');
    expect(data.statement.tolls).toBeGreaterThan(0);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    const money = (n: number) => formatFare(n, 'IN', 'hi-IN');
    expect(text).toContain(money(data.statement.tolls));
    expect(text).toContain('टोल');
    if (data.statement.net_payout < 0) expect(text).toContain('अगले');
    for (const amount of amounts(data, 'hi')) expect(text).toContain(amount);
  });

  it('the rules stay: anonymous 401, a customer 403, another driver’s trip 404', async () => {
    expect((await t.app.inject({ url: `${driverPaths.invoice}?id=dr_ramesh_d02&format=pdf` })).statusCode).toBe(401);
    const riya = await signedIn(t.app, accounts.customer);
    expect((await riya.get(`${driverPaths.invoice}?id=dr_ramesh_d02&format=pdf`)).statusCode).toBe(403);
    expect((await jack.get(`${driverPaths.invoice}?id=dr_ramesh_d02&format=pdf`)).statusCode).toBe(404);
  });
});
