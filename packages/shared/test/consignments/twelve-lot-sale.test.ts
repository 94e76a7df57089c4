/**
 * A 12-lot sale worked by hand (decision 085): every figure below is a literal, with its arithmetic in a comment,
 * never computed by the code under test. Rounding is half up per line: x.5 cents and above go up.
 *
 * The house's defaults: 15% flat commission, minimum 50.00 a lot, lotting fee 15.00, photography 25.00,
 * insurance 1.5% (150 bps), buy-in fee 5% of the reserve (500 bps), VAT 20% (2000 bps) on commission and fees.
 *
 * Consignor A takes the defaults (flat rate, VAT on). Consignor B has a sliding scale (15% to 5,000.00, 12% from
 * 5,000.00 to 20,000.00, 10% above, marginal), no photography fee, no VAT, and was advanced 3,000.00.
 */
import { describe, expect, it } from 'vitest';
import { resolveTerms, type LotTerms } from '../../src/consignments/terms.ts';
import {
  settleConsignment,
  settleLot,
  reverseLines,
  type LotInput,
  type SettlementLines,
} from '../../src/consignments/settlement.ts';
import {
  HOUSE_ACCOUNTS,
  advanceAccount,
  advancePaidEntry,
  balanceOf,
  consignmentSettlementEntries,
  consignorAccount,
  isBalanced,
  lotSettlementEntries,
  payoutConfirmedEntry,
  payoutEntry,
  reverseEntries,
  statement,
} from '../../src/consignments/ledger-postings.ts';

const HOUSE: LotTerms = {
  commission: { kind: 'flat', rateBps: 1_500 },
  minimumCommissionCents: 5_000,
  lottingFeeCents: 1_500,
  photographyFeeCents: 2_500,
  insuranceRateBps: 150,
  buyInFeeRateBps: 500,
  vatRateBps: 2_000,
  vatOnCommissionAndFees: true,
};
const A_TERMS = resolveTerms(HOUSE, {});
const B_TERMS = resolveTerms(HOUSE, {
  commission: {
    kind: 'sliding',
    bands: [
      { fromCents: 0, rateBps: 1_500 },
      { fromCents: 500_000, rateBps: 1_200 },
      { fromCents: 2_000_000, rateBps: 1_000 },
    ],
  },
  photographyFeeCents: 0,
  vatOnCommissionAndFees: false,
  advanceCents: 300_000,
});

const lines = (
  hammerCents: number,
  commissionCents: number,
  lottingFeeCents: number,
  photographyFeeCents: number,
  insuranceCents: number,
  buyInFeeCents: number,
  vatCents: number,
  netCents: number,
): SettlementLines => ({
  hammerCents,
  commissionCents,
  lottingFeeCents,
  photographyFeeCents,
  insuranceCents,
  buyInFeeCents,
  vatCents,
  netCents,
});

