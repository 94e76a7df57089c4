import type { MyOrder } from '@knotwork/shared/schemas/orders';
import { numOrNull } from '../../../db/raw.ts';
import { toApiImage } from '../../media/index.ts';
import { coverImage } from '../../catalogue/cover-sql.ts';
import { toApiOrder } from './order-repository.ts';
import type { MyOrderRow } from './my-orders-repository.ts';

/** A buyer's order row as My Items and the order page show it (the order page adds its detail to it). */
export function toMyOrder(row: MyOrderRow, mediaBaseUrl: string): MyOrder {
  // toApiOrder only reads the order columns; user_id is not selected (the caller is the owner).
  const { rugId: _rugId, ...order } = toApiOrder({ ...row, user_id: '' });
  const cover = coverImage(row);
  const image = cover && toApiImage(cover, { baseUrl: mediaBaseUrl, alt: row.cover_alt ?? row.rug_title });
  return {
    ...order,
    rug: { id: row.rug_id, slug: row.rug_slug, title: row.rug_title, image },
    total: numOrNull(row.paid_total),
    invoiceNumber: row.invoice_number,
    shippingMethod: row.shipping_method,
    shippingAmount: numOrNull(row.shipping_amount),
    taxAmount: numOrNull(row.tax_amount),
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
  };
}
