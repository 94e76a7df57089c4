import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// pdftotext marks right-to-left runs with bidi embedding characters; the words are what the tests read.
const BIDI_MARKS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const tempPdf = (pdf: Buffer) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kw-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  return { dir, file };
};

/** The text of a PDF as poppler's pdftotext reads it, in logical order, without bidi marks. */
export function pdfText(pdf: Buffer, layout = false): string {
  const { file } = tempPdf(pdf);
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' }).replace(
    BIDI_MARKS,
    '',
  );
}

/** The pages poppler's pdftoppm renders, as PNG files (at a low resolution: this checks they render at all). */
export function pdfPages(pdf: Buffer): Buffer[] {
  const { dir, file } = tempPdf(pdf);
  execFileSync('pdftoppm', ['-r', '30', '-png', file, path.join(dir, 'page')]);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((f) => Buffer.from(execFileSync('cat', [path.join(dir, f)])));
}
