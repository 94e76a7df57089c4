import type { Language } from '@knotwork/shared/constants/languages';
import {
  feesOf,
  sumLines,
  type LotSettlement,
  type SettlementLines,
} from '@knotwork/shared/consignments/settlement';
import type { MailT } from '../../mail/mail-i18n.ts';
import { documentDate, type PdfWriter } from '../../commerce/documents/pdf-writer.ts';
import { columnAmount, columnText } from './column-text.ts';
import { tableAmount, unbroken } from './document-figures.ts';
import type { PageFlow } from './page-flow.ts';

/** What a statement prints of a lot beside its settlement. */
export interface StatementLot {
  lotNumber: number | null;
  rugTitle: string;
  sale: { title: string; date: string } | null;
}

/**
 * The columns, as if the page were left to right (the writer mirrors them in Arabic). Five amount columns and the
 * rug's title fit across A4 portrait at 8 points because the amounts carry no currency sign (the header names it).
 */
const COL = {
  lot: { x: 50, width: 24 },
  rug: { x: 78, width: 132 },
  outcome: { x: 214, width: 44 },
  /**
   * The sale and the fees, under the title: amounts are on the title's first line only, so these run on under the
   * outcome and the first amounts instead of wrapping in the title's width.
   */
  detail: { x: 78, width: 262 },
  hammer: { x: 258, width: 62 },
  commission: { x: 320, width: 58 },
  fees: { x: 378, width: 54 },
  vat: { x: 432, width: 50 },
  net: { x: 482, width: 63 },
} as const;
const AMOUNTS = ['hammer', 'commission', 'fees', 'vat', 'net'] as const;
const SIZE = 8;
const SMALL = 7;

export const lotName = (t: MailT, lot: StatementLot): string =>
  lot.lotNumber === null ? lot.rugTitle : `${t('documents.lot', { lot: lot.lotNumber })} · ${lot.rugTitle}`;

const cellsOf = (l: SettlementLines) => ({
  hammer: l.hammerCents,
  commission: l.commissionCents,
  fees: feesOf(l),
  vat: l.vatCents,
  net: l.netCents,
});

/** The height a text will take in a column, in the given style, for the page-break check. */
function heightOf(w: PdfWriter, text: string, width: number, size: number, bold = false): number {
  return w.doc
    .font(bold ? 'bold' : 'body')
    .fontSize(size)
    .heightOfString(text, { width });
}

/**
 * The lots settled in the period, one row each: lot number, title with its sale and the fees spelt out under it,
 * the outcome in words, then hammer, commission, fees, VAT and net; a charge of nothing shows a dash, the net always
 * shows. The totals row is `sumLines` of the rows, so it adds up to the summary's net proceeds.
 */
export function drawLotsTable(
  w: PdfWriter,
  flow: PageFlow,
  t: MailT,
  language: Language,
  currency: string,
  settlements: readonly LotSettlement[],
  lots: Readonly<Record<string, StatementLot>>,
): void {
  const tx = (key: string, values?: Record<string, string | number>) =>
    t(`consignorDocuments.statement.${key}`, values);
  const cell = (cents: number) => (cents === 0 ? '—' : tableAmount(cents, language));
  const header = () => {
    const top = w.y;
    const style = { size: 7, bold: true, color: '#555', y: top } as const;
    let bottom = top;
    for (const key of ['lot', 'rug', 'outcome'] as const)
      bottom = Math.max(bottom, w.text(tx(`col.${key}`), { ...style, ...COL[key] }));
    for (const key of AMOUNTS)
      bottom = Math.max(bottom, w.text(tx(`col.${key}`), { ...style, ...COL[key], align: 'end' }));
    w.rule(bottom + 1, '#999');
  };

  flow.need(80);
  const headingTop = w.y;
  w.text(tx('lots'), { bold: true, size: 11, y: headingTop });
  w.text(t('consignorDocuments.amountsIn', { currency }), {
    size: 7.5,
    color: '#666',
    x: 345,
    width: 200,
    y: headingTop + 3,
    align: 'end',
  });
  w.gap(0.2);
  if (!settlements.length) {
    w.text(tx('noLots'), { size: 9, color: '#555' });
    return;
  }
  header();
  flow.onNewPage = header;
  for (const s of settlements) {
    const lot = s.lotId === undefined ? undefined : lots[s.lotId];
    if (!lot) throw new RangeError(`no lot details for the settlement of lot ${s.lotId ?? '(no id)'}`);
    const l = s.lines;
    const fees = (
      [
        ['lotting', l.lottingFeeCents],
        ['photography', l.photographyFeeCents],
        ['insurance', l.insuranceCents],
        ['buyIn', l.buyInFeeCents],
      ] as const
    )
      .filter(([, cents]) => cents !== 0)
      .map(([key, cents]) => unbroken(tx(`fee.${key}`, { amount: tableAmount(cents, language) })))
      .join(tx('listJoin'));
    const sale = lot.sale
      ? t('documents.sale', { sale: lot.sale.title, date: documentDate(lot.sale.date, language) })
      : '';
    flow.need(
      heightOf(w, lot.rugTitle, COL.rug.width, SIZE, true) +
        (sale ? heightOf(w, sale, COL.detail.width, SMALL) : 0) +
        (fees ? heightOf(w, fees, COL.detail.width, SMALL) : 0) +
        8,
    );
    const top = w.y;
    w.text(lot.lotNumber === null ? '—' : String(lot.lotNumber), { size: SIZE, ...COL.lot, y: top });
    const outcome = columnText(w, t(`consignorDocuments.outcome.${s.outcome}`), {
      size: SIZE,
      ...COL.outcome,
      y: top,
      color: s.outcome === 'sold' ? '#000' : '#6b4a1f',
    });
    // The details run on under the outcome, so they start below it when it takes two lines (Arabic "passed").
    let y = Math.max(outcome, columnText(w, lot.rugTitle, { size: SIZE, bold: true, ...COL.rug, y: top }));
    if (sale) y = columnText(w, sale, { size: SMALL, color: '#555', ...COL.detail, y });
    if (fees) y = columnText(w, fees, { size: SMALL, color: '#555', ...COL.detail, y });
    const cells = cellsOf(l);
    for (const key of AMOUNTS)
      columnAmount(w, key === 'net' ? tableAmount(cells[key], language) : cell(cells[key]), {
        size: SIZE,
        bold: key === 'net',
        ...COL[key],
        y: top,
      });
    w.y = y;
    w.rule(y + 2, '#e3e3e3');
  }
  // The totals row, if it falls to a new page, goes under the repeated header, not alone.
  flow.need(24);
  flow.onNewPage = null;
  const totals = cellsOf(sumLines(settlements.map((s) => s.lines)));
  // Over the last row's hairline: one dark rule above the totals, not two.
  w.rule(w.y - 6, '#555');
  const top = w.y;
  w.text(tx('lotsTotal'), { size: SIZE, bold: true, ...COL.rug, y: top });
  for (const key of AMOUNTS)
    columnAmount(w, tableAmount(totals[key], language), { size: SIZE, bold: true, ...COL[key], y: top });
  w.y = top + 14;
}
