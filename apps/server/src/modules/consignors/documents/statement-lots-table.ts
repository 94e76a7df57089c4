import type { Language } from '@knotwork/shared/constants/languages';
import {
  feesOf,
  sumLines,
  type LotSettlement,
  type SettlementLines,
} from '@knotwork/shared/consignments/settlement';
import type { MailT } from '../../mail/mail-i18n.ts';
import { documentDate } from '../../commerce/documents/pdf-writer.ts';
import type { Block, Cell } from '../../commerce/documents/document-blocks.ts';
import { tableAmount, unbroken } from './document-figures.ts';

/** What a statement prints of a lot beside its settlement. */
export interface StatementLot {
  lotNumber: number | null;
  rugTitle: string;
  sale: { title: string; date: string } | null;
}

const AMOUNTS = ['hammer', 'commission', 'fees', 'vat', 'net'] as const;

export const lotName = (t: MailT, lot: StatementLot): string =>
  lot.lotNumber === null ? lot.rugTitle : `${t('documents.lot', { lot: lot.lotNumber })} · ${lot.rugTitle}`;

const cellsOf = (l: SettlementLines) => ({
  hammer: l.hammerCents,
  commission: l.commissionCents,
  fees: feesOf(l),
  vat: l.vatCents,
  net: l.netCents,
});

/**
 * The lots settled in the period, one row each: lot number, title with its sale and the fees spelt out under it,
 * the outcome in words, then hammer, commission, fees, VAT and net; a charge of nothing shows a dash, the net always
 * shows. The totals row is `sumLines` of the rows, so it adds up to the summary's net proceeds. Five amount columns
 * and the title fit across A4 portrait because the amounts carry no currency sign (the heading names it).
 */
export function lotsTableBlocks(
  t: MailT,
  language: Language,
  currency: string,
  settlements: readonly LotSettlement[],
  lots: Readonly<Record<string, StatementLot>>,
): Block[] {
  const tx = (key: string, values?: Record<string, string | number>) =>
    t(`consignorDocuments.statement.${key}`, values);
  const cell = (cents: number) => (cents === 0 ? '—' : tableAmount(cents, language));
  const heading: Block[] = [
    { kind: 'heading', text: tx('lots') },
    {
      kind: 'text',
      text: t('consignorDocuments.amountsIn', { currency }),
      size: 7.5,
      color: '#666666',
      end: true,
      above: 0,
    },
  ];
  if (!settlements.length)
    return [...heading, { kind: 'text', text: tx('noLots'), size: 9, color: '#555555' }];
  const rows: Cell[][] = settlements.map((s) => {
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
    const cells = cellsOf(l);
    return [
      lot.lotNumber === null ? '—' : String(lot.lotNumber),
      { text: lot.rugTitle, bold: true, detail: [sale, fees].filter(Boolean) },
      {
        text: t(`consignorDocuments.outcome.${s.outcome}`),
        color: s.outcome === 'sold' ? '#000000' : '#6b4a1f',
      },
      ...AMOUNTS.map((key): Cell =>
        key === 'net' ? { text: tableAmount(cells[key], language), bold: true } : cell(cells[key]),
      ),
    ];
  });
  const totals = cellsOf(sumLines(settlements.map((s) => s.lines)));
  return [
    ...heading,
    {
      kind: 'table',
      size: 8,
      columns: [
        { label: tx('col.lot'), width: 0 },
        { label: tx('col.rug'), width: 2.6 },
        { label: tx('col.outcome'), width: 0 },
        ...AMOUNTS.map((key) => ({ label: tx(`col.${key}`), width: 1, end: true })),
      ],
      rows,
      footer: [
        '',
        { text: tx('lotsTotal'), bold: true },
        '',
        ...AMOUNTS.map((key): Cell => ({ text: tableAmount(totals[key], language), bold: true })),
      ],
    },
  ];
}
