import type { Language } from '@knotwork/shared/constants/languages';
import { maskAccount } from '@knotwork/shared/consignments/bank-account';
import {
  advanceRecoveredEntry,
  consignorAccount,
  lotSettlementEntries,
  payoutEntry,
  reverseEntries,
  statement,
  type JournalEntry,
} from '@knotwork/shared/consignments/ledger-postings';
import { settleConsignment, settleLot, type LotInput } from '@knotwork/shared/consignments/settlement';
import type { ConsignmentTerms } from '@knotwork/shared/consignments/terms';
import type { ConsignmentAgreementInput } from '../../../src/modules/consignors/documents/agreement-pdf.ts';
import type {
  ConsignorStatementInput,
  StatementLot,
} from '../../../src/modules/consignors/documents/statement-pdf.ts';

/**
 * One consignor's March 2026 in a Paris house, built with the shared rules so every figure is the one the ledger
 * would hold: a sliding-scale consignment of three rugs (sold, unsold, passed) with an advance, a rug sold in
 * February whose sale was refunded in March (a reversal), and a payout between the two.
 */
export const house = {
  name: 'Maison Tapis & Fils',
  address: '12 rue Jacob\n75006 Paris',
  taxNumber: 'FR40303265045',
};

export const terms: ConsignmentTerms = {
  commission: {
    kind: 'sliding',
    bands: [
      { fromCents: 0, rateBps: 1500 },
      { fromCents: 500_000, rateBps: 1200 },
      { fromCents: 2_000_000, rateBps: 1000 },
    ],
  },
  minimumCommissionCents: 25_000,
  lottingFeeCents: 5_000,
  photographyFeeCents: 2_500,
  insuranceRateBps: 150,
  buyInFeeRateBps: 500,
  vatRateBps: 2000,
  vatOnCommissionAndFees: true,
  advanceCents: 200_000,
};

export const IBAN = 'FR1420041010050500013M02606';

export const consignor = {
  name: 'Hélène Dupont',
  company: null,
  address: {
    line1: '14 avenue de la Bourdonnais',
    line2: null,
    city: 'Paris',
    state: null,
    postalCode: '75007',
    country: 'FR',
  },
  vatNumber: 'FR12345678901',
  payout: { method: 'iban' as const, holder: 'Hélène Dupont', masked: maskAccount(IBAN) },
};

const sale = { title: 'Fine Antique Rugs and Carpets', date: '2026-03-10T18:00:00.000Z' };

/** The March consignment's rugs, with their lot and outcome. */
export const marchLots: (LotInput & { lotId: string; info: StatementLot; estimateHighCents: number })[] = [
  {
    lotId: 'lot-12',
    outcome: 'sold',
    hammerCents: 1_850_000,
    lowEstimateCents: 1_200_000,
    estimateHighCents: 1_800_000,
    reserveCents: 1_000_000,
    info: { lotNumber: 12, rugTitle: 'Heriz carpet, North-West Persia, circa 1890', sale },
  },
  {
    lotId: 'lot-13',
    outcome: 'unsold',
    hammerCents: 0,
    lowEstimateCents: 300_000,
    estimateHighCents: 450_000,
    reserveCents: 250_000,
    info: { lotNumber: 13, rugTitle: 'Kazak prayer rug, South-West Caucasus', sale },
  },
  {
    lotId: 'lot-14',
    outcome: 'passed',
    hammerCents: 0,
    lowEstimateCents: 800_000,
    estimateHighCents: 1_200_000,
    reserveCents: 700_000,
    info: { lotNumber: 14, rugTitle: 'Ziegler Mahal carpet, Sultanabad', sale },
  },
];

const february = {
  lotId: 'lot-31',
  info: {
    lotNumber: 31,
    rugTitle: 'Şirvan rug, East Caucasus, late 19th century',
    sale: { title: 'Caucasian Rugs', date: '2026-02-12T18:00:00.000Z' },
  },
};

const CONSIGNOR_ID = 'c0ffee00-0000-4000-8000-000000000001';
const at = (iso: string) => new Date(iso);