const SALE: { lot: LotInput; consignor: 'A' | 'B'; expected: SettlementLines }[] = [
  {
    consignor: 'A',
    lot: {
      lotId: 'A1',
      outcome: 'sold',
      hammerCents: 1_000_000,
      lowEstimateCents: 800_000,
      reserveCents: 700_000,
    },
    // commission 15% of 1,000,000 = 150,000; insurance 1.5% of the hammer = 15,000
    // VAT 20% of (150,000 + 1,500 + 2,500 + 15,000 = 169,000) = 33,800
    // net 1,000,000 - 169,000 - 33,800 = 797,200
    expected: lines(1_000_000, 150_000, 1_500, 2_500, 15_000, 0, 33_800, 797_200),
  },
  {
    consignor: 'A',
    lot: { lotId: 'A2', outcome: 'sold', hammerCents: 3_000, lowEstimateCents: 2_000, reserveCents: 0 },
    // 15% of 3,000 = 450, raised to the 5,000 minimum, capped at the 3,000 hammer = 3,000
    // insurance 1.5% of 3,000 = 45; VAT 20% of (3,000 + 1,500 + 2,500 + 45 = 7,045) = 1,409
    // net 3,000 - 7,045 - 1,409 = -5,454 (the fixed fees exceed what is left: the consignor owes)
    expected: lines(3_000, 3_000, 1_500, 2_500, 45, 0, 1_409, -5_454),
  },
  {
    consignor: 'A',
    // Bid to 2,400.00, below the reserve: nothing collected, the bid is ignored.
    lot: {
      lotId: 'A3',
      outcome: 'unsold',
      hammerCents: 240_000,
      lowEstimateCents: 300_100,
      reserveCents: 250_000,
    },
    // insurance 1.5% of the low estimate 300,100 = 4,501.5 -> 4,502 (half up); buy-in 5% of 250,000 = 12,500
    // VAT 20% of (1,500 + 2,500 + 4,502 + 12,500 = 21,002) = 4,200.4 -> 4,200
    // net -(21,002 + 4,200) = -25,202
    expected: lines(0, 0, 1_500, 2_500, 4_502, 12_500, 4_200, -25_202),
  },
  {
    consignor: 'A',
    lot: {
      lotId: 'A4',
      outcome: 'sold',
      hammerCents: 123_457,
      lowEstimateCents: 100_000,
      reserveCents: 90_000,
    },
    // commission 15% of 123,457 = 18,518.55 -> 18,519; insurance 1.5% = 1,851.855 -> 1,852
    // VAT 20% of (18,519 + 1,500 + 2,500 + 1,852 = 24,371) = 4,874.2 -> 4,874
    // net 123,457 - 24,371 - 4,874 = 94,212
    expected: lines(123_457, 18_519, 1_500, 2_500, 1_852, 0, 4_874, 94_212),
  },
  {
    consignor: 'A',
    // Passed in the live room: settles as unsold.
    lot: {
      lotId: 'A5',
      outcome: 'passed',
      hammerCents: 35_000,
      lowEstimateCents: 50_000,
      reserveCents: 40_000,
    },
    // insurance 1.5% of 50,000 = 750; buy-in 5% of 40,000 = 2,000
    // VAT 20% of (1,500 + 2,500 + 750 + 2,000 = 6,750) = 1,350; net -(6,750 + 1,350) = -8,100
    expected: lines(0, 0, 1_500, 2_500, 750, 2_000, 1_350, -8_100),
  },
  {
    consignor: 'A',
    // Refunded to the buyer after the payout (below).
    lot: {
      lotId: 'A6',
      outcome: 'sold',
      hammerCents: 250_010,
      lowEstimateCents: 200_000,
      reserveCents: 150_000,
    },
    // commission 15% of 250,010 = 37,501.5 -> 37,502 (half up); insurance 1.5% = 3,750.15 -> 3,750
    // VAT 20% of (37,502 + 1,500 + 2,500 + 3,750 = 45,252) = 9,050.4 -> 9,050
    // net 250,010 - 45,252 - 9,050 = 195,708
    expected: lines(250_010, 37_502, 1_500, 2_500, 3_750, 0, 9_050, 195_708),
  },
  {
    consignor: 'B',
    lot: {
      lotId: 'B1',
      outcome: 'sold',
      hammerCents: 3_000_000,
      lowEstimateCents: 2_500_000,
      reserveCents: 2_000_000,
    },
    // 15% of the first 500,000 = 75,000; 12% of the 1,500,000 from 500,000 to 2,000,000 = 180,000;
    // 10% of the 1,000,000 above = 100,000; commission 355,000. Insurance 1.5% of 3,000,000 = 45,000.
    // No photography fee, no VAT. net 3,000,000 - 355,000 - 1,500 - 45,000 = 2,598,500
    expected: lines(3_000_000, 355_000, 1_500, 0, 45_000, 0, 0, 2_598_500),
  },
  {
    consignor: 'B',
    lot: {
      lotId: 'B2',
      outcome: 'sold',
      hammerCents: 800_000,
      lowEstimateCents: 600_000,
      reserveCents: 500_000,
    },
    // 75,000 + 12% of 300,000 = 36,000 -> 111,000; insurance 12,000
    // net 800,000 - 111,000 - 1,500 - 12,000 = 675,500
    expected: lines(800_000, 111_000, 1_500, 0, 12_000, 0, 0, 675_500),
  },
  {
    consignor: 'B',
    lot: {
      lotId: 'B3',
      outcome: 'sold',
      hammerCents: 500_000,
      lowEstimateCents: 400_000,
      reserveCents: 350_000,
    },
    // exactly the first band's top: 15% of 500,000 = 75,000; insurance 7,500
    // net 500,000 - 75,000 - 1,500 - 7,500 = 416,000
    expected: lines(500_000, 75_000, 1_500, 0, 7_500, 0, 0, 416_000),
  },
  {
    consignor: 'B',
    lot: {
      lotId: 'B4',
      outcome: 'sold',
      hammerCents: 2_000_003,
      lowEstimateCents: 1_500_000,
      reserveCents: 1_200_000,
    },
    // 75,000 + 180,000 + 10% of 3 = 0.3 -> 255,000.3 -> 255,000; insurance 1.5% = 30,000.045 -> 30,000
    // net 2,000,003 - 255,000 - 1,500 - 30,000 = 1,713,503
    expected: lines(2_000_003, 255_000, 1_500, 0, 30_000, 0, 0, 1_713_503),
  },
  {
    consignor: 'B',
    lot: { lotId: 'B5', outcome: 'unsold', hammerCents: 0, lowEstimateCents: 600_000, reserveCents: 500_000 },
    // insurance 1.5% of 600,000 = 9,000; buy-in 5% of 500,000 = 25,000; no VAT
    // net -(1,500 + 9,000 + 25,000) = -35,500
    expected: lines(0, 0, 1_500, 0, 9_000, 25_000, 0, -35_500),
  },
  {
    consignor: 'B',
    lot: { lotId: 'B6', outcome: 'sold', hammerCents: 10_000, lowEstimateCents: 8_000, reserveCents: 0 },
    // 15% of 10,000 = 1,500, below the 5,000 minimum: 5,000 (the minimum bites); insurance 150
    // net 10,000 - 5,000 - 1,500 - 150 = 3,350
    expected: lines(10_000, 5_000, 1_500, 0, 150, 0, 0, 3_350),
  },
];

