import { z } from 'zod';
import { textField } from './text.ts';
import { orderSchema } from './bidding.ts';
import { pagedMetaSchema } from './common.ts';
import { apiImageSchema } from './media.ts';

const cents = z.number().int().meta({ description: 'Amount in cents' });

/** Just enough of the rug to show and link an order line (title, link, cover image). */
export const orderRugSchema = z
  .object({ id: textField(), slug: textField(), title: textField(), image: apiImageSchema.nullable() })
  .meta({ id: 'OrderRug' });
export type OrderRug = z.infer<typeof orderRugSchema>;

/**
 * The one order shape every answer about an order extends: the Order a buy now answers (bidding.ts: kind, status,
 * prices, hold and due date), with the rug as a summary to show and link instead of its bare id.
 */
export const orderWithRugSchema = orderSchema.omit({ rugId: true }).extend({ rug: orderRugSchema });

/** One of the caller's orders (auction win, buy-now, or fixed-price purchase), as GET /order/list answers it. */
export const myOrderSchema = orderWithRugSchema
  .extend({
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
