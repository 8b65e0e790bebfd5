/**
 * A small PDF 1.4 writer for one-page text documents (the earning statement; docs/driver.md): the standard Helvetica
 * and Courier fonts, so nothing is embedded and a statement weighs about 2 KB. Text is written in WinAnsi
 * (Latin-1): anything outside it is replaced by '?', so the statement is written in English with currency codes
 * (INR, AUD), as bank statements are; the web page shows it in the reader's language.
 */

export interface PdfText {
  text: string;
  x: number;
  /** from the bottom of an A4 page (842 points high) */
  y: number;
  size?: number;
  font?: 'regular' | 'bold' | 'mono';
  /** x is the right edge of the text (monospaced text only: its width is known without font metrics) */
  alignRight?: boolean;
}

const FONTS = { regular: 'F1', bold: 'F2', mono: 'F3' } as const;

/** A string literal of the PDF syntax: Latin-1 only, with (, ) and \ escaped. */
function literal(text: string): string {
  const latin1 = [...text].map((ch) => ((ch.codePointAt(0) ?? 0) <= 0xff ? ch : '?')).join('');
  return `(${latin1.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[\r\n]/g, ' ')})`;
}

function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The document: one A4 page holding `texts` and the horizontal rules `rules` ([x1, y, x2]). */
export function pdfDocument(opts: { title: string; texts: PdfText[]; rules?: [number, number, number][] }): Buffer {
  const ops: string[] = [];
  for (const [x1, y, x2] of opts.rules ?? []) ops.push(`0.6 w ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S`);
  for (const t of opts.texts) {
    const size = t.size ?? 11;
    const font = t.font ?? 'regular';
    const width = font === 'mono' ? [...t.text].length * 0.6 * size : 0;
    const x = t.alignRight && font === 'mono' ? t.x - width : t.x;
    ops.push(`BT /${FONTS[font]} ${size} Tf ${num(x)} ${num(t.y)} Td ${literal(t.text)} Tj ET`);
  }
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R /F3 6 0 R >> >> /Contents 7 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${literal(opts.title)} /Producer (Selfserve) >>`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
