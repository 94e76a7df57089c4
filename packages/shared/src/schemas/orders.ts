import { z } from 'zod';
import { textField } from './text.ts';
import { ORDER_KINDS, ORDER_STATUSES } from './bidding.ts';
import { pagedMetaSchema } from './common.ts';
import { apiImageSchema } from './media.ts';

const isoTime = textField().meta({ description: 'ISO 8601 UTC time' });
const cents = z.number().int().meta({ description: 'Amount in cents' });

/** Just enough of the rug to show and link an order line (title, link, cover image). */
export const orderRugSchema = z
  .object({ id: textField(), slug: textField(), title: textField(), image: apiImageSchema.nullable() })
  .meta({ id: 'OrderRug' });
export type OrderRug = z.infer<typeof orderRugSchema>;

/** One of the caller's orders (auction win, buy-now, or fixed-price purchase), as GET /order/list answers it. */
export const myOrderSchema = z
  .object({
    id: textField(),
    kind: z.enum(ORDER_KINDS),
    status: z.enum(ORDER_STATUSES),
    /** What the buyer owes before shipping and tax: hammer + premium, or the all-in buy-now/fixed price. */
    itemPrice: cents,
    buyersPremium: cents,
    /** Auction orders only. */
    hammerPrice: cents.nullable(),
    currency: textField(),
    /** Fixed-price checkout: the rug is held for this buyer until then. */
    reservedUntil: isoTime.nullable(),
    dueAt: isoTime,
    createdAt: isoTime,
    lotId: textField().nullable(),
    rug: orderRugSchema,
    /** Everything paid (with its share of shipping and tax), frozen at payment; null before. */
    total: cents.nullable(),
    /** Once paid: GET /order/{id}/invoice downloads it. */
    invoiceNumber: z.string().nullable(),
    /**
     * Frozen at payment (null before): courier or collection, this order's share of the checkout's one shipping
     * charge (split by price, largest remainder; decision 073) and its tax. total = itemPrice + both.
     */
    shippingMethod: z.enum(['courier', 'collect']).nullable(),
    shippingAmount: cents.nullable(),
    taxAmount: cents.nullable(),
    /** Once shipped: a carrier code of shipping/carriers.ts (or the name of another carrier) and the number. */
    carrier: textField().nullable(),
    trackingNumber: textField().nullable(),
  })
  .meta({ id: 'MyOrder' });
export type MyOrder = z.infer<typeof myOrderSchema>;

export const myOrdersResponseSchema = z
  .object({ data: z.array(myOrderSchema), meta: pagedMetaSchema })
  .meta({ id: 'MyOrders' });
export type MyOrdersResponse = z.infer<typeof myOrdersResponseSchema>;
