import type { PdfWriter, TextStyle } from '../../commerce/documents/pdf-writer.ts';

/**
 * `w.text` in a narrow table column. In Arabic the writer keeps a run of Latin words as one unit and never breaks
 * it, so a rug's English title would run out of its column over the next one; here the words are measured and cut
 * into lines that fit first. Left to right, pdfkit wraps by itself and the text goes straight through.
 */
export function columnText(
  w: PdfWriter,
  value: string,
  opts: TextStyle & { x: number; width: number; y: number; align?: 'start' | 'end' },
): number {
  if (!w.rtl) return w.text(value, opts);
  const doc = w.doc.font(opts.bold ? 'bold' : 'body').fontSize(opts.size ?? 10);
  const space = doc.widthOfString(' ');
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const width = doc.widthOfString(word);
    if (line && used + space + width > opts.width) {
      lines.push(line);
      line = word;
      used = width;
    } else {
      used += (line ? space : 0) + width;
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return w.lines(lines, opts);
}

/**
 * `w.amount` that never leaves its column: a figure wider than the column (a total of several million in bold) is
 * set smaller until it fits, rather than running into its neighbour or breaking across two lines.
 */
export function columnAmount(
  w: PdfWriter,
  value: string,
  opts: TextStyle & { x: number; width: number; y: number },
): number {
  let size = opts.size ?? 10;
  const doc = w.doc.font(opts.bold ? 'bold' : 'body');
  while (size > 5 && doc.fontSize(size).widthOfString(value) > opts.width - 2) size -= 0.5;
  w.amount(value, { ...opts, size });
  return opts.y + w.doc.fontSize(opts.size ?? 10).currentLineHeight(true);
}
