import PDFDocument from 'pdfkit';
import type { ShippingAddressCopy } from '@knotwork/shared/schemas/payments';
import type { CreditNoteSnapshot, InvoiceSnapshot } from './documents-repository.ts';

const HOUSE = ['Knotwork', 'Fine, rare and antique rugs at auction since 2010'];

/** Invoices always show cents ("$1,312.50"), unlike notices. */
export function invoiceMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(cents / 100);
}

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

function addressLines(a: ShippingAddressCopy): string[] {
  return [a.name, a.line1, a.line2, [a.postalCode, a.city, a.state].filter(Boolean).join(' '), a.country, a.phone].filter(
    (l): l is string => Boolean(l),
  );
}

/** Renders a pdfkit document to one buffer. pdfkit's built-in Helvetica needs no font files on disk. */
function render(draw: (doc: PDFKit.PDFDocument) => void, title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: HOUSE[0]! } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

function header(doc: PDFKit.PDFDocument, heading: string, number: string, issuedAt: string) {
  doc.font('Helvetica-Bold').fontSize(20).text(HOUSE[0]!, { continued: false });
  doc.font('Helvetica').fontSize(9).fillColor('#555').text(HOUSE[1]!);
  doc.moveDown(1.5).fillColor('#000').font('Helvetica-Bold').fontSize(16).text(`${heading} ${number}`);
  doc.font('Helvetica').fontSize(10).text(`Issued ${day(issuedAt)}`);
  doc.moveDown();
}

function row(doc: PDFKit.PDFDocument, label: string, amount: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(label, 50, y, { width: 380 });
  const after = doc.y;
  doc.text(amount, 430, y, { width: 115, align: 'right' });
  doc.y = Math.max(after, doc.y);
}

export function renderInvoicePdf(s: InvoiceSnapshot): Promise<Buffer> {
  const { quote } = s;
  const cur = quote.currency;
  return render((doc) => {
    header(doc, 'Invoice', s.number, s.issuedAt);
    doc.font('Helvetica-Bold').text('Billed to');
    doc.font('Helvetica').text(s.buyer.name).text(s.buyer.email);
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').text(s.shippingMethod === 'courier' ? 'Ship to (insured courier)' : 'Collection in person');
    if (s.shippingAddress) doc.font('Helvetica').text(addressLines(s.shippingAddress).join('\n'));
    doc.moveDown();
    for (const line of quote.lines) {
      const name = line.lotNumber === null ? line.title : `Lot ${line.lotNumber}: ${line.title}`;
      if (line.hammerPrice !== null) {
        row(doc, `${name}, hammer price`, invoiceMoney(line.hammerPrice, cur));
        row(doc, "    Buyer's premium", invoiceMoney(line.buyersPremium, cur));
      } else {
        row(doc, `${name} (${line.kind === 'buy_now' ? 'buy now' : 'fixed price'}, all-in)`, invoiceMoney(line.itemPrice, cur));
      }
      if (line.tax > 0) row(doc, '    Tax', invoiceMoney(line.tax, cur));
    }
    row(doc, s.shippingMethod === 'courier' ? 'Shipping, one insured shipment' : 'Collection in person', invoiceMoney(quote.shipping.amount, cur));
    if (quote.shipping.tax > 0) row(doc, '    Tax on shipping', invoiceMoney(quote.shipping.tax, cur));
    doc.moveDown(0.5);
    row(doc, 'Subtotal', invoiceMoney(quote.subtotal, cur));
    row(doc, 'Shipping', invoiceMoney(quote.shippingAmount, cur));
    const taxLabel = quote.tax
      ? `Tax ${(quote.tax.rateBp / 100).toFixed(2)}% on ${quote.tax.appliesTo === 'whole' ? 'the whole amount' : 'premium and shipping (margin scheme)'}`
      : 'Tax';
    row(doc, taxLabel, invoiceMoney(quote.taxAmount, cur));
    row(doc, 'Total paid', invoiceMoney(quote.total, cur), true);
    doc.moveDown();
    const via = { bank_transfer: 'bank transfer', stripe: 'card', paypal: 'PayPal' }[s.provider];
    doc.font('Helvetica').fontSize(9).fillColor('#555').text(`Paid by ${via}, reference ${s.reference}. Thank you for your purchase.`, 50);
  }, `Invoice ${s.number}`);
}

export function renderCreditNotePdf(s: CreditNoteSnapshot): Promise<Buffer> {
  return render((doc) => {
    header(doc, 'Credit note', s.number, s.issuedAt);
    doc.font('Helvetica').text(`Against invoice ${s.invoiceNumber}`).text(s.buyer.name).text(s.buyer.email);
    doc.moveDown();
    row(doc, `Refund: ${s.rugTitle}`, invoiceMoney(-s.amount, s.currency), true);
    if (s.reason) doc.moveDown(0.5).font('Helvetica').fontSize(9).text(`Reason: ${s.reason}`, 50);
  }, `Credit note ${s.number}`);
}
