import { sql } from 'drizzle-orm';
import type { OrderKind, OrderStatus } from '../../../db/schema/index.ts';
import type { AdminOrder, AdminOrderListQuery } from '@knotwork/shared/schemas/orders-staff';
import type { Db } from '../../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, num, numOrNull, rows } from '../../../db/raw.ts';
import { pageMeta, pageOffset } from '../../../lib/paging.ts';
import type { Refusal } from '../payments/payment-repository.ts';
import { balanceFrom } from '../payments/ledger.ts';
import { LEDGER_SUMS, MAIN_CHECKOUT_ID } from '../payments/ledger-repository.ts';
import { findCheckout } from '../checkout/checkout-repository.ts';

interface AdminOrderRow {
  id: string;
  kind: OrderKind;
  status: OrderStatus;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  rug_id: string;
  rug_title: string;
  lot_id: string | null;
  item_price: string | number;
  total: string | number | null;
  refunded_amount: string | number;
  currency: string;
  due_ms: string | number;
  overdue: boolean;
  paid_ms: string | number | null;
  created_ms: string | number;
  invoice_number: string | null;
  checkout_status: string | null;
  checkout_total: string | number | null;
  received: string | number | null;
  written_off: string | number | null;
  credit_refunded: string | number | null;
  n: string | number;
}

const toAdminOrder = (r: AdminOrderRow): AdminOrder => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  buyer: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
  rug: { id: r.rug_id, title: r.rug_title },
  lotId: r.lot_id,
  itemPrice: num(r.item_price),
  total: numOrNull(r.total),
  refundedAmount: num(r.refunded_amount),
  currency: r.currency,
  dueAt: isoFromMs(r.due_ms),
  overdue: r.overdue,
  paidAt: isoOrNullFromMs(r.paid_ms),
  createdAt: isoFromMs(r.created_ms),
  invoiceNumber: r.invoice_number,
  ...orderMoney(r),
});

/** Received so far, still due (null: no checkout yet) and credit of the order's main checkout (decision 072). */
function orderMoney(r: AdminOrderRow): Pick<AdminOrder, 'paidSoFar' | 'balanceDue' | 'credit'> {
  if (r.checkout_status === null || r.checkout_total === null)
    return { paidSoFar: 0, balanceDue: null, credit: 0 };
  const b = balanceFrom(
    { status: r.checkout_status, total: r.checkout_total },
    { received: r.received ?? 0, written_off: r.written_off ?? 0, credit_refunded: r.credit_refunded ?? 0 },
  );
  return { paidSoFar: b.received, balanceDue: b.balanceDue, credit: b.credit };
}

/** Staff's order list, newest first, filtered by status, buyer, overdue, or a search (buyer, rug, reference). */
export async function listOrders(db: Db, q: AdminOrderListQuery) {
  const filters = [sql`true`];
  if (q.status) filters.push(sql`o.status = ${q.status}`);
  if (q.userId) filters.push(sql`o.user_id = ${q.userId}::uuid`);
  if (q.overdue !== undefined) {
    filters.push(
      q.overdue
        ? sql`o.status = 'awaiting_payment' and o.due_at < clock_timestamp()`
        : sql`not (o.status = 'awaiting_payment' and o.due_at < clock_timestamp())`,
    );
  }
  if (q.q) {
    const like = `%${q.q}%`;
    filters.push(sql`(u.email ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like} or r.title ilike ${like}
      or exists (select 1 from checkouts c where c.reference = ${q.q.toUpperCase()} and c.order_ids @> array[o.id]))`);
  }
  const found = await rows<AdminOrderRow>(
    db,
    sql`select o.id, o.kind, o.status, o.user_id, u.first_name, u.last_name, u.email, o.rug_id, r.title as rug_title, o.lot_id,
          o.item_price, o.total, o.refunded_amount, o.currency, extract(epoch from o.due_at) * 1000 as due_ms,
          (o.status = 'awaiting_payment' and o.due_at < clock_timestamp()) as overdue,
          extract(epoch from o.paid_at) * 1000 as paid_ms, extract(epoch from o.created_at) * 1000 as created_ms,
          (select number from invoices i where i.checkout_id = o.checkout_id) as invoice_number,
          m.status as checkout_status, m.total as checkout_total, m.received, m.written_off, m.credit_refunded,
          count(*) over () as n
        from orders o join users u on u.id = o.user_id join rugs r on r.id = o.rug_id
        left join lateral (select c.status, c.total, ${LEDGER_SUMS} from checkouts c where c.id = ${MAIN_CHECKOUT_ID}) m on true
        where ${sql.join(filters, sql` and `)}
        order by o.created_at desc, o.id desc
        limit ${q.pageSize} offset ${pageOffset(q)}`,
  );
  const total = num(found[0]?.n ?? 0);
  return {
    data: found.map(toAdminOrder),
    meta: pageMeta(q, total),
  };
}

