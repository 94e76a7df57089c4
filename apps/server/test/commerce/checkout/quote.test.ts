import { describe, expect, it } from 'vitest';
import { computeQuote, orderShares, taxOn } from '../../../src/modules/commerce/checkout/quote.ts';

const line = (orderId: string, itemPrice: number, buyersPremium: number) => ({
  orderId,
  rugId: `rug-${orderId}`,
  title: 'Rug',
  lotNumber: 1,
  kind: buyersPremium > 0 ? ('auction' as const) : ('buy_now' as const),
  hammerPrice: buyersPremium > 0 ? itemPrice - buyersPremium : null,
  buyersPremium,
  itemPrice,
});

describe('checkout quote (pure)', () => {
  it('rounds tax half up in integers', () => {
    expect(taxOn(5, 1000)).toBe(1); // 0.5 cent
    expect(taxOn(4, 1000)).toBe(0);
    expect(taxOn(12_345, 2000)).toBe(2_469);
    expect(taxOn(9_007_199_254_740, 10_000)).toBe(9_007_199_254_740);
  });

  it('charges shipping once whatever the number of lines, and the order shares add up to the total', () => {
    const quote = computeQuote({
      lines: [line('a', 125_001, 25_001), line('b', 62_503, 12_503), line('c', 30_000, 0)],
      shipping: { method: 'courier', zone: 'europe', amount: 24_500 },
      taxRate: { country: 'FR', state: null, rateBp: 2_000, appliesTo: 'premium_and_shipping' },
      currency: 'EUR',
    });
    expect(quote.shippingAmount).toBe(24_500);
    expect(quote.lines.map((l) => l.tax)).toEqual([5_000, 2_501, 0]);
    expect(quote.shipping.tax).toBe(4_900);
    expect(quote.total).toBe(125_001 + 62_503 + 30_000 + 24_500 + 5_000 + 2_501 + 4_900);
    const shares = [...orderShares(quote).values()];
    // 24,500 split by price (125,001 : 62,503 : 30,000): exact shares 14,080.31 / 7,040.44 / 3,379.25; the floors
    // make 24,499 and the cent left goes to the largest remainder (0.44).
    expect(shares.map((s) => s.shipping)).toEqual([14_080, 7_041, 3_379]);
    expect(shares.reduce((sum, s) => sum + s.shipping, 0)).toBe(24_500);
    expect(shares.reduce((sum, s) => sum + s.total, 0)).toBe(quote.total);
  });

  it('without a tax rate there is no tax, and collection costs nothing', () => {
    const quote = computeQuote({
      lines: [line('a', 100, 20)],
      shipping: { method: 'collect', zone: null, amount: 0 },
      taxRate: null,
      currency: 'USD',
    });
    expect(quote).toMatchObject({ taxAmount: 0, shippingAmount: 0, total: 100, tax: null });
  });
});
