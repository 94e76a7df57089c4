import type { Language } from '@knotwork/shared/constants/languages';
import type { Statement } from '@knotwork/shared/consignments/ledger-postings';
import type { LotSettlement } from '@knotwork/shared/consignments/settlement';
import { mailT, type MailT } from '../../mail/mail-i18n.ts';
import type { HouseIdentity } from '../../commerce/documents/documents-repository.ts';
import { letterhead } from '../../commerce/documents/invoice-pdf.ts';
import { documentDate, documentMoney, type PdfWriter } from '../../commerce/documents/pdf-writer.ts';
import { consignorLines, type ConsignorParty } from './consignor-lines.ts';
import { columnRule } from './column-rule.ts';
import { columnText } from './column-text.ts';
import { tableAmount, unbroken } from './document-figures.ts';
import { renderPagedPdf, type PageFlow } from './page-flow.ts';
import { statementSections, type Movement, type StatementLineWithReference } from './statement-sections.ts';
import { drawLotsTable, lotName, type StatementLot } from './statement-lots-table.ts';

export type { StatementLot } from './statement-lots-table.ts';

/**
 * A consignor's statement for a period: what the route gathers, in the shapes the shared rules give. `statement` is
 * `statement()` of the consignor's account (ledger-postings.ts), each line optionally with its payout's or
 * consignment's reference; `settlements` are the lots settled in the period as `settleLot` gave them, and `lots`
 * names every lot those and the corrections mention.
 */
export interface ConsignorStatementInput {
  language: Language;
  currency: string;
  house: HouseIdentity;
  consignor: ConsignorParty;
  /** The statement's own reference, when the house numbers them. */
  number?: string;
  issuedAt: string;
  statement: Statement & { lines: readonly StatementLineWithReference[] };
  settlements: readonly LotSettlement[];
  lots: Readonly<Record<string, StatementLot>>;
}

const SUMMARY = { x: 300, width: 245, amountWidth: 100, size: 9 } as const;
const MOVEMENT_COLUMNS = {
  date: { x: 50, width: 95 },
  description: { x: 150, width: 285 },
  amount: { x: 440, width: 105 },
} as const;

/**
 * The statement (issue 27): the house and the consignor, a summary from opening to closing balance, every lot settled
 * in the period with its hammer, commission, fees, VAT and net, then advances recovered, corrections (reversals, named
 * as such with what they undo) and payouts, and the closing balance, in the consignor's language. Prints what it is
 * given; figures that do not add up (`statementSections`) reject the promise. Pure: data in, PDF bytes out.
 */
export async function renderConsignorStatementPdf(s: ConsignorStatementInput): Promise<Buffer> {
  const { language } = s;
  const t = mailT(language);
  const money = (cents: number) => documentMoney(cents, s.currency, language);
  const sections = statementSections(s.statement, s.settlements);
  const title = t('consignorDocuments.statement.title');
  const reference = [s.number ? `${title} ${s.number}` : title, s.consignor.name].join(' · ');
  // `to` is excluded (consecutive statements chain), so the period printed ends the day before.
  const lastDay = new Date(s.statement.to.getTime() - 1).toISOString();
  return await renderPagedPdf({ title: reference, author: s.house.name }, language, reference, (w, flow) => {
    letterhead(w, s.house, language, {
      title,
      lines: [
        ...(s.number ? [t('documents.number', { number: s.number })] : []),
        t('consignorDocuments.statement.period', {
          from: documentDate(s.statement.from.toISOString(), language),
          to: documentDate(lastDay, language),
        }),
        t('consignorDocuments.statement.issued', { date: documentDate(s.issuedAt, language) }),
      ],
    });
    const top = w.y;
    let left = w.text(t('consignorDocuments.consignor'), { bold: true, width: 230, y: top });
    left = w.lines(consignorLines(s.consignor, language), { width: 230, y: left + 2, size: 9.5 });
    w.text(t('consignorDocuments.statement.summary'), {
      bold: true,
      x: SUMMARY.x,
      width: SUMMARY.width,
      y: top,
    });
    w.y += 2;
    const st = (key: string) => t(`consignorDocuments.statement.${key}`);
    w.row(st('opening'), money(sections.openingCents), SUMMARY);
    w.row(st('proceeds'), money(sections.proceedsCents), SUMMARY);
    w.row(st('advances'), money(total(sections.advances)), SUMMARY);
    w.row(st('corrections'), money(total(sections.corrections)), SUMMARY);
    w.row(st('payouts'), money(total(sections.payouts)), SUMMARY);
    columnRule(w, SUMMARY.x, SUMMARY.width, w.y + 3);
    w.row(st('closing'), money(sections.closingCents), { ...SUMMARY, bold: true });
    w.y = Math.max(left, w.y) + 14;

    drawLotsTable(w, flow, t, language, s.currency, s.settlements, s.lots);
    const ctx = { w, flow, t, language };
    const kind = (k: string) => t(`consignorDocuments.statement.kind.${k}`);
    movements(ctx, st('advances'), sections.advances, money, (m) => ({
      text: m.reference
        ? t('consignorDocuments.statement.advanceRef', { reference: m.reference })
        : st('advance'),
    }));
    movements(ctx, st('corrections'), sections.corrections, money, (m) => {
      const lot = m.lotId === undefined ? undefined : s.lots[m.lotId];
      const what = lot ? lotName(t, lot) : (m.reverses ?? []).map((r) => kind(r.kind)).join(st('listJoin'));
      const parts = (m.reverses ?? []).map((r) =>
        unbroken(`${capitalise(kind(r.kind))} ${tableAmount(r.amountCents, language, true)}`),
      );
      const refs = references(t, m);
      return {
        text: t(`consignorDocuments.statement.${lot ? 'reversalOfLot' : 'reversalOf'}`, { lot: what, what }),
        detail: lot ? [...parts, ...refs].join(st('listJoin')) : refs.join(st('listJoin')) || undefined,
      };
    });
    movements(ctx, st('payouts'), sections.payouts, money, (m) => ({
      text: m.reference
        ? t('consignorDocuments.statement.payoutRef', { reference: m.reference })
        : st('payout'),
      detail: m.endToEndId ? endToEnd(t, m.endToEndId) : undefined,
    }));

    flow.need(60);
    w.gap(0.5);
    w.rule(undefined, '#555');
    const closingKey =
      sections.closingCents > 0
        ? 'closingOwedToYou'
        : sections.closingCents < 0
          ? 'closingOwedByYou'
          : 'closing';
    w.row(st(closingKey), money(Math.abs(sections.closingCents)), {
      x: 195,
      width: 350,
      amountWidth: 120,
      bold: true,
      size: 11.5,
    });
    w.gap(1);
    w.text(st('signNote'), { size: 7.5, color: '#666' });
  });
}

