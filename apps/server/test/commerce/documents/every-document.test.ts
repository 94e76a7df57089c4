import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@knotwork/shared/constants/languages';
import type { Shipment } from '@knotwork/shared/schemas/shipments';
import type { InvoiceSnapshot } from '../../../src/modules/commerce/documents/documents-repository.ts';
import {
  renderCreditNotePdf,
  renderInvoicePdf,
} from '../../../src/modules/commerce/documents/invoice-pdf.ts';
import { renderPackingSlipPdf } from '../../../src/modules/commerce/documents/packing-slip-pdf.ts';
import { renderDocument } from '../../../src/modules/commerce/documents/typst-engine.ts';
import { renderConsignmentAgreementPdf } from '../../../src/modules/consignors/documents/agreement-pdf.ts';
import { renderConsignorStatementPdf } from '../../../src/modules/consignors/documents/statement-pdf.ts';
import { catalogueDocument } from '../../../src/modules/printed-catalogues/catalogue-document.ts';
import type { PrintedLot, PrintedSale } from '../../../src/modules/printed-catalogues/repository.ts';
import {
  agreementInput,
  consignor,
  statementInput,
} from '../../consignors/documents/consignor-document-data.ts';
import { pdfPages, pdfText } from './pdf-text.ts';

/**
 * Issue 29 §3 (decision 094): every PDF the product makes, in every language, read back with poppler. pdftotext must
 * give the words whole and in reading order (Arabic in logical order: a shaped, right-to-left page whose text layer
 * is right), and pdftoppm must draw every page.
 */
const HOUSE = {
  name: 'Maison Tapis & Fils',
  address: '12 rue Jacob\n75006 Paris',
  taxNumber: 'FR40303265045',
};
// A title a user could type: markup characters of Typst must print as written, never run.
const HOSTILE = 'Rug #import "x" ] [*bold*] $x$ \\ @ref <lbl> // c';
const ARABIC_RUG = 'سجادة قشقاي';

const invoice = (language: Language): InvoiceSnapshot => ({
  number: 'INV-2026-000041',
  issuedAt: '2026-03-01T10:00:00Z',
  reference: 'KW-7Q2M4P',
  provider: 'bank_transfer',
  buyer: { name: 'Hélène Dupont', email: 'helene@example.com' },
  shippingMethod: 'collect',
  shippingAddress: null,
  quote: {
    currency: 'EUR',
    subtotal: 300_000,
    shippingAmount: 0,
    taxAmount: 10_000,
    total: 310_000,
    shipping: { method: 'collect' },
    tax: { rateBp: 2000, appliesTo: 'premium' },
    lines: [
      {
        orderId: 'o1',
        lotNumber: 12,
        title: ARABIC_RUG,
        itemPrice: 150_000,
        hammerPrice: 125_000,
        buyersPremium: 25_000,
        kind: 'auction',
      },
      {
        orderId: 'o2',
        lotNumber: 13,
        title: HOSTILE,
        itemPrice: 150_000,
        hammerPrice: 125_000,
        buyersPremium: 25_000,
        kind: 'auction',
      },
    ],
  } as unknown as InvoiceSnapshot['quote'],
  house: HOUSE,
  language,
  sales: { o1: { title: 'Tapis anciens', date: '2026-02-20T18:00:00Z' } },
});

const shipment = {
  id: 'c1',
  reference: 'SHP-2026-0007',
  status: 'ready',
  shippingMethod: 'courier',
  address: { name: 'Hélène Dupont', phone: '+33 1 44 55 66 77', ...consignor.address },
  buyer: { id: 'u1', name: 'Hélène Dupont', email: 'helene@example.com', phone: null },
  carrier: null,
  carrierName: 'DHL Express',
  trackingNumber: '1234567890',
  trackingUrl: null,
  shippedAt: null,
  deliveredAt: null,
  orders: [
    { id: 'a1b2c3d4-0000', status: 'paid', rugTitle: ARABIC_RUG, lotNumber: 12, saleTitle: 'Tapis anciens' },
  ],
} as unknown as Shipment;

