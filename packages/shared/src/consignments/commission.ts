/**
 * The seller's commission on a hammer (decision 085): flat or marginal bands, raised to the minimum, capped at
 * the hammer.
 */
import { percentOf, roundBpsProduct } from './percent-of.ts';
import type { CommissionTerms, LotTerms } from './terms.ts';

/**
 * The commission the rate or scale gives, before the minimum. Marginal bands: each band's rate applies to the part
 * of the hammer inside it. The exact products are summed and rounded once, so a scale is one line with one
 * rounding, like a flat rate: rounding each band's part would let a three-band scale be off by more than a cent.
 */
export function scaleCommission(commission: CommissionTerms, hammerCents: number): number {
  if (commission.kind === 'flat') return percentOf(hammerCents, commission.rateBps);
  let exact = 0n;
  commission.bands.forEach((band, i) => {
    const to = commission.bands[i + 1]?.fromCents ?? Infinity;
    const part = Math.max(0, Math.min(hammerCents, to) - band.fromCents);
    exact += BigInt(part) * BigInt(band.rateBps);
  });
  return roundBpsProduct(exact);
}

/**
 * The commission on a sold lot: the scale's, raised to the minimum, but never more than the hammer. The cap is
 * the house's choice (decision 085): a minimum is a share of what the lot fetched and cannot take more than all of
 * it; the fixed fees are separate charges and can still leave a cheap lot's net below zero.
 */
export function commissionOn(terms: LotTerms, hammerCents: number): number {
  const scaled = scaleCommission(terms.commission, hammerCents);
  return Math.min(hammerCents, Math.max(scaled, terms.minimumCommissionCents));
}
