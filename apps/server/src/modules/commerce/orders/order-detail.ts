import { isStaffRole } from '@knotwork/shared/abilities/staff';
import { paymentMessages as m, type OrderDetail } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/http-error.ts';
import { isoFromMs, isoOrNullFromMs, isUuid, num, numOrNull } from '../../../db/raw.ts';
import { toMyOrder } from './my-order-mapper.ts';
import { findOrderDetail, orderEventsOf } from './order-detail-repository.ts';
import { openCheckoutOf } from '../checkout/checkout-repository.ts';
import { apiBalance } from '../payments/ledger.ts';
import { balanceOf, mainCheckoutOf } from '../payments/ledger-repository.ts';

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
  const row = await findOrderDetail(db, orderId);
  if (!row || (!viewer.staff && row.user_id !== viewer.userId)) throw notFound(m.orderNotFound);
  const [events, open, main] = await Promise.all([
    orderEventsOf(db, orderId),
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
