import type { Language } from '@knotwork/shared/constants/languages';
import type { ConsignmentTerms } from '@knotwork/shared/consignments/terms';
import type { AdminConsignment, AdminConsignor } from '@knotwork/shared/schemas/consignors-staff';
import { mailT } from '../../mail/mail-i18n.ts';
import type { HouseIdentity } from '../../commerce/documents/documents-repository.ts';
import { letterhead } from '../../commerce/documents/invoice-pdf.ts';
import { documentDate, documentMoney, PAGE, type PdfWriter } from '../../commerce/documents/pdf-writer.ts';
import { pluralKey } from '../../commerce/shipments/shipment-mail.ts';
import { termsInWords } from './agreement-terms.ts';
import { columnText } from './column-text.ts';
import { consignorLines, type ConsignorParty } from './consignor-lines.ts';
import { renderPagedPdf } from './page-flow.ts';

type AgreementItem = Pick<
  AdminConsignment['items'][number],
  'rugTitle' | 'estimateLow' | 'estimateHigh' | 'reserve'
>;

/**
 * A consignment agreement: the staff answers as they are (the consignment with its rugs, the consignor with the
 * masked payout account, never the account itself) and the terms resolved with `resolveTerms` (terms.ts).
 */
export interface ConsignmentAgreementInput {
  language: Language;
  currency: string;
  house: HouseIdentity;
  consignor: ConsignorParty & Pick<AdminConsignor, 'payout'>;
  consignment: Pick<AdminConsignment, 'number' | 'receivedAt' | 'agreement'> & {
    items: readonly AgreementItem[];
  };
  terms: ConsignmentTerms;
  /** The agreement text's version now; an agreement already accepted or signed prints the version it recorded. */
  currentVersion: string;
  /** Days after the buyer's full payment before proceeds are settled (the house's rule). */
  holdingPeriodDays: number;
}

const RUG_COLUMNS = {
  no: { x: 50, width: 24 },
  rug: { x: 78, width: 195 },
  low: { x: 277, width: 88 },
  high: { x: 367, width: 88 },
  reserve: { x: 457, width: 88 },
} as const;
const TERM = { label: { x: 50, width: 150 }, value: { x: 205, width: 340 } } as const;

/**
 * The consignment agreement (issue 27): receipt of the rugs with their estimates and reserves, the terms in words,
 * the standard conditions (authority to sell, reserve, unsold rugs, settlement after the buyer's full payment and the
 * holding period, payout to the masked account on file), the agreement's version, and either the lines to sign or
 * the record of its acceptance online. In the consignor's language; pure: data in, PDF bytes out.
 */