export async function paymentsOfOrder(db: Db, orderId: string) {
  const found = await rows<{
    id: string;
    checkout_id: string;
    reference: string;
    provider: 'bank_transfer' | 'stripe' | 'paypal';
    provider_ref: string;
    amount: string | number;
    currency: string;
    status: 'applied' | 'refused';
    refusal: Refusal | null;
    created_ms: string | number;
  }>(
    db,
    sql`select p.id, p.checkout_id, c.reference, p.provider, p.provider_ref, p.amount, p.currency, p.status, p.refusal,
          extract(epoch from p.created_at) * 1000 as created_ms
        from payments p join checkouts c on c.id = p.checkout_id
        where c.order_ids @> array[${orderId}::uuid] order by p.created_at, p.id`,
  );
  return found.map((p) => ({
    id: p.id,
    checkoutId: p.checkout_id,
    reference: p.reference,
    provider: p.provider,
    providerRef: p.provider_ref,
    amount: num(p.amount),
    currency: p.currency,
    status: p.status,
    refusal: p.refusal,
    createdAt: isoFromMs(p.created_ms),
  }));
}

export async function refundsOfOrder(db: Db, orderId: string) {
  const found = await rows<{
    id: string;
    amount: string | number;
    currency: string;
    provider: 'bank_transfer' | 'stripe' | 'paypal';
    provider_ref: string | null;
    reason: string | null;
    number: string;
    created_ms: string | number;
  }>(
    db,
    sql`select f.id, f.amount, f.currency, f.provider, f.provider_ref, f.reason, cn.number, extract(epoch from f.created_at) * 1000 as created_ms
        from refunds f join credit_notes cn on cn.refund_id = f.id where f.order_id = ${orderId}::uuid order by f.created_at, f.id`,
  );
  return found.map((f) => ({
    id: f.id,
    amount: num(f.amount),
    currency: f.currency,
    provider: f.provider,
    providerRef: f.provider_ref,
    reason: f.reason,
    creditNoteNumber: f.number,
    createdAt: isoFromMs(f.created_ms),
  }));
}

/** Write-offs and credit refunds on the checkouts of an order, oldest first (append-only, decision 072). */
export async function adjustmentsOfOrder(db: Db, orderId: string) {
  const found = await rows<{
    id: string;
    checkout_id: string;
    kind: 'write_off' | 'credit_refund';
    amount: string | number;
    currency: string;
    reason: string;
    first_name: string | null;
    last_name: string | null;
    created_ms: string | number;
  }>(
    db,
    sql`select a.id, a.checkout_id, a.kind, a.amount, a.currency, a.reason, u.first_name, u.last_name,
          extract(epoch from a.created_at) * 1000 as created_ms
        from payment_adjustments a join checkouts c on c.id = a.checkout_id left join users u on u.id = a.staff_id
        where c.order_ids @> array[${orderId}::uuid] order by a.created_at, a.id`,
  );
  return found.map((a) => ({
    id: a.id,
    checkoutId: a.checkout_id,
    kind: a.kind,
    amount: num(a.amount),
    currency: a.currency,
    reason: a.reason,
    staffName: a.first_name === null ? null : `${a.first_name} ${a.last_name ?? ''}`.trim(),
    createdAt: isoFromMs(a.created_ms),
  }));
}

/** The adjustment a retried request (same Idempotency-Key) already wrote, if any. */
export async function adjustmentByKey(
  db: Db,
  checkoutId: string,
  kind: 'write_off' | 'credit_refund',
  key: string,
) {
  const [row] = await rows<{ id: string }>(
    db,
    sql`select id from payment_adjustments where checkout_id = ${checkoutId}::uuid and kind = ${kind} and idempotency_key = ${key}`,
  );
  return row;
}

/** The checkout of an order on which a retried request (same Idempotency-Key) already wrote its adjustment. */
export async function checkoutOfAdjustmentKey(
  db: Db,
  orderId: string,
  kind: 'write_off' | 'credit_refund',
  key: string,
) {
  const [row] = await rows<{ checkout_id: string }>(
    db,
    sql`select a.checkout_id from payment_adjustments a join checkouts c on c.id = a.checkout_id
        where c.order_ids @> array[${orderId}::uuid] and a.kind = ${kind} and a.idempotency_key = ${key}`,
  );
  return row ? findCheckout(db, row.checkout_id) : undefined;
}

/** What relisting an order's rug depends on: the rug, the order's status, and whether anything still holds the rug. */
export async function relistStateOf(
  tx: Db,
  orderId: string,
): Promise<{ rug_id: string; status: string; live: boolean } | undefined> {
  const [o] = await rows<{ rug_id: string; status: string; live: boolean }>(
    tx,
    sql`select o.rug_id, o.status,
          exists (select 1 from orders x where x.rug_id = o.rug_id and x.status not in ('cancelled', 'expired')) or
          exists (select 1 from second_chance_offers s where s.order_id = o.id and s.status = 'pending') as live
        from orders o where o.id = ${orderId}::uuid`,
  );
  return o;
}

export async function lockRug(tx: Db, rugId: string): Promise<void> {
  await tx.execute(sql`select id from rugs where id = ${rugId}::uuid for update`);
}

/** The rug is back on the shelf (then a new lot or a fixed price, through the admin API). */
export async function markRugAvailable(tx: Db, rugId: string): Promise<void> {
  await tx.execute(
    sql`update rugs set status = 'available', updated_at = clock_timestamp() where id = ${rugId}::uuid`,
  );
}
