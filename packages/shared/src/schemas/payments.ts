/**
 * Checkout and payment (decision 025): the checkout request the page, the route and the OpenAPI document share,
 * the frozen quote, order detail, invoices, second-chance offers. Amounts are integer cents; the client never
 * sends one: the server computes every amount from the orders.
 */
import { z } from 'zod';
import { textField } from './text.ts';
import { ORDER_KINDS, ORDER_STATUSES } from './bidding.ts';
import { shippingZoneSchema } from './addresses.ts';
import { myOrderSchema } from './orders.ts';
import { paymentMessages } from '../messages/payments.ts';

export { paymentMessages } from '../messages/payments.ts';
const m = paymentMessages;

export const SHIPPING_METHODS = ['courier', 'collect'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const PAYMENT_PROVIDERS = ['bank_transfer', 'stripe', 'paypal'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const TAX_APPLIES_TO = ['premium_and_shipping', 'whole'] as const;
export const CHECKOUT_STATUSES = ['open', 'paid', 'superseded'] as const;
/** Why a reported payment was not counted: its currency, or orders no longer payable (a short amount is partial). */
export const PAYMENT_REFUSALS = ['amount_mismatch', 'currency_mismatch', 'not_payable'] as const;
export const MAX_ORDERS_PER_CHECKOUT = 20;

export const isoTime = textField().meta({ description: 'ISO 8601 UTC time' });
export const cents = z.number().int().meta({ description: 'Amount in cents' });
/** A short free text (carrier, tracking number, transfer id). */
export const shortText = (required: string) =>
  textField({ error: required }).trim().min(1, required).max(200, m.textMax);

// ---- Requests -----------------------------------------------------------------------------------------------

/** What the checkout page sends: the orders, the address (courier only) and the method. Never an amount. */
export const checkoutRequestSchema = z
  .object({
    orderIds: z
      .array(z.uuid(m.orderIdInvalid), { error: m.ordersRequired })
      .min(1, m.ordersRequired)
      .max(MAX_ORDERS_PER_CHECKOUT, m.ordersTooMany)
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, m.ordersDuplicate),
    shippingMethod: z.enum(SHIPPING_METHODS, { error: m.shippingMethodInvalid }),
    addressId: z.uuid(m.addressRequired).optional(),
  })
  .strict()
  .refine((v) => v.shippingMethod === 'collect' || v.addressId !== undefined, {
    message: m.addressRequired,
    path: ['addressId'],
  })
  .meta({ id: 'CheckoutRequest' });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

// ---- Quote, checkout ----------------------------------------------------------------------------------------

export const shippingAddressCopySchema = z
  .object({
    name: textField(),
    phone: textField(),
    line1: textField(),
    line2: textField().nullable(),
    city: textField(),
    state: textField().nullable(),
    postalCode: textField().nullable(),
    country: textField(),
  })
  .meta({ id: 'ShippingAddressCopy' });
export type ShippingAddressCopy = z.infer<typeof shippingAddressCopySchema>;

export const quoteLineSchema = z
  .object({
    orderId: textField(),
    rugId: textField(),
    title: textField(),
    lotNumber: z.number().int().nullable(),
    kind: z.enum(ORDER_KINDS),
    /** Auction lots only; buy-now and fixed prices are all-in. */
    hammerPrice: cents.nullable(),
    buyersPremium: cents,
    /** Hammer + premium, or the all-in price. */
    itemPrice: cents,
    tax: cents,
  })
  .meta({ id: 'QuoteLine' });
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const taxAppliedSchema = z
  .object({
    country: textField(),
    state: textField().nullable(),
    rateBp: z.number().int().meta({ description: 'Rate in basis points (2000 = 20%)' }),
    appliesTo: z.enum(TAX_APPLIES_TO),
  })
  .meta({ id: 'TaxApplied' });

export const checkoutQuoteSchema = z
  .object({
    lines: z.array(quoteLineSchema),
    shipping: z.object({
      method: z.enum(SHIPPING_METHODS),
      /** Courier only. */
      zone: shippingZoneSchema.nullable(),
      /** One charge for the whole checkout (combined shipping). */
      amount: cents,
      tax: cents,
    }),
    tax: taxAppliedSchema.nullable(),
    subtotal: cents,
    shippingAmount: cents,
    taxAmount: cents,
    total: cents,
    currency: textField(),
  })
  .meta({ id: 'CheckoutQuote' });
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

export const checkoutQuoteResponseSchema = z
  .object({ data: checkoutQuoteSchema.extend({ shippingAddress: shippingAddressCopySchema.nullable() }) })
  .meta({ id: 'CheckoutQuoteResponse' });

export const checkoutSchema = z
  .object({
    id: textField(),
    /** Quote this on a bank transfer. */
    reference: textField(),
    status: z.enum(CHECKOUT_STATUSES),
    method: z.enum(PAYMENT_PROVIDERS),
    orderIds: z.array(textField()),
    shippingAddress: shippingAddressCopySchema.nullable(),
    quote: checkoutQuoteSchema,
    invoiceNumber: textField().nullable(),
    createdAt: isoTime,
    paidAt: isoTime.nullable(),
  })
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof checkoutSchema>;

export const checkoutResponseSchema = z.object({ data: checkoutSchema }).meta({ id: 'CheckoutResponse' });

export const bankTransferResponseSchema = z
  .object({
    message: textField(),
    data: z.object({
      checkout: checkoutSchema,
      reference: textField(),
      /** The house's bank details and how to pay (BANK_TRANSFER_INSTRUCTIONS). */
      instructions: textField(),
      dueAt: isoTime,
    }),
  })
  .meta({ id: 'BankTransferResponse' });
export type BankTransferResponse = z.infer<typeof bankTransferResponseSchema>;

// ---- Orders -------------------------------------------------------------------------------------------------

export const orderEventSchema = z
  .object({
    fromStatus: z.enum(ORDER_STATUSES),
    toStatus: z.enum(ORDER_STATUSES),
    /** 'staff', 'buyer' or 'system' (never a staff member's identity to the buyer). */
    actor: z.enum(['staff', 'buyer', 'system']),
    reason: textField().nullable(),
    at: isoTime,
  })
  .meta({ id: 'OrderEvent' });

/** One checkout's money (decision 072): asked, received, written off, credit sent back, still due, credit. */
export const paymentBalanceSchema = z
  .object({
    checkoutId: textField(),
    reference: textField(),
    method: z.enum(PAYMENT_PROVIDERS),
    currency: textField(),
    total: cents,
    received: cents,
    writtenOff: cents,
    creditRefunded: cents,
    balanceDue: cents,
    credit: cents,
  })
  .meta({ id: 'PaymentBalance' });
export type PaymentBalance = z.infer<typeof paymentBalanceSchema>;

/** One order in full (GET /order/{id}): the buyer's order line (orders.ts) with its money, address and history. */
export const orderDetailSchema = myOrderSchema
  .extend({
    /** Frozen at payment (null before). */
    shippingAddress: shippingAddressCopySchema.nullable(),
    refundedAmount: cents,
    paidAt: isoTime.nullable(),
    shippedAt: isoTime.nullable(),
    deliveredAt: isoTime.nullable(),
    /** The open bank-transfer checkout holding this order, if any (its reference and amount to pay). */
    openCheckout: z
      .object({ id: textField(), reference: textField(), total: cents, method: z.enum(PAYMENT_PROVIDERS) })
      .nullable(),
    /** The money of the checkout that pays (or paid) this order: received so far, balance due, credit. */
    balance: paymentBalanceSchema.nullable(),
    events: z.array(orderEventSchema),
  })
  .meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderDetailResponseSchema = z
  .object({ data: orderDetailSchema })
  .meta({ id: 'OrderDetailResponse' });

export const orderIdParamSchema = z.object({ id: textField().min(1).max(200) });

// ---- Second-chance offers (public by token) ------------------------------------------------------------------

export const secondChanceTokenParamSchema = z.object({ token: textField().min(10).max(200) });
export const secondChanceAnswerSchema = z
  .object({ accept: z.boolean({ error: 'Answer accept: true or false' }) })
  .strict()
  .meta({ id: 'SecondChanceAnswer' });

export const secondChanceOfferSchema = z
  .object({
    status: z.enum(['pending', 'accepted', 'declined', 'expired']),
    rug: z.object({ id: textField(), title: textField() }),
    lotNumber: z.number().int(),
    /** The hammer price offered; the buyer's premium is added as at the sale. */
    price: cents,
    buyersPremium: cents,
    total: cents,
    currency: textField(),
    expiresAt: isoTime,
    /** Set once accepted: the new order to pay. */
    orderId: textField().nullable(),
  })
  .meta({ id: 'SecondChanceOffer' });
export type SecondChanceOffer = z.infer<typeof secondChanceOfferSchema>;
export const secondChanceResponseSchema = z
  .object({ message: textField().optional(), data: secondChanceOfferSchema })
  .meta({ id: 'SecondChanceResponse' });