export function renderConsignmentAgreementPdf(a: ConsignmentAgreementInput): Promise<Buffer> {
  const { language, consignment, consignor } = a;
  const t = mailT(language);
  const k = (key: string, values?: Record<string, string | number>) =>
    t(`consignorDocuments.agreement.${key}`, values);
  const money = (cents: number) => documentMoney(cents, a.currency, language);
  const title = k('title');
  const reference = `${title} ${consignment.number} · ${consignor.name}`;
  const version = consignment.agreement.version ?? a.currentVersion;
  const masked = consignor.payout.method !== 'none' ? consignor.payout.masked : null;
  return renderPagedPdf({ title: reference, author: a.house.name }, language, reference, (w, flow) => {
    letterhead(w, a.house, language, {
      title,
      lines: [
        k('subtitle'),
        t('documents.number', { number: consignment.number }),
        k('received', { date: documentDate(consignment.receivedAt, language) }),
      ],
    });
    const top = w.y;
    let left = w.text(t('consignorDocuments.consignor'), { bold: true, width: 230, y: top });
    left = w.lines(consignorLines(consignor, language), { width: 230, y: left + 2, size: 9.5 });
    let right = w.text(k('payoutTitle'), { bold: true, x: 300, width: 245, y: top });
    const payout = masked
      ? [
          ...(consignor.payout.holder ? [k('payoutHolder', { holder: consignor.payout.holder })] : []),
          k('payoutAccount', { account: masked }),
        ]
      : [k('payoutNone')];
    right = w.lines(payout, { x: 300, width: 245, y: right + 2, size: 9.5 });
    w.y = Math.max(left, right) + 14;

    w.text(`${k('rugs')} (${consignment.items.length})`, { bold: true, size: 11 });
    w.gap(0.2);
    const header = () => {
      const y = w.y;
      const style = { size: 7.5, bold: true, color: '#555', y } as const;
      w.text(k('col.no'), { ...style, ...RUG_COLUMNS.no });
      w.text(k('col.rug'), { ...style, ...RUG_COLUMNS.rug });
      for (const key of ['low', 'high', 'reserve'] as const)
        w.text(k(`col.${key}`), { ...style, ...RUG_COLUMNS[key], align: 'end' });
      w.rule(y + 12, '#999');
    };
    header();
    flow.onNewPage = header;
    consignment.items.forEach((item, i) => {
      flow.need(
        w.doc.font('body').fontSize(9).heightOfString(item.rugTitle, { width: RUG_COLUMNS.rug.width }) + 8,
      );
      const y = w.y;
      w.text(String(i + 1), { size: 9, ...RUG_COLUMNS.no, y });
      const bottom = columnText(w, item.rugTitle, { size: 9, ...RUG_COLUMNS.rug, y });
      w.amount(money(item.estimateLow), { size: 9, ...RUG_COLUMNS.low, y });
      w.amount(money(item.estimateHigh), { size: 9, ...RUG_COLUMNS.high, y });
      w.amount(item.reserve === null ? k('noReserve') : money(item.reserve), {
        size: 9,
        ...RUG_COLUMNS.reserve,
        y,
      });
      w.y = bottom + 1;
      w.rule(undefined, '#e3e3e3');
    });
    flow.onNewPage = null;

    w.gap(0.8);
    flow.need(60);
    w.text(k('terms'), { bold: true, size: 11 });
    w.gap(0.3);
    for (const term of termsInWords(a.terms, language, a.currency)) {
      flow.need(w.doc.font('body').fontSize(9).heightOfString(term.value, { width: TERM.value.width }) + 6);
      const y = w.y;
      const l = w.text(term.label, { size: 9, bold: true, ...TERM.label, y });
      const v = w.text(term.value, { size: 9, ...TERM.value, y });
      w.y = Math.max(l, v) + 4;
    }

    w.gap(0.6);
    flow.need(60);
    w.text(k('conditions'), { bold: true, size: 11 });
    w.gap(0.3);
    const period = t(pluralKey('consignorDocuments.agreement.days', a.holdingPeriodDays, language), {
      count: a.holdingPeriodDays,
    });
    const clauses = [
      k('clause.authority', { house: a.house.name }),
      k('clause.reserve'),
      k('clause.unsold'),
      k('clause.settlement', { period }),
      masked ? k('clause.payout', { account: masked }) : k('clause.payoutNone'),
    ];
    clauses.forEach((clause, i) => {
      flow.need(w.doc.font('body').fontSize(8.5).heightOfString(clause, { width: 475 }) + 6);
      const y = w.y;
      w.text(`${i + 1}.`, { size: 8.5, x: 50, width: 16, y });
      w.y = w.text(clause, { size: 8.5, x: 70, width: 475, y }) + 4;
    });
    w.gap(0.3);
    w.text(k('version', { version }), { size: 8, color: '#666' });
    w.gap(1.2);

    const { status, at, by } = consignment.agreement;
    if (status === 'accepted_online' && at) {
      flow.need(40);
      w.rule(undefined, '#999');
      w.text(
        k('acceptedOnline', { name: by?.name ?? consignor.name, date: documentDate(at, language), version }),
        { bold: true, size: 10 },
      );
      return;
    }
    flow.need(110);
    if (status === 'signed_on_paper' && at)
      w.text(k('signedOnPaper', { date: documentDate(at, language), version }), { size: 9, color: '#444' });
    w.gap(0.5);
    const y = w.y;
    signatureBlock(w, k('signConsignor'), 50, y, [k('signature'), k('name'), k('date')]);
    signatureBlock(w, k('signHouse', { house: a.house.name }), 315, y, [
      k('signature'),
      k('name'),
      k('date'),
    ]);
  });
}

/** A party's signature lines: labels with a ruled space after each, mirrored with the page in Arabic. */
function signatureBlock(w: PdfWriter, heading: string, x: number, top: number, labels: string[]): void {
  const width = 230;
  let y = w.text(heading, { bold: true, size: 9.5, x, width, y: top }) + 8;
  for (const label of labels) {
    w.text(label, { size: 8.5, color: '#444', x, width: 60, y: y + 10 });
    const from = x + 64;
    const [start, end] = w.rtl
      ? [PAGE.left + PAGE.right - x - width, PAGE.left + PAGE.right - from]
      : [from, x + width];
    w.doc
      .moveTo(start, y + 20)
      .lineTo(end, y + 20)
      .lineWidth(0.5)
      .strokeColor('#888')
      .stroke();
    y += 26;
  }
  w.y = y;
}
