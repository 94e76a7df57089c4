import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@knotwork/shared/schemas/bidding';
import type { ShippingAddressCopy, ShippingMethod } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/raw.ts';
import { COVER_COLUMNS, COVER_JOIN } from '../../catalogue/cover-sql.ts';
import type { MyOrderRow } from './my-orders-repository.ts';

/** An order with everything its detail page shows: the buyer's list row plus money, address and dates. */
export interface OrderDetailRow extends MyOrderRow {
  user_id: string;
  shipping_method: ShippingMethod | null;
  shipping_amount: string | number | null;
  shipping_address: ShippingAddressCopy | null;
  tax_amount: string | number | null;
  total: string | number | null;
  refunded_amount: string | number;
  paid_ms: string | number | null;
  carrier: string | null;
  tracking_number: string | null;
  shipped_ms: string | number | null;
  delivered_ms: string | number | null;
  invoice_number: string | null;
}

export async function findOrderDetail(db: Db, orderId: string): Promise<OrderDetailRow | undefined> {
  const [row] = await rows<OrderDetailRow>(
    db,
    sql`select o.id, o.user_id, o.rug_id, o.lot_id, o.kind, o.status, o.hammer_price, o.buyers_premium, o.item_price, o.currency,
          extract(epoch from o.reserved_until) * 1000 as reserved_ms, extract(epoch from o.due_at) * 1000 as due_ms,
          extract(epoch from o.created_at) * 1000 as created_ms,
          o.shipping_method, o.shipping_amount, o.shipping_address, o.tax_amount, o.total, o.total as paid_total, o.refunded_amount,
          extract(epoch from o.paid_at) * 1000 as paid_ms, o.carrier, o.tracking_number,
          extract(epoch from o.shipped_at) * 1000 as shipped_ms, extract(epoch from o.delivered_at) * 1000 as delivered_ms,
          (select number from invoices i where i.checkout_id = o.checkout_id) as invoice_number,
          r.slug as rug_slug, r.title as rug_title,
          ${COVER_COLUMNS}
        from orders o
        join rugs r on r.id = o.rug_id
        ${COVER_JOIN}
        where o.id = ${orderId}::uuid`,
  );
  return row;
}

export interface OrderEventRow {
  from_status: OrderStatus;
  to_status: OrderStatus;
  actor_id: string | null;
  actor_role: string | null;
  reason: string | null;
  at_ms: string | number;
}

/** An order's history, oldest first, with each actor's role (never their identity to the buyer). */
export async function orderEventsOf(db: Db, orderId: string): Promise<OrderEventRow[]> {
  return rows<OrderEventRow>(
    db,
    sql`select e.from_status, e.to_status, e.actor_id, u.role as actor_role, e.reason, extract(epoch from e.created_at) * 1000 as at_ms
        from order_events e left join users u on u.id = e.actor_id where e.order_id = ${orderId}::uuid order by e.id`,
  );
}