/** The payment's reference in the bank file: what the consignor's bank statement shows beside the money. */
const endToEnd = (t: MailT, id: string) => t('consignorDocuments.statement.endToEnd', { reference: id });
/** A correction's references: the batch's (or the consignment's) and, for a payout taken back, the bank's. */
const references = (t: MailT, m: Movement): string[] => [
  ...(m.reference ? [t('consignorDocuments.statement.reference', { reference: m.reference })] : []),
  ...(m.endToEndId ? [endToEnd(t, m.endToEndId)] : []),
];

const total = (ms: readonly Movement[]) => ms.reduce((sum, m) => sum + m.amountCents, 0);
const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** A section of dated movements (advances recovered, corrections, payouts); nothing when the period had none. */
function movements(
  { w, flow, t, language }: { w: PdfWriter; flow: PageFlow; t: MailT; language: Language },
  heading: string,
  rows: readonly Movement[],
  money: (cents: number) => string,
  describe: (m: Movement) => { text: string; detail?: string | undefined },
): void {
  if (!rows.length) return;
  const header = () => {
    const top = w.y;
    const col = (key: string) => t(`consignorDocuments.statement.col.${key}`);
    const style = { size: 7.5, bold: true, color: '#555', y: top } as const;
    w.text(col('date'), { ...style, ...MOVEMENT_COLUMNS.date });
    w.text(col('description'), { ...style, ...MOVEMENT_COLUMNS.description });
    const y = w.text(col('amount'), { ...style, ...MOVEMENT_COLUMNS.amount, align: 'end' });
    w.rule(y + 1, '#999');
  };
  flow.need(70);
  w.gap(0.6);
  w.text(heading, { bold: true, size: 11 });
  w.gap(0.2);
  header();
  flow.onNewPage = header;
  for (const m of rows) {
    const { text, detail } = describe(m);
    flow.need(detail ? 34 : 20);
    const top = w.y;
    w.text(documentDate(m.at.toISOString(), language), { size: 8.5, ...MOVEMENT_COLUMNS.date, y: top });
    let y = columnText(w, text, { size: 8.5, ...MOVEMENT_COLUMNS.description, y: top });
    if (detail) y = columnText(w, detail, { size: 7.5, color: '#666', ...MOVEMENT_COLUMNS.description, y });
    const a = w.amount(money(m.amountCents), { size: 8.5, ...MOVEMENT_COLUMNS.amount, y: top });
    w.y = Math.max(y, a) + 2;
    w.rule(undefined, '#e3e3e3');
  }
  flow.onNewPage = null;
}
