import type { Language } from '@knotwork/shared/constants/languages';
import type { ShippingAddressCopy } from '@knotwork/shared/schemas/payments';
import { mailT } from '../../mail/mail-i18n.ts';
import {
  DEFAULT_HOUSE,
  type CreditNoteSnapshot,
  type HouseIdentity,
  type InvoiceSnapshot,
} from './documents-repository.ts';
import { documentDate, documentMoney, PAGE, renderPdf, type PdfWriter } from './pdf-writer.ts';
import { shipToLines } from '../shipments/shipment-mail.ts';

/** Invoices always show cents ("$1,312.50"), unlike notices. (Staff mails use it too.) */
export function invoiceMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(
    cents / 100,
  );
}

/** The house's name, address and tax number at the top of every document (Settings; decision 073). */
export function letterhead(
  w: PdfWriter,
  house: HouseIdentity,
  language: Language,
  heading: { title: string; lines: string[] },
) {
  const t = mailT(language);
  const top = w.y;
  let left = w.text(house.name || DEFAULT_HOUSE.name, { bold: true, size: 18, width: 260 });
  const address = house.address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (address.length) left = w.lines(address, { size: 9, color: '#444', width: 260, y: left + 2 });
  if (house.taxNumber)
    left = w.text(t('documents.taxNumber', { number: house.taxNumber }), {
      size: 9,
      color: '#444',
      width: 260,
      y: left,
    });
  let right = w.text(heading.title, { bold: true, size: 16, x: 315, width: 230, y: top, align: 'end' });
  right = w.lines(heading.lines, { size: 10, x: 315, width: 230, y: right + 2, align: 'end' });
  w.y = Math.max(left, right) + 8;
  w.rule();
}

/** Two blocks side by side (billed to, ship to); answers nothing, leaves y under the taller. */
function twoBlocks(
  w: PdfWriter,
  a: { title: string; lines: string[] },
  b: { title: string; lines: string[] },
) {
  const top = w.y;
  let ya = w.text(a.title, { bold: true, width: 230, y: top });
  ya = w.lines(a.lines, { width: 230, y: ya + 2 });
  let yb = w.text(b.title, { bold: true, x: 300, width: 245, y: top });
  yb = w.lines(b.lines, { x: 300, width: 245, y: yb + 2 });
  w.y = Math.max(ya, yb) + 10;
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

/**
 * The invoice (issue 24 §7): the house (Settings), the buyer and where the rugs go (as that country writes
 * addresses), one line per rug (lot number, title, its sale and date, hammer and premium or the all-in price),
 * then subtotal, buyer's premium, shipping once, tax and the total, in the buyer's language.
 */
export function renderInvoicePdf(s: InvoiceSnapshot): Promise<Buffer> {
  const language = languageOf(s);
  const t = mailT(language);
  const { quote } = s;
  const money = (cents: number) => documentMoney(cents, quote.currency, language);
  const house = s.house ?? DEFAULT_HOUSE;
  return renderPdf(
    { title: `${t('documents.invoice')} ${s.number}`, author: house.name },
    (w) => {
      letterhead(w, house, language, {
        title: t('documents.invoice'),
        lines: [
          t('documents.number', { number: s.number }),
          t('documents.issued', { date: documentDate(s.issuedAt, language) }),
        ],
      });
      twoBlocks(
        w,
        { title: t('documents.billedTo'), lines: [s.buyer.name, s.buyer.email].filter(Boolean) },
        {
          title: t('documents.shipTo'),
          lines: addressBlock(s.shippingAddress, language, s.shippingMethod === 'collect'),
        },
      );
      w.rule();
      let premiums = 0;
      for (const line of quote.lines) {
        const name =
          line.lotNumber === null
            ? line.title
            : `${t('documents.lot', { lot: line.lotNumber })} · ${line.title}`;
        w.row(name, money(line.itemPrice), { bold: true });
        const sale = s.sales?.[line.orderId];
        if (sale)
          w.text(t('documents.sale', { sale: sale.title, date: documentDate(sale.date, language) }), {
            size: 9,
            color: '#555',
            x: 62,
            width: 340,
          });
        if (line.hammerPrice !== null) {
          premiums += line.buyersPremium;
          w.row(t('documents.hammer'), money(line.hammerPrice), {
            size: 9,
            color: '#555',
            x: 62,
            width: PAGE.width - 12,
          });
          w.row(t('documents.premium'), money(line.buyersPremium), {
            size: 9,
            color: '#555',
            x: 62,
            width: PAGE.width - 12,
          });
        } else {
          w.text(t(line.kind === 'buy_now' ? 'documents.buyNow' : 'documents.fixedPrice'), {
            size: 9,
            color: '#555',
            x: 62,
            width: 340,
          });
        }
        w.gap(0.4);
      }
      w.rule();
      const totals = { x: 195, width: 350 };
      w.row(t('documents.subtotal'), money(quote.subtotal - premiums), totals);
      w.row(t('documents.premiumTotal'), money(premiums), totals);
      w.row(
        t(quote.shipping.method === 'collect' ? 'documents.shippingCollect' : 'documents.shipping'),
        money(quote.shippingAmount),
        totals,
      );
      const rate = quote.tax
        ? (quote.tax.rateBp / 100).toLocaleString(language === 'fr' ? 'fr-FR' : 'en-US')
        : null;
      const taxLabel = !quote.tax
        ? t('documents.tax')
        : t(quote.tax.appliesTo === 'whole' ? 'documents.taxWhole' : 'documents.taxPremium', {
            rate: rate ?? '',
          });
      w.row(taxLabel, money(quote.taxAmount), totals);
      w.gap(0.2);
      w.row(t('documents.total'), money(quote.total), { ...totals, bold: true, size: 12 });
      w.gap(1.5);
      w.text(
        `${t('documents.paidBy', { method: t(`documents.method.${s.provider}`), reference: s.reference })} ${t('documents.thanks')}`,
        { size: 9, color: '#555' },
      );
    },
    language,
  );
}

export function renderCreditNotePdf(
  s: CreditNoteSnapshot & { house?: HouseIdentity; language?: Language },
): Promise<Buffer> {
  const language = languageOf(s);
  const t = mailT(language);
  const house = s.house ?? DEFAULT_HOUSE;
  return renderPdf(
    { title: `${t('documents.creditNote')} ${s.number}`, author: house.name },
    (w) => {
      letterhead(w, house, language, {
        title: t('documents.creditNote'),
        lines: [
          t('documents.number', { number: s.number }),
          t('documents.issued', { date: documentDate(s.issuedAt, language) }),
        ],
      });
      w.lines(
        [t('documents.againstInvoice', { number: s.invoiceNumber }), s.buyer.name, s.buyer.email].filter(
          Boolean,
        ),
      );
      w.gap();
      w.row(t('documents.refund', { title: s.rugTitle }), documentMoney(-s.amount, s.currency, language), {
        bold: true,
      });
      if (s.reason) {
        w.gap(0.5);
        w.text(t('documents.reason', { reason: s.reason }), { size: 9 });
      }
    },
    language,
  );
}
