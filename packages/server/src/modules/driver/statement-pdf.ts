/**
 * The earning statement as a one-page A4 PDF in the reader's language (docs/driver.md "PDF"), written with pdfkit.
 * Fonts are embedded (subset, as pdfkit does): Noto Sans for Latin text, digits and currency signs (₹, A$), and
 * Noto Sans Devanagari, Kannada, Tamil and Telugu for Indic text, shaped by fontkit's OpenType shapers (matras,
 * conjuncts). pdfkit writes a ToUnicode map for every embedded font, so the text can be searched and copied.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { driverTimeZone, formatFare, intlLocale, type SupportedLocale } from '@selfserve/contract';
import type { Statement } from './service.ts';

/** The statement's words, from the locale files' `driver.statement.*` (the web statement page's labels). */
export type StatementLabels = Readonly<Record<string, string>>;

const FONT_FILES = {
  latin: 'NotoSans-Regular.ttf',
  deva: 'NotoSansDevanagari-Regular.ttf',
  knda: 'NotoSansKannada-Regular.ttf',
  taml: 'NotoSansTamil-Regular.ttf',
  telu: 'NotoSansTelugu-Regular.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

/**
 * packages/server/assets/fonts: from src/modules/driver in development and tests, from dist/ when built (the
 * bundle is dist/main.js). The first folder holding the fonts wins; FONTS_DIR overrides both.
 */
function findFontsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    process.env.FONTS_DIR,
    path.resolve(here, '../../../assets/fonts'),
    path.resolve(here, '../assets/fonts'),
  ].filter((d): d is string => Boolean(d));
  const found = candidates.find((d) => fs.existsSync(path.join(d, FONT_FILES.latin)));
  if (!found) throw new Error(`The statement PDF's fonts are missing (looked in ${candidates.join(', ')})`);
  return found;
}

let fonts: Record<FontName, Buffer> | null = null;
/** The font files, read on the first statement and kept (about 1.2 MB; each PDF embeds only the glyphs it uses). */
function fontBuffers(): Record<FontName, Buffer> {
  if (!fonts) {
    const dir = findFontsDir();
    fonts = Object.fromEntries(
      Object.entries(FONT_FILES).map(([name, file]) => [name, fs.readFileSync(path.join(dir, file))]),
    ) as Record<FontName, Buffer>;
  }
  return fonts;
}

/** The script font a character needs, or null for Latin and everything else Noto Sans draws. */
function scriptOf(cp: number): FontName | null {
  if ((cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff)) return 'deva';
  if (cp >= 0x0b80 && cp <= 0x0bff) return 'taml';
  if (cp >= 0x0c00 && cp <= 0x0c7f) return 'telu';
  if (cp >= 0x0c80 && cp <= 0x0cff) return 'knda';
  return null;
}

/** Spaces and zero-width joiners stay in the run they are in (a joiner belongs to the syllable it shapes). */
const NEUTRAL = /[\s\u200c\u200d]/u;

interface Run {
  font: FontName;
  text: string;
}

