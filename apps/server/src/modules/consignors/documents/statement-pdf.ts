import type { Language } from '@knotwork/shared/constants/languages';
import type { Statement } from '@knotwork/shared/consignments/ledger-postings';
import type { LotSettlement } from '@knotwork/shared/consignments/settlement';
import { mailT, type MailT } from '../../mail/mail-i18n.ts';
import type { HouseIdentity } from '../../commerce/documents/documents-repository.ts';
import type { Block } from '../../commerce/documents/document-blocks.ts';
import {
  documentDate,
  documentFrame,
  documentMoney,
  letterhead,
} from '../../commerce/documents/pdf-writer.ts';
import { renderDocumentAsync } from '../../commerce/documents/typst-engine.ts';
import { consignorLines, type ConsignorParty } from './consignor-lines.ts';
import { tableAmount, unbroken } from './document-figures.ts';
import { statementSections, type Movement, type StatementLineWithReference } from './statement-sections.ts';
import { lotName, lotsTableBlocks, type StatementLot } from './statement-lots-table.ts';

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
  const st = (key: string) => t(`consignorDocuments.statement.${key}`);
  const kind = (k: string) => t(`consignorDocuments.statement.kind.${k}`);
  const blocks: Block[] = [
    letterhead(s.house, language, {
      title,
      lines: [
        ...(s.number ? [t('documents.number', { number: s.number })] : []),
        t('consignorDocuments.statement.period', {
          from: documentDate(s.statement.from.toISOString(), language),
          to: documentDate(lastDay, language),
        }),
        t('consignorDocuments.statement.issued', { date: documentDate(s.issuedAt, language) }),
      ],
    }),
    { kind: 'gap', size: 6 },
    {
      kind: 'columns',
      columns: [
        [
          { kind: 'text', text: t('consignorDocuments.consignor'), bold: true },
          { kind: 'lines', lines: consignorLines(s.consignor, language), size: 9.5 },
        ],
        [
          { kind: 'text', text: st('summary'), bold: true },
          {
            kind: 'rows',
            rows: [
              { label: st('opening'), amount: money(sections.openingCents), size: 9 },
              { label: st('proceeds'), amount: money(sections.proceedsCents), size: 9 },
              { label: st('advances'), amount: money(total(sections.advances)), size: 9 },
              { label: st('corrections'), amount: money(total(sections.corrections)), size: 9 },
              { label: st('payouts'), amount: money(total(sections.payouts)), size: 9 },
            ],
          },
          { kind: 'rule', color: '#555555' },
          {
            kind: 'rows',
            rows: [{ label: st('closing'), amount: money(sections.closingCents), size: 9, bold: true }],
          },
        ],
      ],
    },
    ...lotsTableBlocks(t, language, s.currency, s.settlements, s.lots),
    ...movements(t, language, st('advances'), sections.advances, money, (m) => ({
      text: m.reference
        ? t('consignorDocuments.statement.advanceRef', { reference: m.reference })
        : st('advance'),
    })),
    ...movements(t, language, st('corrections'), sections.corrections, money, (m) => {
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
    }),
    ...movements(t, language, st('payouts'), sections.payouts, money, (m) => ({
      text: m.reference
        ? t('consignorDocuments.statement.payoutRef', { reference: m.reference })
        : st('payout'),
      detail: m.endToEndId ? endToEnd(t, m.endToEndId) : undefined,
    })),
  ];
  const closingKey =
    sections.closingCents > 0
      ? 'closingOwedToYou'
      : sections.closingCents < 0
        ? 'closingOwedByYou'
        : 'closing';
  blocks.push(
    { kind: 'gap', size: 6 },
    { kind: 'rule', color: '#555555' },
    {
      kind: 'rows',
      width: 70,
      rows: [
        { label: st(closingKey), amount: money(Math.abs(sections.closingCents)), bold: true, size: 11.5 },
      ],
    },
    { kind: 'gap', size: 10 },
    { kind: 'text', text: st('signNote'), size: 7.5, color: '#666666' },
  );
  return await renderDocumentAsync(
    documentFrame(language, { title: reference, author: s.house.name, footer: reference }, blocks),
  );
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
  t: MailT,
  language: Language,
  heading: string,
  rows: readonly Movement[],
  money: (cents: number) => string,
  describe: (m: Movement) => { text: string; detail?: string | undefined },
): Block[] {
  if (!rows.length) return [];
  const col = (key: string) => t(`consignorDocuments.statement.col.${key}`);
  return [
    { kind: 'heading', text: heading },
    {
      kind: 'table',
      size: 8.5,
      columns: [
        { label: col('date'), width: 1 },
        { label: col('description'), width: 3 },
        { label: col('amount'), width: 1.1, end: true },
      ],
      rows: rows.map((m) => {
        const { text, detail } = describe(m);
        return [
          documentDate(m.at.toISOString(), language),
          { text, ...(detail ? { detail: [detail] } : {}) },
          money(m.amountCents),
        ];
      }),
    },
  ];
}
