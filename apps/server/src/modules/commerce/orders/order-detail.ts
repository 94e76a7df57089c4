import { isStaffRole } from '@knotwork/shared/abilities/staff';
import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@knotwork/shared/schemas/bidding';
import {
  paymentMessages as m,
  type OrderDetail,
  type ShippingAddressCopy,
  type ShippingMethod,
} from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/http-error.ts';
import { isoFromMs, isoOrNullFromMs, isUuid, num, numOrNull, rows } from '../../../db/raw.ts';
import type { MyOrderRow } from './my-orders-repository.ts';
import { toMyOrder } from './my-orders-service.ts';
import { openCheckoutOf } from '../checkout/checkout-repository.ts';
import { apiBalance, balanceOf, mainCheckoutOf } from '../payments/ledger.ts';
import { COVER_COLUMNS, COVER_JOIN } from '../../catalogue/cover-sql.ts';

interface OrderDetailRow extends MyOrderRow {
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

async function loadOrder(db: Db, orderId: string): Promise<OrderDetailRow | undefined> {
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

/**
 * One order with everything the buyer (or staff) may see: prices, the frozen shipping and tax, tracking, the
 * invoice number, the open bank-transfer reference and the event history. `viewer.staff` sees any order; anyone
 * else only their own, and another's order answers 404 exactly like a missing one.
 */
export async function orderDetail(
  db: Db,
  orderId: string,
  viewer: { userId: string; staff: boolean },
  mediaBaseUrl: string,
): Promise<OrderDetail & { userId: string }> {
  if (!isUuid(orderId)) throw notFound(m.orderNotFound);
  const row = await loadOrder(db, orderId);
  if (!row || (!viewer.staff && row.user_id !== viewer.userId)) throw notFound(m.orderNotFound);
  const [events, open, main] = await Promise.all([
    rows<{
      from_status: OrderStatus;
      to_status: OrderStatus;
      actor_id: string | null;
      actor_role: string | null;
      reason: string | null;
      at_ms: string | number;
    }>(
      db,
      sql`select e.from_status, e.to_status, e.actor_id, u.role as actor_role, e.reason, extract(epoch from e.created_at) * 1000 as at_ms
          from order_events e left join users u on u.id = e.actor_id where e.order_id = ${orderId}::uuid order by e.id`,
    ),
    row.status === 'awaiting_payment' ? openCheckoutOf(db, orderId) : Promise.resolve(undefined),
    mainCheckoutOf(db, orderId),
  ]);
  const balance = main ? apiBalance(main, await balanceOf(db, main)) : null;
  const { rug, ...base } = toMyOrder(row, mediaBaseUrl);
  return {
    ...base,
    rug,
    userId: row.user_id,
    shippingMethod: row.shipping_method,
    shippingAmount: numOrNull(row.shipping_amount),
    shippingAddress: row.shipping_address,
    taxAmount: numOrNull(row.tax_amount),
    total: numOrNull(row.total),
    refundedAmount: num(row.refunded_amount),
    paidAt: isoOrNullFromMs(row.paid_ms),
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    shippedAt: isoOrNullFromMs(row.shipped_ms),
    deliveredAt: isoOrNullFromMs(row.delivered_ms),
    invoiceNumber: row.invoice_number,
    openCheckout: open
      ? { id: open.id, reference: open.reference, total: num(open.total), method: open.method }
      : null,
    balance,
    events: events.map((e) => ({
      fromStatus: e.from_status,
      toStatus: e.to_status,
      actor: e.actor_id === null ? 'system' : isStaffRole(e.actor_role) ? 'staff' : 'buyer',
      reason: e.reason,
      at: isoFromMs(e.at_ms),
    })),
  };
}