const lotsOf = (who: 'A' | 'B') => SALE.filter((s) => s.consignor === who).map((s) => s.lot);
const termsOf = (who: 'A' | 'B') => (who === 'A' ? A_TERMS : B_TERMS);

const day = (n: number) => new Date(Date.UTC(2026, 10, n));
const ADVANCE_DAY = day(2);
const SALE_DAY = day(20);
const PAYOUT_DAY = day(24);
const CONFIRMED_DAY = day(25);
const REFUND_DAY = day(27);

describe('a 12-lot sale worked by hand', () => {
  it.each(SALE.map((s) => [s.lot.lotId, s] as const))('lot %s', (_id, { consignor, lot, expected }) => {
    expect(settleLot(termsOf(consignor), lot).lines).toEqual(expected);
  });

  it('consignor A: totals, and all of it payable', () => {
    const a = settleConsignment(A_TERMS, lotsOf('A'));
    expect(a.totals).toEqual(
      lines(
        1_376_467, // 1,000,000 + 3,000 + 123,457 + 250,010
        209_021, // 150,000 + 3,000 + 18,519 + 37,502
        9_000, // 6 x 1,500
        15_000, // 6 x 2,500
        25_899, // 15,000 + 45 + 4,502 + 1,852 + 750 + 3,750
        14_500, // 12,500 + 2,000
        54_683, // 33,800 + 1,409 + 4,200 + 4,874 + 1,350 + 9,050
        1_048_364, // 797,200 - 5,454 - 25,202 + 94,212 - 8,100 + 195,708
      ),
    );
    // 1,048,364 + 209,021 + (9,000 + 15,000 + 25,899 + 14,500) + 54,683 = 1,376,467: the hammer, to the cent
    expect(a).toMatchObject({ advanceRecoveredCents: 0, balanceCents: 1_048_364, payableCents: 1_048_364 });
  });

  it('consignor B: totals, less the 3,000.00 advance', () => {
    const b = settleConsignment(B_TERMS, lotsOf('B'));
    expect(b.totals).toEqual(
      lines(
        6_310_003, // 3,000,000 + 800,000 + 500,000 + 2,000,003 + 10,000
        801_000, // 355,000 + 111,000 + 75,000 + 255,000 + 5,000
        9_000, // 6 x 1,500
        0,
        103_650, // 45,000 + 12,000 + 7,500 + 30,000 + 9,000 + 150
        25_000,
        0,
        5_371_353, // 2,598,500 + 675,500 + 416,000 + 1,713,503 - 35,500 + 3,350
      ),
    );
    // 5,371,353 - 300,000 = 5,071,353
    expect(b).toMatchObject({
      advanceRecoveredCents: 300_000,
      balanceCents: 5_071_353,
      payableCents: 5_071_353,
    });
    expect(b.debitCarriedCents).toBe(0);
  });

  describe('the ledger: advance, settlement, payouts, then A6 refunded after the payout', () => {
    const a = settleConsignment(A_TERMS, lotsOf('A'));
    const b = settleConsignment(B_TERMS, lotsOf('B'));
    const a6 = a.lots.find((l) => l.lotId === 'A6')!;
    const a6Entries = lotSettlementEntries('A', SALE_DAY, a6);
    const entries = [
      advancePaidEntry('B', ADVANCE_DAY, 300_000),
      ...consignmentSettlementEntries('A', SALE_DAY, a),
      ...consignmentSettlementEntries('B', SALE_DAY, b),
      payoutEntry('A', PAYOUT_DAY, 1_048_364),
      payoutEntry('B', PAYOUT_DAY, 5_071_353),
      payoutConfirmedEntry('A', CONFIRMED_DAY, 1_048_364),
      payoutConfirmedEntry('B', CONFIRMED_DAY, 5_071_353),
      ...reverseEntries(a6Entries, REFUND_DAY),
    ];

    it('every entry sums to zero', () => {
      for (const e of entries) expect(isBalanced(e)).toBe(true);
    });

    it('leaves A a 1,957.08 debit, B square, and the house holding what it earned', () => {
      // A was paid 1,048,364; the refund takes back A6's net 195,708, so A owes it (a debit, positive).
      expect(balanceOf(consignorAccount('A'), entries)).toBe(195_708);
      expect(balanceOf(consignorAccount('B'), entries)).toBe(0);
      // Advanced 300,000 and recovered 300,000.
      expect(balanceOf(advanceAccount('B'), entries)).toBe(0);
      // Credits, so negative: 209,021 + 801,000 - A6's 37,502 = 972,519
      expect(balanceOf(HOUSE_ACCOUNTS.commissionIncome, entries)).toBe(-972_519);
      // A's fees 64,399 + B's 137,650 (9,000 + 103,650 + 25,000) - A6's 7,750 (1,500 + 2,500 + 3,750) = 194,299
      expect(balanceOf(HOUSE_ACCOUNTS.feeIncome, entries)).toBe(-194_299);
      // 54,683 - A6's 9,050 = 45,633
      expect(balanceOf(HOUSE_ACCOUNTS.vatPayable, entries)).toBe(-45_633);
      // Hammers credited to consignors, to be met by the buyers' payments: 1,376,467 + 6,310,003 - 250,010
      expect(balanceOf(HOUSE_ACCOUNTS.hammerClearing, entries)).toBe(7_436_460);
      expect(balanceOf(HOUSE_ACCOUNTS.payoutsClearing, entries)).toBe(0);
      // Out of the bank: 300,000 + 1,048,364 + 5,071,353 = 6,419,717
      expect(balanceOf(HOUSE_ACCOUNTS.bank, entries)).toBe(-6_419_717);
      // 195,708 - 972,519 - 194,299 - 45,633 + 7,436,460 - 6,419,717 = 0: the ledger balances
    });

    it("A's statement from the payout to the end of the month", () => {
      expect(statement(consignorAccount('A'), entries, PAYOUT_DAY, day(30))).toEqual({
        account: 'consignor:A',
        from: PAYOUT_DAY,
        to: day(30),
        openingCents: -1_048_364, // owed to A after the sale
        lines: [
          { at: PAYOUT_DAY, kind: 'payout', amountCents: 1_048_364, balanceCents: 0 },
          // The refund of A6: the hammer goes back, each charge comes back to A.
          {
            at: REFUND_DAY,
            kind: 'reversal',
            reverses: 'hammer_credit',
            lotId: 'A6',
            amountCents: 250_010,
            balanceCents: 250_010,
          },
          {
            at: REFUND_DAY,
            kind: 'reversal',
            reverses: 'commission',
            lotId: 'A6',
            amountCents: -37_502,
            balanceCents: 212_508,
          },
          {
            at: REFUND_DAY,
            kind: 'reversal',
            reverses: 'lotting_fee',
            lotId: 'A6',
            amountCents: -1_500,
            balanceCents: 211_008,
          },
          {
            at: REFUND_DAY,
            kind: 'reversal',
            reverses: 'photography_fee',
            lotId: 'A6',
            amountCents: -2_500,
            balanceCents: 208_508,
          },
          {
            at: REFUND_DAY,
            kind: 'reversal',
            reverses: 'insurance',
            lotId: 'A6',
            amountCents: -3_750,
            balanceCents: 204_758,
          },
          {
            at: REFUND_DAY,
            kind: 'reversal',
            reverses: 'vat',
            lotId: 'A6',
            amountCents: -9_050,
            balanceCents: 195_708,
          },
        ],
        closingCents: 195_708,
      });
    });

    it('refunded before the payout instead, A6 simply leaves it: 1,048,364 - 195,708 = 852,656', () => {
      const beforePayout = [
        ...consignmentSettlementEntries('A', SALE_DAY, a),
        ...reverseEntries(a6Entries, day(21)),
      ];
      expect(balanceOf(consignorAccount('A'), beforePayout)).toBe(-852_656);
      // The consignor's copy of the correction: A6's lines, negated.
      expect(reverseLines(a6.lines)).toEqual(
        lines(-250_010, -37_502, -1_500, -2_500, -3_750, 0, -9_050, -195_708),
      );
    });
  });
});

