import { describe, expect, it } from 'vitest';
import { renderConsignmentAgreementPdf } from '../../../src/modules/consignors/documents/agreement-pdf.ts';
import { commissionInWords } from '../../../src/modules/consignors/documents/agreement-terms.ts';
import { agreementInput, IBAN } from './consignor-document-data.ts';
import { inkOnFirstPage, pdfText } from './pdf-tools.ts';

const squash = (s: string) => s.replace(/\s+/g, '');
const accepted = {
  status: 'accepted_online' as const,
  version: '2025.4',
  at: '2026-02-04T16:20:00.000Z',
  by: { id: 'u1', name: 'Hélène Dupont' },
};

/**
 * The consignment agreement (issue 27): the receipt of three rugs with their estimates and reserves, a sliding scale
 * and every other term in words, the standard conditions with the payout account masked, and the lines to sign, or
 * the record of its acceptance online; in each language.
 */
describe('consignment agreement PDF', () => {
  it('English: receipt, terms in words, conditions, the masked account, version and signature lines', async () => {
    const pdf = await renderConsignmentAgreementPdf(agreementInput('en'));
    const text = pdfText(pdf, 'agreement-en');
    for (const words of [
      'Consignment agreement',
      'No. C-2026-0007',
      'Received 2 February 2026',
      'Maison Tapis & Fils',
      'VAT / tax no. FR12345678901',
      'Rugs received (3)',
      'Heriz carpet, North-West Persia, circa 1890 €12,000.00 €18,000.00 €10,000.00',
      'Kazak prayer rug, South-West Caucasus €3,000.00 €4,500.00 €2,500.00',
      "Seller's commission 15% of the hammer price up to €5,000.00; 12% of the part from €5,000.00 to €20,000.00; 10% of the part above €20,000.00",
      'Minimum commission €250.00 per sold lot',
      'Lotting fee €50.00 per lot entered, sold or not',
      'Photography fee €25.00 per lot entered',
      'Insurance 1.5% of the hammer price, or of the low estimate',
      'Buy-in fee 5% of the reserve for a lot that does not sell',
      'VAT 20% on the commission and fees',
      'Advance €2,000.00 paid before the sale, recovered from the proceeds',
      'authorises Maison Tapis & Fils to offer them for sale by auction',
      'A rug with a reserve is not sold below it',
      'returned to the consignor or, with their agreement, offered again in a later sale',
      'once its buyer has paid in full and a holding period of 21 days has passed',
      'Payment is made to the bank account on file, FR14 •••• •••• 2606.',
      'Account holder: Hélène Dupont',
      'Agreement version 2026.1',
      'For the consignor',
      'For Maison Tapis & Fils',
      'Signature',
      'Page 1 of 1',
    ])
      expect(text).toContain(words);
    expect(squash(text)).not.toContain(IBAN.slice(4, 20));
    expect(inkOnFirstPage(pdf, 'agreement-en').ink).toBeGreaterThan(0.02);
  });

  it('accepted online: the record of who accepted which version when, instead of signature lines', async () => {
    const text = pdfText(
      await renderConsignmentAgreementPdf(agreementInput('en', accepted)),
      'agreement-accepted',
    );
    expect(text).toContain('Accepted online by Hélène Dupont on 4 February 2026, version 2025.4.');
    expect(text).toContain('Agreement version 2025.4');
    expect(text).not.toContain('Signature');
  });

  it('French: the terms and conditions in French, amounts as France writes them', async () => {
    const pdf = await renderConsignmentAgreementPdf(agreementInput('fr', accepted));
    const text = pdfText(pdf, 'agreement-fr');
    for (const words of [
      'Contrat de dépôt-vente',
      'Reçu le 2 février 2026',
      'Tapis reçus (3)',
      'Estimation basse',
      '12 000,00 € 18 000,00 € 10 000,00 €',
      '15 % du prix d’adjudication jusqu’à 5 000,00 € ; 12 % de la part comprise entre 5 000,00 € et 20 000,00 € ; 10 % de la part au-delà de 20 000,00 €',
      'Commission minimale 250,00 € par lot vendu',
      'Assurance 1,5 % du prix d’adjudication',
      'un délai de 21 jours',
      'FR14 •••• •••• 2606',
      'Accepté en ligne par Hélène Dupont le 4 février 2026, version 2025.4.',
      'Page 1 sur 1',
    ])
      expect(text).toContain(words);
    expect(inkOnFirstPage(pdf, 'agreement-fr').ink).toBeGreaterThan(0.02);
  });

  it('Arabic: the agreement in Arabic, right to left, with Latin figures', async () => {
    const pdf = await renderConsignmentAgreementPdf(agreementInput('ar'));
    const text = squash(pdfText(pdf, 'agreement-ar'));
    for (const words of [
      'اتفاقية إيداع للبيع',
      'رقم C-2026-0007',
      'السجاجيد المستلمة',
      // Typst lays the page out right to left; pdftotext reads a table row's cells and the sign or percent beside a
      // figure in an order of its own guessing, so the cells and phrases are checked one by one.
      'Heriz carpet, North-West Persia, circa 1890',
      '12,000.00 €',
      '18,000.00 €',
      '10,000.00 €',
      'عمولة البائع',
      'من سعر المطرقة حتى',
      'من الجزء من',
      '5,000.00',
      '20,000.00',
      'رسم التصوير',
      '25.00',
      'لكل قطعة معروضة',
      'ضريبة القيمة المضافة',
      'على العمولة والرسوم',
      'FR14 •••• •••• 2606',
      'قبل أي دفعة',
      '2026.1',
      'التوقيع',
      'صفحة 1 من 1',
    ])
      expect(text).toContain(squash(words));
    expect(inkOnFirstPage(pdf, 'agreement-ar').ink).toBeGreaterThan(0.02);
  });

  it('a commission in words: flat, one band, and marginal bands', () => {
    expect(commissionInWords({ kind: 'flat', rateBps: 1250 }, 'en', 'USD')).toBe('12.5% of the hammer price');
    expect(
      commissionInWords({ kind: 'sliding', bands: [{ fromCents: 0, rateBps: 1000 }] }, 'fr', 'EUR'),
    ).toBe('10 % du prix d’adjudication');
    expect(
      commissionInWords(
        {
          kind: 'sliding',
          bands: [
            { fromCents: 0, rateBps: 2000 },
            { fromCents: 1_000_000, rateBps: 1500 },
          ],
        },
        'en',
        'USD',
      ),
    ).toBe('20% of the hammer price up to $10,000.00; 15% of the part above $10,000.00');
  });
});
