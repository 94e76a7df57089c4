import { feesOf, sumLines, type SettlementLines } from '@knotwork/shared/consignments/settlement';
import { describe, expect, it } from 'vitest';
import { documentMoney } from '../../../src/modules/commerce/documents/pdf-writer.ts';
import { tableAmount } from '../../../src/modules/consignors/documents/document-figures.ts';
import { renderConsignorStatementPdf } from '../../../src/modules/consignors/documents/statement-pdf.ts';
import { journal, longStatementInput, statementInput } from './consignor-document-data.ts';
import { inkOnFirstPage, pdfLines, pdfPages, pdfText } from './pdf-tools.ts';

/** Arabic comes out of pdftotext with spaces lost or added around Latin runs: compare without white space. */
const squash = (s: string) => s.replace(/\s+/g, '');

/**
 * The consignor's statement (issue 27): one March with a sliding-scale consignment of three rugs (sold, unsold,
 * passed), its advance recovered, a payout, and a February sale refunded, printed in each language and read back with
 * poppler.
 */
describe('consignor statement PDF', () => {
  const { march } = journal();
  const [sold, unsold, passed] = march.lots.map((l) => l.lines) as [
    SettlementLines,
    SettlementLines,
    SettlementLines,
  ];
  const totals = sumLines(march.lots.map((l) => l.lines));

  it('English: house, consignor, period, each lot in words and figures, movements and a closing balance that adds up', async () => {
    const pdf = await renderConsignorStatementPdf(statementInput('en'));
    const text = pdfText(pdf, 'statement-en');
    for (const words of [
      'Statement of account',
      'No. ST-2026-0031',
      'Maison Tapis & Fils',
      '12 rue Jacob',
      'VAT / tax no. FR40303265045',
      'Hélène Dupont',
      '14 avenue de la Bourdonnais',
      '75007 Paris',
      'VAT / tax no. FR12345678901',
      'Period: 1 March 2026 to 31 March 2026',
      'Issued 2 April 2026',
      'Heriz carpet, North-West Persia, circa 1890',
      'Fine Antique Rugs and Carpets, 10 March 2026',
      'Sold',
      'Unsold',
      'Passed',
      'Amounts in EUR',
      'Advance recovered, consignment C-2026-0007',
      'Reversal of the settlement of Lot 31 · Şirvan rug',
      'Payout to your bank account, reference PO-2026-0012',
      'Page 1 of 1',
    ])
      expect(text).toContain(words);
    // Each lot's row in column order (hammer, commission, fees, VAT, net; a charge of nothing is a dash), as laid out.
    const lines = pdfLines(pdf, 'statement-en');
    const row = (l: SettlementLines, dash = '—') =>
      [l.hammerCents, l.commissionCents, feesOf(l), l.vatCents]
        .map((c) => (c === 0 ? dash : tableAmount(c, 'en')))
        .concat(tableAmount(l.netCents, 'en'))
        .join(' ');
    expect(sold).toMatchObject({ hammerCents: 1_850_000, commissionCents: 237_000, netCents: 1_523_300 });
    expect(lines).toMatch(new RegExp(`^12 Heriz carpet, North-West Sold ${row(sold)}$`, 'm'));
    expect(lines).toMatch(new RegExp(`^13 Kazak prayer rug, South-West Unsold ${row(unsold)}$`, 'm'));
    expect(lines).toMatch(new RegExp(`^14 Ziegler Mahal carpet, Passed ${row(passed)}$`, 'm'));
    expect(lines).toMatch(new RegExp(`^Total ${row(totals, '0.00')}$`, 'm'));
    expect(text).toContain('Lotting 50.00 · Photography 25.00 · Insurance 277.50');
    expect(text).toContain('Insurance 45.00 · Buy-in 125.00');
    // The summary: opening + proceeds + advances + corrections + payouts = closing, each on its line.
    for (const [label, amount] of [
      ['Opening balance', '€3,118.00'],
      ['Net proceeds of lots', '€14,285.00'],
      ['Advances recovered', '-€2,000.00'],
      ['Corrections', '-€3,118.00'],
      ['Payouts', '-€15,403.00'],
      ['Closing balance', '-€3,118.00'],
    ] as const)
      expect(lines).toMatch(new RegExp(`${label} ${amount.replace(/\./g, '\\.')}$`, 'm'));
    expect(3_118_00 + 14_285_00 - 2_000_00 - 3_118_00 - 15_403_00).toBe(-3_118_00);
    expect(text).toContain('Hammer price -4,000.00 · Commission +600.00');
    expect(lines).toMatch(/^Closing balance, owed by you €3,118\.00$/m);
    // Words, never the ledger's codes.
    expect(text).not.toMatch(/hammer_credit|buy_in_fee|advance_recovered|\bsold\b|\bpassed\b/);
    expect(inkOnFirstPage(pdf, 'statement-en').ink).toBeGreaterThan(0.02);
  });

  it('French: words and amounts as France writes them', async () => {
    const pdf = await renderConsignorStatementPdf(statementInput('fr'));
    const text = pdfText(pdf, 'statement-fr');
    for (const words of [
      'Relevé de compte',
      'Période du 1 mars 2026 au 31 mars 2026',
      'Vendeur',
      'N° de TVA : FR12345678901',
      'Vendu',
      'Invendu',
      'Ravalé',
      'Montants en EUR',
      'Frais par lot 50,00 · Photographie 25,00 · Assurance 45,00 · Frais d’invendu 125,00',
      'Avance récupérée, dépôt C-2026-0007',
      'Annulation du règlement : Lot 31',
      'Versement sur votre compte bancaire, référence PO-2026-0012',
      '-15 403,00 €',
      'Page 1 sur 1',
    ])
      expect(text).toContain(words);
    const lines = pdfLines(pdf, 'statement-fr');
    expect(lines).toMatch(/^12 Heriz carpet, North-West Vendu 18 500,00 2 370,00 352,50 544,50 15 233,00$/m);
    expect(lines).toMatch(/^Total 18 500,00 2 370,00 1 142,50 702,50 14 285,00$/m);
    expect(lines).toMatch(/^Solde de clôture, dû par vous 3 118,00 €$/m);
    expect(inkOnFirstPage(pdf, 'statement-fr').ink).toBeGreaterThan(0.02);
  });

  it('Arabic: the words in Arabic, right to left, the figures in Latin digits', async () => {
    const pdf = await renderConsignorStatementPdf(statementInput('ar'));
    const text = squash(pdfText(pdf, 'statement-ar'));
    for (const words of [
      'كشف حساب',
      'الفترة من 1 مارس 2026 إلى 31 مارس 2026',
      'الملخص',
      'بيعت',
      'دون',
      'المبالغ بعملة EUR',
      '-294.00',
      '-654.00',
      'رسم القطعة 50.00 والتصوير 25.00 والتأمين 277.50',
      'C-2026-0007',
      // The lot's number and the Latin title: pdftotext reads a number between Arabic and Latin words apart.
      'إلغاء تسوية القطعة',
      'Şirvan rug',
      // A signed figure inside Arabic words takes its sign on the reading side (the Unicode bidi algorithm).
      'سعر المطرقة 4,000.00-والعمولة 600.00+',
      'دفعة إلى حسابكم المصرفي',
      'PO-2026-0012',
      '-15,403.00 €',
      'الرصيد الختامي المستحق عليكم',
      documentMoney(3_118_00, 'EUR', 'ar'),
      'صفحة 1 من 1',
    ])
      expect(text).toContain(squash(words));
    // Mirrored columns: the net at the left, the hammer nearest the rug; pdftotext reads the row left to right.
    expect(pdfLines(pdf, 'statement-ar')).toMatch(
      /^15,233\.00 544\.50 352\.50 2,370\.00 18,500\.00 بيعت Heriz/m,
    );
    // "Unsold" (لم تُبع) by its row: pdftotext writes the letter under a damma twice, though the page shows it once.
    expect(pdfLines(pdf, 'statement-ar')).toMatch(/^-294\.00 49\.00 245\.00 — — لم /m);
    expect(inkOnFirstPage(pdf, 'statement-ar').ink).toBeGreaterThan(0.02);
  });

  it('sixty lots run over several pages: each page repeats the table header and says which page of how many it is', async () => {
    const pdf = await renderConsignorStatementPdf(longStatementInput('en', 60));
    const pages = pdfPages(pdf, 'statement-long');
    expect(pages).toBeGreaterThanOrEqual(3);
    const text = pdfLines(pdf, 'statement-long');
    const byPage = text.split('\f').filter((p) => p.trim());
    expect(byPage).toHaveLength(pages);
    byPage.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages}`);
      expect(page).toContain('Statement of account ST-2026-0031 · Hélène Dupont');
      expect(page).toMatch(/^Lot Rug and sale Result Hammer Commission Fees VAT Net$/m);
    });
    for (let lot = 100; lot < 160; lot++)
      expect(text).toMatch(new RegExp(`^${lot} Tabriz carpet no\\. ${lot - 99}, North-\\S* Sold`, 'm'));
    expect(byPage.at(-1)).toContain('Closing balance, owed to you');
    expect(inkOnFirstPage(pdf, 'statement-long').ink).toBeGreaterThan(0.02);
  });

  it('refuses a statement whose lots do not account for its lot lines', async () => {
    const input = statementInput('en');
    await expect(
      renderConsignorStatementPdf({ ...input, settlements: input.settlements.slice(1) }),
    ).rejects.toThrow(/settlements net/);
  });
});