const sale: PrintedSale = {
  id: 's1',
  slug: 'tapis-anciens',
  title: 'Tapis anciens',
  description: 'Fine antique rugs from Persia and the Caucasus.\n\nViewing at the house.',
  type: 'timed',
  starts_at: '2026-03-10T10:00:00Z',
  ends_at: '2026-03-20T18:00:00Z',
  buyers_premium_pct: 25,
  draft: false,
  over: true,
  cover_variants: null,
};
const lot = (n: number, title: string, sold: boolean): PrintedLot => ({
  lot_number: n,
  status: 'closed',
  outcome: sold ? 'sold' : 'unsold',
  hammer_price: sold ? 150_000 : null,
  estimate_low: 100_000,
  estimate_high: 200_000,
  title,
  description: 'Wool on cotton, good condition.',
  origin_region: 'Heriz',
  origin_country: 'IR',
  circa_year: 1890,
  width_cm: 250,
  length_cm: 350,
  variants: null,
});
const LOTS = [lot(1, ARABIC_RUG, true), lot(2, HOSTILE, false), lot(3, 'Kazak prayer rug', true)];

let picture: Buffer;
beforeAll(async () => {
  picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8b3a2b' } })
    .jpeg()
    .toBuffer();
});
const catalogue = (kind: 'catalogue' | 'realised', language: Language) =>
  renderDocument(
    catalogueDocument({
      kind,
      language,
      currency: 'EUR',
      house: HOUSE,
      conditions: '',
      sale,
      lots: LOTS,
      pictures: ['lot-0.jpg', null, 'lot-2.jpg'],
      cover: 'cover.jpg',
    }),
    new Map([
      ['lot-0.jpg', picture],
      ['lot-2.jpg', picture],
      ['cover.jpg', picture],
    ]),
  );

/** What each kind must say in each language, in this order in the text. */
const EXPECTED: Record<string, Record<Language, string[]>> = {
  invoice: {
    en: [
      'Maison Tapis & Fils',
      'Invoice',
      'No. INV-2026-000041',
      'Billed to',
      `Lot 12 · ${ARABIC_RUG}`,
      HOSTILE,
      'Total paid',
      '€3,100.00',
    ],
    fr: [
      'Maison Tapis & Fils',
      'Facture',
      'INV-2026-000041',
      'Facturé à',
      ARABIC_RUG,
      HOSTILE,
      'Total payé',
      '3 100,00 €',
    ],
    ar: ['فاتورة', 'INV-2026-000041', ARABIC_RUG, HOSTILE, 'المجموع المدفوع', '3,100.00'],
  },
  creditNote: {
    en: ['Credit note', 'CN-2026-000003', 'Against invoice INV-2026-000041', ARABIC_RUG],
    fr: ['Avoir', 'CN-2026-000003', 'INV-2026-000041', ARABIC_RUG],
    ar: ['CN-2026-000003', 'INV-2026-000041', ARABIC_RUG],
  },
  packingSlip: {
    // pdftotext reads the letterhead's two columns one after the other: the title comes after the house's column.
    en: [
      'Maison Tapis & Fils',
      'Ship to',
      '14 avenue de la Bourdonnais',
      '75007 Paris',
      ARABIC_RUG,
      'Packing slip',
      'Shipment SHP-2026-0007',
    ],
    fr: ['Maison Tapis & Fils', '14 avenue de la Bourdonnais', ARABIC_RUG, 'SHP-2026-0007'],
    ar: ['14 avenue de la Bourdonnais', '75007 Paris', ARABIC_RUG, 'SHP-2026-0007'],
  },
  agreement: {
    en: [
      'Consignment agreement',
      'No. C-2026-0007',
      'Rugs received (3)',
      'Heriz carpet, North-West Persia, circa 1890',
    ],
    fr: ['Contrat de dépôt-vente', 'Tapis reçus (3)', 'Heriz carpet, North-West Persia, circa 1890'],
    ar: ['اتفاقية إيداع للبيع', 'C-2026-0007', 'Heriz carpet, North-West Persia, circa 1890'],
  },
  statement: {
    en: ['Statement of account', 'No. ST-2026-0031', 'Heriz carpet, North-West', 'Closing balance'],
    fr: ['Relevé de compte', 'ST-2026-0031', 'Heriz carpet, North-West', 'Solde de clôture'],
    ar: ['كشف حساب', 'ST-2026-0031', 'Heriz carpet, North-West', 'الرصيد الختامي'],
  },
  catalogue: {
    en: [
      'MAISON TAPIS & FILS',
      'Tapis anciens',
      'Catalogue',
      'Introduction',
      'Fine antique rugs',
      'Lot 1',
      ARABIC_RUG,
      'Origin: Heriz, Iran',
      'Size: 250 × 350 cm',
      'Estimate €1,000 – €2,000',
      'Lot 2',
      HOSTILE,
      'Conditions of sale',
      "buyer's premium of 25 %",
      'Absentee bid form',
      'Maximum bid',
    ],
    fr: [
      'Tapis anciens',
      'Catalogue',
      'Lot 1',
      ARABIC_RUG,
      'Provenance : Heriz, Iran',
      'Estimation 1 000 € – 2 000 €',
      HOSTILE,
      'Conditions de vente',
      "Ordre d'achat",
      'Enchère maximale',
    ],
    ar: [
      'Tapis anciens',
      'الكتالوج',
      'مقدمة',
      'القطعة',
      ARABIC_RUG,
      'المنشأ',
      HOSTILE,
      'شروط البيع',
      'نموذج المزايدة الغيابية',
      'أقصى عرض',
    ],
  },
  realised: {
    en: [
      'Realised prices',
      'Hammer prices, without the buyer',
      '2 of 3 lots sold',
      ARABIC_RUG,
      '€1,500.00',
      HOSTILE,
      'Not sold',
    ],
    fr: ['Résultats de la vente', '2 lots vendus sur 3', ARABIC_RUG, '1 500,00 €', 'Non vendu'],
    // Not a word with the lam-alef ligature (الأسعار): pdftotext writes its two letters in visual order.
    ar: ['المحققة', 'دون عمولة المشتري', ARABIC_RUG, HOSTILE, '1,500.00'],
  },
};

