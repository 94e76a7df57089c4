import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/raw.ts';
import { countOf, pageOffset, windowTotal } from '../../../lib/paging.ts';
import type { OrderDbRow } from './order-repository.ts';
import { COVER_COLUMNS, COVER_JOIN, type CoverColumns } from '../../catalogue/cover-sql.ts';

/** An order with its rug's link fields and cover image (cover columns all null when the rug has no image). */
export interface MyOrderRow extends Omit<OrderDbRow, 'user_id'>, CoverColumns {
  rug_slug: string;
  rug_title: string;
  /** orders.total (the window count of a page is `total` in the page query). */
  paid_total: string | number | null;
  invoice_number: string | null;
  /** Frozen at payment: this order's share of the checkout's one shipping charge and of the tax (decision 073). */
  shipping_method: 'courier' | 'collect' | null;
  shipping_amount: string | number | null;
  tax_amount: string | number | null;
  carrier: string | null;
  tracking_number: string | null;
}

/**
 * One page of the user's orders, newest first (id breaks ties so paging is stable), with the total in the same
 * statement. Every order is listed whatever its status: an expired fixed-price hold is still history the buyer saw.
 */
export async function ordersOfUser(
  db: Db,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: MyOrderRow[]; total: number }> {
  const found = await rows<MyOrderRow & { total: string | number }>(
    db,
    sql`select o.id, o.rug_id, o.lot_id, o.kind, o.status, o.hammer_price, o.buyers_premium, o.item_price, o.currency,
          extract(epoch from o.reserved_until) * 1000 as reserved_ms, extract(epoch from o.due_at) * 1000 as due_ms,
          extract(epoch from o.created_at) * 1000 as created_ms, o.total as paid_total,
          o.shipping_method, o.shipping_amount, o.tax_amount, o.carrier, o.tracking_number,
          (select number from invoices i where i.checkout_id = o.checkout_id) as invoice_number,
          r.slug as rug_slug, r.title as rug_title,
          ${COVER_COLUMNS},
          count(*) over () as total
        from orders o
        join rugs r on r.id = o.rug_id
        ${COVER_JOIN}
        where o.user_id = ${userId}::uuid
        order by o.created_at desc, o.id desc
        limit ${pageSize} offset ${pageOffset({ page, pageSize })}`,
  );
  // Past the last page the window count is absent, so count separately (only then).
  const total = await windowTotal(found, () =>
    countOf(db, sql`select count(*) as n from orders where user_id = ${userId}::uuid`),
  );
  return { rows: found, total };
}