/** Text cut into runs of one font each, so each run is shaped by the font of its script. */
export function fontRuns(text: string): Run[] {
  const runs: Run[] = [];
  // Noto Sans has no U+2212 minus sign: the hyphen-minus it has is what the PDF shows.
  for (const ch of text.replace(/\u2212/g, '-')) {
    const last = runs[runs.length - 1];
    if (last && NEUTRAL.test(ch)) {
      last.text += ch;
      continue;
    }
    const font = scriptOf(ch.codePointAt(0) ?? 0) ?? 'latin';
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

type Doc = PDFKit.PDFDocument;

function widthOf(doc: Doc, runs: Run[], size: number): number {
  return runs.reduce((w, r) => w + doc.font(r.font).fontSize(size).widthOfString(r.text), 0);
}

/**
 * One line of runs at (x, y): y is the top of the line. Every run sits on one baseline (the script fonts' ascenders
 * differ, so top-aligned runs would not line up); `align: 'right'` puts the line's end at x.
 */
function line(doc: Doc, text: string, x: number, y: number, size: number, align: 'left' | 'right' = 'left'): void {
  const runs = fontRuns(text);
  let at = align === 'right' ? x - widthOf(doc, runs, size) : x;
  for (const r of runs) {
    doc
      .font(r.font)
      .fontSize(size)
      .text(r.text, at, y + size, { lineBreak: false, baseline: 'alphabetic' });
    at += doc.widthOfString(r.text);
  }
}

/** A paragraph wrapped at spaces within `width`; answers the y below it. */
function paragraph(doc: Doc, text: string, x: number, y: number, size: number, width: number): number {
  const words = text.split(/\s+/).filter(Boolean);
  const lineHeight = size * 1.6;
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (current && widthOf(doc, fontRuns(next), size) > width) {
      line(doc, current, x, y, size);
      y += lineHeight;
      current = word;
    } else current = next;
  }
  if (current) {
    line(doc, current, x, y, size);
    y += lineHeight;
  }
  return y;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

const LINES = [
  ['fare', 'fare', false, false],
  ['commission', 'commission', true, false],
  ['incentives', 'incentives', false, false],
  ['netEarnings', 'net_earnings', false, true],
  ['cashCollected', 'cash_collected', true, false],
  ['netPayout', 'net_payout', false, true],
] as const;

/**
 * The statement PDF: the web statement page's lines, labels and notes in `locale`, amounts as that page writes them
 * (the country's currency sign, grouped as the language and country write numbers), the ride's day in the language,
 * counted in the driver's country's time zone.
 */
export async function statementPdf(
  s: Statement,
  opts: { driverName: string; locale: SupportedLocale; labels: StatementLabels },
): Promise<Buffer> {
  const label = (key: string) => opts.labels[`driver.statement.${key}`] ?? key;
  const intl = intlLocale(opts.locale, s.currency_country);
  const money = (n: number) => {
    const text = formatFare(Math.abs(n), s.currency_country, intl);
    return n < 0 ? `-${text}` : text;
  };
  const date = new Intl.DateTimeFormat(intl, {
    dateStyle: 'medium',
    timeZone: driverTimeZone(s.currency_country),
  }).format(new Date(s.pickup_date));
  const title = label('title');

  // pdfkit (and fontkit under it) is loaded by the first statement PDF, not at start: ~6 MB a process that never
  // writes one would keep (docs/performance.md "Modules loaded on first use"); the first PDF waits ~0.2 s longer for it.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    // The footer sits below the usual bottom margin; text is placed line by line, so pdfkit never breaks a page.
    margins: { top: 60, left: 60, right: 60, bottom: 30 },
    lang: opts.locale,
    info: { Title: `${title} ${s.crn}`, Producer: 'Selfserve', Creator: 'Selfserve' },
    displayTitle: true,
  });
  for (const [name, data] of Object.entries(fontBuffers())) doc.registerFont(name, data);

  const left = 60;
  const right = doc.page.width - 60;
  line(doc, title, left, 60, 20);
  let y = 100;
  if (opts.driverName) {
    line(doc, opts.driverName, left, y, 11);
    y += 20;
  }
  line(doc, fill(label('trip'), { ride: `CRN ${s.crn}`, date }), left, y, 11);
  y += 30;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.6).stroke();
  y += 12;
  for (const [key, field, minus, total] of LINES) {
    const value = s.statement[field];
    if (total) {
      doc
        .moveTo(left, y - 6)
        .lineTo(right, y - 6)
        .lineWidth(0.3)
        .stroke();
    }
    line(doc, label(key), left, y, total ? 12 : 11);
    line(doc, money(minus && value !== 0 ? -value : value), right, y, total ? 12 : 11, 'right');
    y += 28;
  }
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.6).stroke();
  y += 16;
  if (s.statement.tolls > 0)
    y = paragraph(doc, fill(label('tolls'), { amount: money(s.statement.tolls) }), left, y, 10, right - left);
  if (s.statement.net_payout < 0) y = paragraph(doc, label('owes'), left, y + 4, 10, right - left);
  line(doc, s.id, left, doc.page.height - 70, 8);

  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.end();
  return done;
}
