import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import type { Language } from '@knotwork/shared/constants/languages';

/**
 * What the invoice, credit note and packing slip are drawn with (decision 073). DejaVu Sans (bundled in
 * apps/server/assets/fonts, free licence beside it) covers Latin with every accent a rug's name carries (Şirvan,
 * Kütahya) and Arabic; pdfkit's fontkit shapes Arabic letters. pdfkit lays a line out in one direction only, so in
 * Arabic this writer places the words itself, right to left, each run of Latin words or digits kept left to right.
 */
const FONT = fileURLToPath(new URL('../../../../assets/fonts/DejaVuSans.ttf', import.meta.url));
const FONT_BOLD = fileURLToPath(new URL('../../../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url));

// Hebrew and Arabic letters (not Arabic punctuation or digits, which take the direction of the words around them).
const RTL_CHAR =
  /[\u05D0-\u05EA\u0620-\u064A\u066E-\u06D3\u06D5\u06EE\u06EF\u06FA-\u06FF\u0750-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
// Laid out right to left, a bracket must be drawn as its mirror image to face the right way.
const MIRROR: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '«': '»',
  '»': '«',
};
// Bidi controls: the font has no glyph for them, and this writer orders the runs itself.
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

export const PAGE = { left: 50, right: 545, width: 495 } as const;

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: string;
}

/** Renders a document to one buffer. */
export function renderPdf(
  meta: { title: string; author: string },
  draw: (w: PdfWriter) => void,
  language: Language,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: meta.title, Author: meta.author },
      lang: language,
    });
    doc.registerFont('body', FONT);
    doc.registerFont('bold', FONT_BOLD);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(new PdfWriter(doc, language === 'ar'));
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** Left-to-right and right-to-left text in columns given as if the page were left to right (mirrored in Arabic). */
export class PdfWriter {
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly rtl: boolean,
  ) {}

  get y(): number {
    return this.doc.y;
  }
  set y(value: number) {
    this.doc.y = value;
  }

  private style(s: TextStyle) {
    this.doc
      .font(s.bold ? 'bold' : 'body')
      .fontSize(s.size ?? 10)
      .fillColor(s.color ?? '#000');
  }

  /** A column's left edge on the page: in Arabic, a column at `x` from the left is drawn at `x` from the right. */
  private place(x: number, width: number): number {
    return this.rtl ? PAGE.left + PAGE.right - x - width : x;
  }

  /**
   * Text in a column (x from the page's reading start, width), wrapped; answers the y under it. `align: 'end'`
   * puts it against the column's end (right in English, left in Arabic), as amounts are.
   */
  text(
    value: string,
    opts: TextStyle & { x?: number; width?: number; y?: number; align?: 'start' | 'end' } = {},
  ): number {
    const x = opts.x ?? PAGE.left;
    const width = opts.width ?? PAGE.width;
    const y = opts.y ?? this.doc.y;
    const clean = value.replace(BIDI_CONTROLS, '');
    this.style(opts);
    const left = this.place(x, width);
    if (!this.rtl && !RTL_CHAR.test(clean)) {
      this.doc.text(clean, left, y, { width, align: opts.align === 'end' ? 'right' : 'left' });
      return this.doc.y;
    }
    const bottom = this.mixedText(clean, left, y, width, this.rtl, opts.align === 'end');
    this.doc.y = bottom;
    return bottom;
  }

  /** Several lines, one under the other. */
  lines(
    values: readonly string[],
    opts: TextStyle & { x?: number; width?: number; y?: number; align?: 'start' | 'end' } = {},
  ): number {
    let y = opts.y ?? this.doc.y;
    for (const v of values) y = this.text(v, { ...opts, y });
    return y;
  }

  /** A label and an amount on one row of a column block; answers the y under it. */
  row(
    label: string,
    amount: string,
    opts: TextStyle & { x?: number; width?: number; amountWidth?: number } = {},
  ): number {
    const x = opts.x ?? PAGE.left;
    const width = opts.width ?? PAGE.width;
    const amountWidth = opts.amountWidth ?? 120;
    const y = this.doc.y;
    const a = this.text(label, { ...opts, x, width: width - amountWidth - 10, y });
    const b = this.amount(amount, { ...opts, x: x + width - amountWidth, width: amountWidth, y });
    this.doc.y = Math.max(a, b);
    return this.doc.y;
  }

  /** An amount: digits and a currency read left to right in every language, set against the column's end. */
  amount(value: string, opts: TextStyle & { x: number; width: number; y?: number }): number {
    const y = opts.y ?? this.doc.y;
    this.style(opts);
    const clean = value.replace(BIDI_CONTROLS, '');
    const left = this.place(opts.x, opts.width);
    this.doc.text(clean, left, y, {
      width: opts.width,
      align: this.rtl ? 'left' : 'right',
      lineBreak: false,
    });
    return y + this.doc.currentLineHeight(true);
  }

  rule(y = this.doc.y + 4, color = '#bbb'): void {
    this.doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).lineWidth(0.5).strokeColor(color).stroke();
    this.doc.y = y + 6;
  }

  gap(lines = 1): void {
    this.doc.moveDown(lines);
  }

  /**
   * A paragraph with right-to-left words, placed by this writer: in Arabic from the column's right edge leftwards,
   * a run of Latin words or digits ("INV-2026-000001", "Lot 12") kept as one left-to-right unit; in English or
   * French an Arabic run (a rug's Arabic title) reads right to left within the line. Wraps when a unit does not fit.
   */
  private mixedText(
    value: string,
    left: number,
    y: number,
    width: number,
    rtlBase: boolean,
    alignEnd: boolean,
  ): number {
    const { doc } = this;
    const space = doc.widthOfString(' ');
    const units: string[] = [];
    let run: string[] = [];
    const flush = () => {
      if (run.length) units.push(...(rtlBase ? [run.join(' ')] : [...run].reverse()));
      run = [];
    };
    for (const word of value.split(/\s+/).filter(Boolean)) {
      if (RTL_CHAR.test(word) !== rtlBase) run.push(word);
      else {
        flush();
        units.push(word);
      }
    }
    flush();
    const lineHeight = doc.currentLineHeight(true);
    const lines: { unit: string; w: number }[][] = [[]];
    let used = 0;
    for (const unit of units) {
      const w = doc.widthOfString(unit);
      const line = lines[lines.length - 1]!;
      if (line.length > 0 && used + space + w > width) {
        lines.push([{ unit, w }]);
        used = w;
      } else {
        used += (line.length ? space : 0) + w;
        line.push({ unit, w });
      }
    }
    let top = y;
    for (const line of lines) {
      const total = line.reduce((sum, u) => sum + u.w, 0) + space * Math.max(0, line.length - 1);
      // The pen's start: the right edge in Arabic (or, aligned to the end, where the line then ends), else the left.
      let cursor = rtlBase
        ? alignEnd
          ? left + total
          : left + width
        : alignEnd
          ? left + width - total
          : left;
      for (const { unit, w } of line) {
        const x = rtlBase ? cursor - w : cursor;
        const shown = RTL_CHAR.test(unit) ? unit.replace(/[()[\]{}«»]/g, (c) => MIRROR[c]!) : unit;
        doc.text(shown, x, top, { lineBreak: false });
        cursor = rtlBase ? x - space : x + w + space;
      }
      top += lineHeight;
    }
    return top;
  }
}

/** Money on documents: always with cents, Latin digits in every language ("1 312,50 $US", "US$ 1,312.50"). */
export function documentMoney(cents: number, currency: string, language: Language): string {
  const locale = language === 'ar' ? 'ar-u-nu-latn' : language === 'fr' ? 'fr-FR' : 'en-US';
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 })
    .format(cents / 100)
    .replace(BIDI_CONTROLS, '')
    .replace(/\u202F|\u00A0/g, ' ');
}

/** A date on documents, in the reader's language, Latin digits. */
export function documentDate(iso: string, language: Language): string {
  const locale = language === 'ar' ? 'ar-u-nu-latn' : language === 'fr' ? 'fr-FR' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(iso))
    .replace(BIDI_CONTROLS, '');
}
