/**
 * Splits an amount in cents across parts in proportion to their weights, by the largest-remainder method
 * (decision 073): each part gets the floor of its exact share, then the cents left over go one each to the parts
 * with the largest fractional remainders (ties to the earlier part). The shares are whole cents, never negative,
 * and add up to the amount exactly. With no weight at all (every part weighs 0), the parts weigh the same.
 *
 * Used for a checkout's one shipping charge (and its tax): each order carries its share, in proportion to its
 * price, so what the buyer sees per order adds up to what they paid.
 */
export function splitByWeight(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((s, w) => s + w, 0);
  const w = total > 0 ? weights.map(BigInt) : weights.map(() => 1n);
  const sum = total > 0 ? BigInt(total) : BigInt(weights.length);
  const a = BigInt(amount);
  const floors = w.map((x) => (a * x) / sum);
  const remainders = w.map((x, i) => ({ i, r: (a * x) % sum }));
  let left = Number(a - floors.reduce((s, x) => s + x, 0n));
  remainders.sort((p, q) => (q.r > p.r ? 1 : q.r < p.r ? -1 : p.i - q.i));
  const shares = floors.map(Number);
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
