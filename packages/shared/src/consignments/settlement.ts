/**
 * Settling a consignor's lots (issue 27, decision 085): what each lot's hammer becomes once the house takes its
 * commission, fees and VAT, and what a consignment pays out once the advance is recovered. Pure integer cents; every
 * split adds up exactly because the net is what is left after the rounded charges, never rounded itself.
 */
import { commissionOn } from './commission.ts';
import { isCents, percentOf } from './percent-of.ts';
import type { ConsignmentTerms, LotTerms } from './terms.ts';

/** `passed` is a live sale's word for unsold (the auctioneer passed the lot); it settles exactly like `unsold`. */
export const LOT_OUTCOMES = ['sold', 'unsold', 'passed'] as const;
export type LotOutcome = (typeof LOT_OUTCOMES)[number];

export interface LotInput {
  lotId?: string;
  outcome: LotOutcome;
  /** The hammer of a sold lot. A lot that did not sell collected nothing, so its highest bid is ignored. */
  hammerCents: number;
  /** Insures an unsold lot. */
  lowEstimateCents: number;
  /** Prices the buy-in fee of an unsold lot; 0 when the lot had none. */
  reserveCents: number;
}

/**
 * One lot's settlement, or a sum or correction of settlements. Charges are positive amounts the consignor pays;
 * always `hammerCents = netCents + commissionCents + fees + vatCents`. A lot that did not sell has a hammer of 0, so
 * its net is minus its fees and VAT: what the consignor owes.
 */
export interface SettlementLines {
  hammerCents: number;
  commissionCents: number;
  lottingFeeCents: number;
  photographyFeeCents: number;
  insuranceCents: number;
  buyInFeeCents: number;
  vatCents: number;
  netCents: number;
}

export interface LotSettlement {
  lotId?: string;
  outcome: LotOutcome;
  lines: SettlementLines;
}

export interface ConsignmentSettlement {
  lots: LotSettlement[];
  /** Each line summed over the lots; `totals.netCents` is the proceeds. */
  totals: SettlementLines;
  /** The advance taken back from these proceeds: all of what was outstanding, even beyond the proceeds. */
  advanceRecoveredCents: number;
  /** Proceeds less the advance: positive is owed to the consignor, negative is a debit carried on their account. */
  balanceCents: number;
  /** What to pay out now: the balance when positive, else 0. */
  payableCents: number;
  /** What the consignor owes the house after this settlement, else 0. */
  debitCarriedCents: number;
}

const LINE_KEYS = [
  'hammerCents',
  'commissionCents',
  'lottingFeeCents',
  'photographyFeeCents',
  'insuranceCents',
  'buyInFeeCents',
  'vatCents',
  'netCents',
] as const satisfies readonly (keyof SettlementLines)[];

/** The fees of a line set: lotting, photography, insurance and buy-in (not commission, not VAT). */
export const feesOf = (l: SettlementLines): number =>
  l.lottingFeeCents + l.photographyFeeCents + l.insuranceCents + l.buyInFeeCents;

/** Everything the house keeps of a line set: commission, fees and VAT. */
export const chargesOf = (l: SettlementLines): number => l.commissionCents + feesOf(l) + l.vatCents;

function checkLot(lot: LotInput): void {
  if (!(LOT_OUTCOMES as readonly string[]).includes(lot.outcome))
    throw new RangeError(`unknown lot outcome: ${lot.outcome}`);
  for (const key of ['hammerCents', 'lowEstimateCents', 'reserveCents'] as const)
    if (!isCents(lot[key])) throw new RangeError(`${key} must be whole, non-negative cents: ${lot[key]}`);
}

/**
 * One lot's lines. Sold: commission (with its minimum, capped at the hammer) and insurance on the hammer. Unsold or
 * passed: insurance on the low estimate and the buy-in fee on the reserve. Either way the lotting and photography
 * fees, then VAT on commission plus fees when the consignor is charged VAT, rounded once on their sum (the VAT an
 * invoice shows is its rate of the charges printed above it).
 */
export function settleLot(terms: LotTerms, lot: LotInput): LotSettlement {
  checkLot(lot);
  const sold = lot.outcome === 'sold';
  const hammerCents = sold ? lot.hammerCents : 0;
  const commissionCents = sold ? commissionOn(terms, hammerCents) : 0;
  const insuranceCents = percentOf(sold ? hammerCents : lot.lowEstimateCents, terms.insuranceRateBps);
  const buyInFeeCents = sold ? 0 : percentOf(lot.reserveCents, terms.buyInFeeRateBps);
  const fees = terms.lottingFeeCents + terms.photographyFeeCents + insuranceCents + buyInFeeCents;
  const vatCents = terms.vatOnCommissionAndFees ? percentOf(commissionCents + fees, terms.vatRateBps) : 0;
  const lines: SettlementLines = {
    hammerCents,
    commissionCents,
    lottingFeeCents: terms.lottingFeeCents,
    photographyFeeCents: terms.photographyFeeCents,
    insuranceCents,
    buyInFeeCents,
    vatCents,
    netCents: hammerCents - commissionCents - fees - vatCents,
  };
  return lot.lotId === undefined
    ? { outcome: lot.outcome, lines }
    : { lotId: lot.lotId, outcome: lot.outcome, lines };
}

const zeroLines = (): SettlementLines =>
  Object.fromEntries(LINE_KEYS.map((key) => [key, 0])) as unknown as SettlementLines;

/** Each line summed: sums of exact lines are exact, so the identity holds for any total. */
export function sumLines(all: readonly SettlementLines[]): SettlementLines {
  const total = zeroLines();
  for (const lines of all) for (const key of LINE_KEYS) total[key] += lines[key];
  return total;
}

/**
 * The correction of a settlement: every line negated, so posting it beside the original nets to zero and nothing
 * is ever edited (a refund before payout takes the lot out of the payout; after it, leaves a debit). Written as
 * `0 - x` so a zero line stays 0, not -0.
 */
export function reverseLines(lines: SettlementLines): SettlementLines {
  const reversed = zeroLines();
  for (const key of LINE_KEYS) reversed[key] = 0 - lines[key];
  return reversed;
}

/**
 * A consignment's settlement: its lots, their totals, and the advance recovered. The advance is per consignment,
 * so it comes off the sum, not any lot. `advanceRecoveredCents` is what is still outstanding (the terms' advance
 * unless part was recovered from an earlier sale). It is recovered whole even when it exceeds the proceeds: the
 * excess stays as a debit on the consignor's account, set against their next proceeds or invoiced.
 */
export function settleConsignment(
  terms: ConsignmentTerms,
  lots: readonly LotInput[],
  advanceRecoveredCents: number = terms.advanceCents,
): ConsignmentSettlement {
  if (!isCents(advanceRecoveredCents))
    throw new RangeError(`an advance is whole, non-negative cents: ${advanceRecoveredCents}`);
  const settled = lots.map((lot) => settleLot(terms, lot));
  const totals = sumLines(settled.map((s) => s.lines));
  const balanceCents = totals.netCents - advanceRecoveredCents;
  return {
    lots: settled,
    totals,
    advanceRecoveredCents,
    balanceCents,
    payableCents: Math.max(0, balanceCents),
    debitCarriedCents: Math.max(0, -balanceCents),
  };
}
