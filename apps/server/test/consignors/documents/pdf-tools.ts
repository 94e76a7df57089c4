import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A PDF written to a fresh folder (or KW_KEEP_PDF, to look at it), for poppler's tools. */
function save(pdf: Buffer, name: string): string {
  const dir = process.env.KW_KEEP_PDF ?? mkdtempSync(path.join(tmpdir(), 'kw-consignor-'));
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

// pdftotext wraps right-to-left lines in bidi embedding marks; the tests look for the words, not the marks.
const BIDI_MARKS = /[\u200E\u200F\u202A-\u202E]/g;

/**
 * The text of a PDF as pdftotext reads it (poppler-utils) in reading order, one space for any run of white space,
 * NFKC-normalised: shaped Arabic comes out as the presentation forms of its letters (ﺣﺴﺎﺏ), which NFKC folds back
 * to the letters a test writes (حساب). Pages are kept apart by a form feed.
 */
export function pdfText(pdf: Buffer, name: string): string {
  return execFileSync('pdftotext', [save(pdf, name), '-'], { encoding: 'utf8' })
    .normalize('NFKC')
    .replace(BIDI_MARKS, '')
    .replace(/[^\S\f]+/g, ' ');
}

/**
 * The text as pdftotext lays it out (`-layout`), each line with its runs of spaces made one: a table's row reads as
 * one line in column order, "Sold 18,500.00 2,370.00 352.50 544.50 15,233.00".
 */
export function pdfLines(pdf: Buffer, name: string): string {
  return execFileSync('pdftotext', ['-layout', save(pdf, name), '-'], { encoding: 'utf8' })
    .normalize('NFKC')
    .replace(BIDI_MARKS, '')
    .split('\n')
    .map((line) => line.replace(/[^\S\f]+/g, ' ').replace(/^ | $/g, ''))
    .join('\n');
}

/** The number of pages, from pdfinfo. */
export function pdfPages(pdf: Buffer, name: string): number {
  const info = execFileSync('pdfinfo', [save(pdf, name)], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

/**
 * Page 1 drawn by pdftoppm as a greyscale PGM, answered as the share of its pixels that are not white: a page that
 * drew nothing, or only the letterhead, is caught. The PNG is kept beside the PDF for a person to look at.
 */
export function inkOnFirstPage(pdf: Buffer, name: string): { ink: number; png: string } {
  const file = save(pdf, name);
  const base = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '110', '-png', '-singlefile', file, base]);
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '40', '-gray', '-singlefile', file, base]);
  const pgm = readFileSync(`${base}.pgm`);
  // A binary PGM: "P5\n<width> <height>\n<max>\n" then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a PGM');
  const pixels = pgm.subarray(header[0].length);
  const dark = pixels.reduce((n, v) => n + (v < 200 ? 1 : 0), 0);
  return { ink: dark / pixels.length, png: `${base}.png` };
}
