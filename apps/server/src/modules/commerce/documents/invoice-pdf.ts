import type { Language } from '@knotwork/shared/constants/languages';
import type { ShippingAddressCopy } from '@knotwork/shared/schemas/payments';
import { mailT } from '../../mail/mail-i18n.ts';
import type { Block } from './document-blocks.ts';
import {
  DEFAULT_HOUSE,
  type CreditNoteSnapshot,
  type HouseIdentity,
  type InvoiceSnapshot,
} from './documents-repository.ts';
import { documentDate, documentFrame, documentMoney, letterhead } from './pdf-writer.ts';
import { renderDocumentAsync } from './typst-engine.ts';
import { shipToLines } from '../shipments/shipment-mail.ts';

/** Invoices always show cents ("$1,312.50"), unlike notices. (Staff mails use it too.) */
export function invoiceMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(
    cents / 100,
  );
}

export function addressBlock(
  address: ShippingAddressCopy | null,
  language: Language,
  collect: boolean,
): string[] {
  if (collect || !address) return [mailT(language)('documents.collect')];
  return shipToLines(address, language);
}

const languageOf = (s: { language?: Language }): Language => s.language ?? 'en';
const MUTED = '#555555';

/** A titled block of lines (billed to, ship to). */
const party = (title: string, lines: string[]): Block[] => [
  { kind: 'text', text: title, bold: true },
  { kind: 'lines', lines },
];

/** The invoice as the blocks its PDF lays out (exported for the layout's tests). */
export function invoiceDocument(s: InvoiceSnapshot) {
  const language = languageOf(s);
  const t = mailT(language);
  const { quote } = s;
  const money = (cents: number) => documentMoney(cents, quote.currency, language);
  const house = s.house ?? DEFAULT_HOUSE;
  const blocks: Block[] = [
    letterhead(house, language, {
      title: t('documents.invoice'),
      lines: [
        t('documents.number', { number: s.number }),
        t('documents.issued', { date: documentDate(s.issuedAt, language) }),
      ],
    }),
    { kind: 'gap', size: 6 },
    {
      kind: 'columns',
      columns: [
        party(t('documents.billedTo'), [s.buyer.name, s.buyer.email].filter(Boolean)),
        party(
          t('documents.shipTo'),
          addressBlock(s.shippingAddress, language, s.shippingMethod === 'collect'),
        ),
      ],
    },
    { kind: 'rule' },
  ];
  let premiums = 0;
  for (const line of quote.lines) {
    const name =
      line.lotNumber === null ? line.title : `${t('documents.lot', { lot: line.lotNumber })} · ${line.title}`;
    blocks.push({ kind: 'rows', rows: [{ label: name, amount: money(line.itemPrice), bold: true }] });
    const sale = s.sales?.[line.orderId];
    if (sale)
      blocks.push({
        kind: 'text',
        text: t('documents.sale', { sale: sale.title, date: documentDate(sale.date, language) }),
        size: 9,
        color: MUTED,
        indent: 12,
        above: 0,
      });
    if (line.hammerPrice !== null) {
      premiums += line.buyersPremium;
      blocks.push({
        kind: 'rows',
        rows: [
          {
            label: t('documents.hammer'),
            amount: money(line.hammerPrice),
            size: 9,
            color: MUTED,
            indent: 12,
          },
          {
            label: t('documents.premium'),
            amount: money(line.buyersPremium),
            size: 9,
            color: MUTED,
            indent: 12,
          },
        ],
      });
    } else {
      blocks.push({
        kind: 'text',
        text: t(line.kind === 'buy_now' ? 'documents.buyNow' : 'documents.fixedPrice'),
        size: 9,
        color: MUTED,
        indent: 12,
        above: 0,
      });
    }
    blocks.push({ kind: 'gap', size: 4 });
  }
  const rate = quote.tax
    ? (quote.tax.rateBp / 100).toLocaleString(language === 'fr' ? 'fr-FR' : 'en-US')
    : null;
  const taxLabel = !quote.tax
    ? t('documents.tax')
    : t(quote.tax.appliesTo === 'whole' ? 'documents.taxWhole' : 'documents.taxPremium', {
        rate: rate ?? '',
      });
  blocks.push(
    { kind: 'rule' },
    {
      kind: 'rows',
      width: 70,
      rows: [
        { label: t('documents.subtotal'), amount: money(quote.subtotal - premiums) },
        { label: t('documents.premiumTotal'), amount: money(premiums) },
        {
          label: t(quote.shipping.method === 'collect' ? 'documents.shippingCollect' : 'documents.shipping'),
          amount: money(quote.shippingAmount),
        },
        { label: taxLabel, amount: money(quote.taxAmount) },
        { label: t('documents.total'), amount: money(quote.total), bold: true, size: 12 },
      ],
    },
    { kind: 'gap', size: 18 },
    {
      kind: 'text',
      text: `${t('documents.paidBy', { method: t(`documents.method.${s.provider}`), reference: s.reference })} ${t('documents.thanks')}`,
      size: 9,
      color: MUTED,
    },
  );
  return documentFrame(
    language,
    { title: `${t('documents.invoice')} ${s.number}`, author: house.name },
    blocks,
  );
}

/**
 * The invoice (issue 24 §7): the house (Settings), the buyer and where the rugs go (as that country writes
 * addresses), one line per rug (lot number, title, its sale and date, hammer and premium or the all-in price),
 * then subtotal, buyer's premium, shipping once, tax and the total, in the buyer's language.
 */
export function renderInvoicePdf(s: InvoiceSnapshot): Promise<Buffer> {
  return renderDocumentAsync(invoiceDocument(s));
}

export function renderCreditNotePdf(
  s: CreditNoteSnapshot & { house?: HouseIdentity; language?: Language },
): Promise<Buffer> {
  const language = languageOf(s);
  const t = mailT(language);
  const house = s.house ?? DEFAULT_HOUSE;
  const blocks: Block[] = [
    letterhead(house, language, {
      title: t('documents.creditNote'),
      lines: [
        t('documents.number', { number: s.number }),
        t('documents.issued', { date: documentDate(s.issuedAt, language) }),
      ],
    }),
    { kind: 'gap', size: 6 },
    {
      kind: 'lines',
      lines: [t('documents.againstInvoice', { number: s.invoiceNumber }), s.buyer.name, s.buyer.email].filter(
        Boolean,
      ),
    },
    { kind: 'gap', size: 10 },
    {
      kind: 'rows',
      rows: [
        {
          label: t('documents.refund', { title: s.rugTitle }),
          amount: documentMoney(-s.amount, s.currency, language),
          bold: true,
        },
      ],
    },
  ];
  if (s.reason)
    blocks.push({ kind: 'text', text: t('documents.reason', { reason: s.reason }), size: 9, above: 8 });
  return renderDocumentAsync(
    documentFrame(
      language,
      { title: `${t('documents.creditNote')} ${s.number}`, author: house.name },
      blocks,
    ),
  );
}