const render: Record<string, (language: Language) => Promise<Buffer>> = {
  invoice: (language) => renderInvoicePdf(invoice(language)),
  creditNote: (language) =>
    renderCreditNotePdf({
      number: 'CN-2026-000003',
      invoiceNumber: 'INV-2026-000041',
      issuedAt: '2026-03-05T10:00:00Z',
      buyer: { name: 'Hélène Dupont', email: 'helene@example.com' },
      rugTitle: ARABIC_RUG,
      amount: 12_345,
      currency: 'EUR',
      reason: 'Petite tache',
      house: HOUSE,
      language,
    } as Parameters<typeof renderCreditNotePdf>[0]),
  packingSlip: (language) =>
    renderPackingSlipPdf(shipment, HOUSE, language, new Date('2026-03-06T09:00:00Z')),
  agreement: (language) => renderConsignmentAgreementPdf(agreementInput(language)),
  statement: (language) => renderConsignorStatementPdf(statementInput(language)),
  catalogue: (language) => Promise.resolve(catalogue('catalogue', language)),
  realised: (language) => Promise.resolve(catalogue('realised', language)),
};

/** The phrases appear whole, each after the one before. */
function expectInOrder(text: string, phrases: string[]) {
  let from = 0;
  for (const phrase of phrases) {
    const at = text.indexOf(phrase, from);
    expect(at, `"${phrase}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + phrase.length;
  }
}

describe('every PDF in every language', () => {
  for (const kind of Object.keys(EXPECTED))
    for (const language of ['en', 'fr', 'ar'] as const)
      it(`${kind} in ${language}: the words whole and in order, every page drawn`, async () => {
        const pdf = await render[kind]!(language);
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        // White space made one space: a phrase the layout wraps over two lines still reads whole.
        const text = pdfText(pdf).replace(/[^\S\f]+/g, ' ');
        expectInOrder(text, EXPECTED[kind]![language]);
        const pages = pdfPages(pdf);
        expect(pages.length).toBeGreaterThanOrEqual(1);
        for (const png of pages) expect(png.subarray(1, 4).toString()).toBe('PNG');
      });

  it('a catalogue prints its lots, pictures and the absentee form over several pages', () => {
    const pages = pdfPages(catalogue('catalogue', 'ar'));
    expect(pages.length).toBeGreaterThanOrEqual(4);
  });
});