describe('an advance larger than the proceeds', () => {
  // Consignor C: the house defaults, advanced 500.00, one lot unsold and one sold cheaply.
  const C_TERMS = resolveTerms(HOUSE, { advanceCents: 50_000 });
  const C_LOTS: LotInput[] = [
    // insurance 1.5% of 100,000 = 1,500; buy-in 5% of 80,000 = 4,000; fees 1,500 + 2,500 + 1,500 + 4,000 = 9,500
    // VAT 20% of 9,500 = 1,900; net -11,400
    { lotId: 'C1', outcome: 'unsold', hammerCents: 0, lowEstimateCents: 100_000, reserveCents: 80_000 },
    // 15% of 20,000 = 3,000 -> minimum 5,000; insurance 300; VAT 20% of (5,000 + 1,500 + 2,500 + 300 = 9,300) = 1,860
    // net 20,000 - 9,300 - 1,860 = 8,840
    { lotId: 'C2', outcome: 'sold', hammerCents: 20_000, lowEstimateCents: 15_000, reserveCents: 0 },
  ];

  it('is recovered whole; what the proceeds do not cover is carried as a debit on the account', () => {
    const c = settleConsignment(C_TERMS, C_LOTS);
    expect(c.lots.map((l) => l.lines.netCents)).toEqual([-11_400, 8_840]);
    // proceeds -11,400 + 8,840 = -2,560; less the advance 50,000 = -52,560
    expect(c).toMatchObject({
      advanceRecoveredCents: 50_000,
      balanceCents: -52_560,
      payableCents: 0,
      debitCarriedCents: 52_560,
    });
    const entries = [
      advancePaidEntry('C', ADVANCE_DAY, 50_000),
      ...consignmentSettlementEntries('C', SALE_DAY, c),
    ];
    expect(balanceOf(consignorAccount('C'), entries)).toBe(52_560); // C owes the house 525.60
    expect(balanceOf(advanceAccount('C'), entries)).toBe(0);
  });
});
