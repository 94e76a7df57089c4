import type { ShippingZone } from '@knotwork/shared/schemas/addresses';
import type { CheckoutQuote, QuoteLine, ShippingMethod } from '@knotwork/shared/schemas/payments';
import { splitByWeight } from '@knotwork/shared/shipping/split';

export interface TaxRate {
  country: string;
  state: string | null;
  rateBp: number;
  appliesTo: 'premium_and_shipping' | 'whole';
}

export type QuoteLineInput = Omit<QuoteLine, 'tax'>;

/** Tax on an amount at a rate in basis points, rounded to the cent half up, in integers (no floating point). */
export function taxOn(amount: number, rateBp: number): number {
  return Number((BigInt(amount) * BigInt(rateBp) + 5_000n) / 10_000n);
}

/**
 * The whole checkout's amounts from its orders (pure: the server calls it with rows it read under lock, tests with
 * plain data). Combined shipping: one shipment, one charge, however many rugs. Tax per line, on the premium (the
 * auctioneers' margin scheme: a buy-now or fixed price carries no premium, so nothing) or on the whole price, and
 * always on the shipping; each rounded once, so the invoice's lines add up to its total exactly.
 */
export function computeQuote(input: {
  lines: readonly QuoteLineInput[];
  shipping: { method: ShippingMethod; zone: ShippingZone | null; amount: number };
  taxRate: TaxRate | null;
  currency: string;
}): CheckoutQuote {
  const rate = input.taxRate;
  const lines: QuoteLine[] = input.lines.map((l) => ({
    ...l,
    tax: rate ? taxOn(rate.appliesTo === 'whole' ? l.itemPrice : l.buyersPremium, rate.rateBp) : 0,
  }));
  const shippingTax = rate ? taxOn(input.shipping.amount, rate.rateBp) : 0;
  const subtotal = lines.reduce((s, l) => s + l.itemPrice, 0);
  const taxAmount = lines.reduce((s, l) => s + l.tax, 0) + shippingTax;
  return {
    lines,
    shipping: { ...input.shipping, tax: shippingTax },
    tax: rate,
    subtotal,
    shippingAmount: input.shipping.amount,
    taxAmount,
    total: subtotal + input.shipping.amount + taxAmount,
    currency: input.currency,
  };
}

/**
 * Each order's share of a quote, frozen on the order at payment: its own price and tax, and a share of the one
 * shipping charge and of its tax in proportion to its price, split by the largest-remainder method (decision 073),
 * so each share is whole cents and the orders' totals add up to the checkout's total exactly.
 */
export function orderShares(
  quote: CheckoutQuote,
): Map<string, { shipping: number; tax: number; total: number }> {
  const shares = new Map<string, { shipping: number; tax: number; total: number }>();
  const weights = quote.lines.map((l) => l.itemPrice);
  const shipping = splitByWeight(quote.shipping.amount, weights);
  const shippingTax = splitByWeight(quote.shipping.tax, weights);
  quote.lines.forEach((l, i) => {
    const tax = l.tax + shippingTax[i]!;
    shares.set(l.orderId, { shipping: shipping[i]!, tax, total: l.itemPrice + shipping[i]! + tax });
  });
  return shares;
}
