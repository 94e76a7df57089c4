import type { Language } from '@knotwork/shared/constants/languages';
import type { ConsignmentTerms } from '@knotwork/shared/consignments/terms';
import type { AdminConsignment, AdminConsignor } from '@knotwork/shared/schemas/consignors-staff';
import { mailT } from '../../mail/mail-i18n.ts';
import type { HouseIdentity } from '../../commerce/documents/documents-repository.ts';
import type { Block } from '../../commerce/documents/document-blocks.ts';
import {
  documentDate,
  documentFrame,
  documentMoney,
  letterhead,
} from '../../commerce/documents/pdf-writer.ts';
import { renderDocumentAsync } from '../../commerce/documents/typst-engine.ts';
import { pluralKey } from '../../commerce/shipments/shipment-mail.ts';
import { termsInWords } from './agreement-terms.ts';
import { consignorLines, type ConsignorParty } from './consignor-lines.ts';

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
  const payout = masked
    ? [
        ...(consignor.payout.holder ? [k('payoutHolder', { holder: consignor.payout.holder })] : []),
        k('payoutAccount', { account: masked }),
      ]
    : [k('payoutNone')];
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
  const blocks: Block[] = [
    letterhead(a.house, language, {
      title,
      lines: [
        k('subtitle'),
        t('documents.number', { number: consignment.number }),
        k('received', { date: documentDate(consignment.receivedAt, language) }),
      ],
    }),
    { kind: 'gap', size: 6 },
    {
      kind: 'columns',
      columns: [
        [
          { kind: 'text', text: t('consignorDocuments.consignor'), bold: true },
          { kind: 'lines', lines: consignorLines(consignor, language), size: 9.5 },
        ],
        [
          { kind: 'text', text: k('payoutTitle'), bold: true },
          { kind: 'lines', lines: payout, size: 9.5 },
        ],
      ],
    },
    { kind: 'heading', text: `${k('rugs')} (${consignment.items.length})` },
    {
      kind: 'table',
      size: 9,
      columns: [
        { label: k('col.no'), width: 0 },
        { label: k('col.rug'), width: 2.2 },
        { label: k('col.low'), width: 1, end: true },
        { label: k('col.high'), width: 1, end: true },
        { label: k('col.reserve'), width: 1, end: true },
      ],
      rows: consignment.items.map((item, i) => [
        String(i + 1),
        item.rugTitle,
        money(item.estimateLow),
        money(item.estimateHigh),
        item.reserve === null ? k('noReserve') : money(item.reserve),
      ]),
    },
    { kind: 'heading', text: k('terms') },
    {
      kind: 'terms',
      terms: termsInWords(a.terms, language, a.currency),
    },
    { kind: 'heading', text: k('conditions') },
    ...clauses.map((clause, i): Block => ({
      kind: 'text',
      text: `${i + 1}. ${clause}`,
      size: 8.5,
      above: 5,
    })),
    { kind: 'text', text: k('version', { version }), size: 8, color: '#666666', above: 8 },
    { kind: 'gap', size: 14 },
  ];
  const { status, at, by } = consignment.agreement;
  if (status === 'accepted_online' && at) {
    blocks.push(
      { kind: 'rule', color: '#999999' },
      {
        kind: 'text',
        text: k('acceptedOnline', {
          name: by?.name ?? consignor.name,
          date: documentDate(at, language),
          version,
        }),
        bold: true,
      },
    );
  } else {
    if (status === 'signed_on_paper' && at)
      blocks.push({
        kind: 'text',
        text: k('signedOnPaper', { date: documentDate(at, language), version }),
        size: 9,
        color: '#444444',
      });
    const labels = [k('signature'), k('name'), k('date')];
    blocks.push(
      { kind: 'gap', size: 8 },
      {
        kind: 'signatures',
        parties: [
          { heading: k('signConsignor'), labels },
          { heading: k('signHouse', { house: a.house.name }), labels },
        ],
      },
    );
  }
  return renderDocumentAsync(
    documentFrame(language, { title: reference, author: a.house.name, footer: reference }, blocks),
  );
}
