import type { ShippingZone } from '@knotwork/shared/schemas/addresses';
import type { CheckoutQuote, QuoteLine, ShippingMethod } from '@knotwork/shared/schemas/payments';

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
 * Each order's share of a quote, frozen on the order at payment: its own price and tax, and the one shipping
 * charge (with its tax) on the first line only, so the orders' totals add up to the checkout's total.
 */
export function orderShares(quote: CheckoutQuote): Map<string, { shipping: number; tax: number; total: number }> {
  const shares = new Map<string, { shipping: number; tax: number; total: number }>();
  quote.lines.forEach((l, i) => {
    const shipping = i === 0 ? quote.shipping.amount : 0;
    const tax = l.tax + (i === 0 ? quote.shipping.tax : 0);
    shares.set(l.orderId, { shipping, tax, total: l.itemPrice + shipping + tax });
  });
  return shares;
}
