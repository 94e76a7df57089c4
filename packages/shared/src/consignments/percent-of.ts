/**
 * The one rounding of consignor money (decision 085): a rate in basis points applied to an amount in cents, rounded
 * to the cent, half up, once per line. Every commission, insurance, buy-in fee and VAT line goes through here.
 */

/** Basis points in a whole: 10,000 bps = 100 %, so 1 % = 100 bps. */
export const BPS_PER_WHOLE = 10_000;

/** True for a whole, non-negative number of cents that arithmetic keeps exact. */
export const isCents = (value: number): boolean => Number.isSafeInteger(value) && value >= 0;

/** True for a whole rate from 0 % to 100 %. */
export const isRateBps = (value: number): boolean =>
  Number.isInteger(value) && value >= 0 && value <= BPS_PER_WHOLE;

/**
 * Divides an exact sum of `cents × bps` by 10,000 and rounds half up. Half up, not half even, because the buyer's
 * premium and checkout tax already round so (apps/server commerce `buyersPremium`, `taxOn`): one rule for a hammer
 * on both sides of the sale, and the rule a consignor's spreadsheet ROUND() applies when they check a statement.
 * Only non-negative sums come here (a correction negates lines already rounded), so "up" is never ambiguous.
 * BigInt, because floating point misrounds exact halves (1.005 * 100 is 100.49999999999999).
 */
export function roundBpsProduct(product: bigint): number {
  if (product < 0n) throw new RangeError(`a rate applies to a non-negative amount: ${product}`);
  return Number((product + 5_000n) / 10_000n);
}

/** `rateBps` of `cents`, to the cent, half up: 1.5 % (150 bps) of 100 cents is 1.5, so 2 cents. */
export function percentOf(cents: number, rateBps: number): number {
  if (!isCents(cents)) throw new RangeError(`an amount is whole, non-negative cents: ${cents}`);
  if (!isRateBps(rateBps)) throw new RangeError(`a rate is 0 to 10,000 basis points: ${rateBps}`);
  return roundBpsProduct(BigInt(cents) * BigInt(rateBps));
}
