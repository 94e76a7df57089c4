/** Payment is due this long after the sale (AUCTION-RULES.md "After the sale"). */
export const PAYMENT_DUE_MS = 3 * 24 * 3_600_000;
/** A fixed-price rug is held for its first buyer this long while they pay. */
export const FIXED_PRICE_HOLD_MS = 15 * 60_000;

/**
 * Buyer's premium on a hammer price (cents), rounded to the cent, half up. The rate (numeric(5,2) percent) is
 * taken in whole basis points and the product computed in integers: floating point would misround exact half
 * cents (e.g. 1.005 * 100 is 100.49999999999999) and lose precision on very large hammers.
 */
export function buyersPremium(hammer: number, pct: number): number {
  if (!Number.isSafeInteger(hammer) || hammer < 0)
    throw new RangeError(`hammer must be a whole number of cents: ${hammer}`);
  const basisPoints = Math.round(pct * 100);
  if (!Number.isFinite(basisPoints) || basisPoints < 0)
    throw new RangeError(`premium rate out of range: ${pct}`);
  return Number((BigInt(hammer) * BigInt(basisPoints) + 5_000n) / 10_000n);
}