/** The journal: February's sale, then March's settlement, advance, payout and refund. */
export function journal() {
  const feb = settleLot(terms, {
    lotId: february.lotId,
    outcome: 'sold',
    hammerCents: 400_000,
    lowEstimateCents: 300_000,
    reserveCents: 250_000,
  });
  const febEntries = lotSettlementEntries(CONSIGNOR_ID, at('2026-02-20T10:00:00Z'), feb);
  const march = settleConsignment(terms, marchLots);
  const marchEntries: JournalEntry[] = [
    ...march.lots.flatMap((lot) => lotSettlementEntries(CONSIGNOR_ID, at('2026-03-12T10:00:00Z'), lot)),
    advanceRecoveredEntry(CONSIGNOR_ID, at('2026-03-12T10:00:00Z'), march.advanceRecoveredCents),
  ];
  const beforePayout = -(feb.lines.netCents + march.balanceCents);
  const payout = payoutEntry(CONSIGNOR_ID, at('2026-03-20T09:00:00Z'), -beforePayout);
  const refund = reverseEntries(febEntries, at('2026-03-25T15:30:00Z'));
  return { feb, march, entries: [...febEntries, ...marchEntries, payout, ...refund] };
}

export function statementInput(language: Language): ConsignorStatementInput {
  const { march, entries } = journal();
  const st = statement(
    consignorAccount(CONSIGNOR_ID),
    entries,
    at('2026-03-01T00:00:00Z'),
    at('2026-04-01T00:00:00Z'),
  );
  return {
    language,
    currency: 'EUR',
    house,
    consignor,
    number: 'ST-2026-0031',
    issuedAt: '2026-04-02T09:00:00.000Z',
    statement: {
      ...st,
      lines: st.lines.map((line) =>
        line.kind === 'payout'
          ? { ...line, reference: 'PO-2026-0012' }
          : line.kind === 'advance_recovered'
            ? { ...line, reference: 'C-2026-0007' }
            : line,
      ),
    },
    settlements: march.lots,
    lots: Object.fromEntries([...marchLots, february].map((l) => [l.lotId, l.info])),
  };
}

/** A statement of `count` sold lots, to see it run over several pages. */
export function longStatementInput(language: Language, count: number): ConsignorStatementInput {
  const lots = Array.from({ length: count }, (_, i) => ({
    lotId: `long-${i + 1}`,
    outcome: 'sold' as const,
    hammerCents: 150_000 + i * 37_500,
    lowEstimateCents: 100_000,
    reserveCents: 80_000,
  }));
  const march = settleConsignment({ ...terms, advanceCents: 0 }, lots);
  const entries = march.lots.flatMap((lot) =>
    lotSettlementEntries(CONSIGNOR_ID, at('2026-03-12T10:00:00Z'), lot),
  );
  const st = statement(
    consignorAccount(CONSIGNOR_ID),
    entries,
    at('2026-03-01T00:00:00Z'),
    at('2026-04-01T00:00:00Z'),
  );
  return {
    ...statementInput(language),
    statement: st,
    settlements: march.lots,
    lots: Object.fromEntries(
      lots.map((l, i) => [
        l.lotId,
        { lotNumber: 100 + i, rugTitle: `Tabriz carpet no. ${i + 1}, North-West Persia, circa 1900`, sale },
      ]),
    ),
  };
}

export function agreementInput(
  language: Language,
  agreement: ConsignmentAgreementInput['consignment']['agreement'] = {
    status: 'sent',
    version: null,
    at: null,
    by: null,
  },
): ConsignmentAgreementInput {
  return {
    language,
    currency: 'EUR',
    house,
    consignor,
    consignment: {
      number: 'C-2026-0007',
      receivedAt: '2026-02-02T11:00:00.000Z',
      agreement,
      items: marchLots.map((l) => ({
        rugTitle: l.info.rugTitle,
        estimateLow: l.lowEstimateCents,
        estimateHigh: l.estimateHighCents,
        reserve: l.reserveCents,
      })),
    },
    terms,
    currentVersion: '2026.1',
    holdingPeriodDays: 21,
  };
}
