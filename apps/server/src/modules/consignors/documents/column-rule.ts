import { PAGE, type PdfWriter } from '../../commerce/documents/pdf-writer.ts';

/**
 * A hairline across one column only (the writer's `rule` spans the page), placed as the writer places text: `x`
 * from the reading start, so mirrored in Arabic. Leaves y under it.
 */
export function columnRule(w: PdfWriter, x: number, width: number, y: number, color = '#999'): void {
  const left = w.rtl ? PAGE.left + PAGE.right - x - width : x;
  w.doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor(color)
    .stroke();
  w.y = y + 5;
}
