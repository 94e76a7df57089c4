import { sql, type SQL } from 'drizzle-orm';
import type { Order } from '@knotwork/shared/schemas/bidding';
import type { ShippingAddressCopy, ShippingMethod } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, num, numOrNull, rows } from '../../../db/raw.ts';

export interface OrderDbRow {
  id: string;
  user_id: string;
  rug_id: string;
  lot_id: string | null;
  kind: Order['kind'];
  status: Order['status'];
  hammer_price: string | number | null;
  buyers_premium: string | number;
  item_price: string | number;
  currency: string;
  reserved_ms: string | number | null;
  due_ms: string | number;
  created_ms: string | number;
}

const COLUMNS =
  sql.raw(`id, user_id, rug_id, lot_id, kind, status, hammer_price, buyers_premium, item_price, currency,
  extract(epoch from reserved_until) * 1000 as reserved_ms, extract(epoch from due_at) * 1000 as due_ms,
  extract(epoch from created_at) * 1000 as created_ms`);

export function toApiOrder(row: OrderDbRow): Order {
  return {
    id: row.id,
    rugId: row.rug_id,
    lotId: row.lot_id,
    kind: row.kind,
    status: row.status,
    hammerPrice: numOrNull(row.hammer_price),
    buyersPremium: num(row.buyers_premium),
    itemPrice: num(row.item_price),
    currency: row.currency,
    reservedUntil: isoOrNullFromMs(row.reserved_ms),
    dueAt: isoFromMs(row.due_ms),
    createdAt: isoFromMs(row.created_ms),
  };
}

export interface NewOrder {
  userId: string;
  rugId: string;
  lotId: string | null;
  kind: Order['kind'];
  hammerPrice: number | null;
  buyersPremium: number;
  itemPrice: number;
  currency: string;
  /** Epoch ms, from the database clock of the transaction that sold the rug. */
  at: number;
  reservedUntil: number | null;
  dueAt: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function insertOrder(tx: Db, o: NewOrder): Promise<OrderDbRow> {
  const [row] = await rows<OrderDbRow>(
    tx,
    sql`insert into orders (user_id, rug_id, lot_id, kind, hammer_price, buyers_premium, item_price, currency,
          reserved_until, due_at, created_at, updated_at)
        values (${o.userId}::uuid, ${o.rugId}::uuid, ${o.lotId}::uuid, ${o.kind}, ${o.hammerPrice}, ${o.buyersPremium},
          ${o.itemPrice}, ${o.currency}, ${iso(o.reservedUntil)}::timestamptz, ${iso(o.dueAt)}::timestamptz,
          ${iso(o.at)}::timestamptz, ${iso(o.at)}::timestamptz)
        returning ${COLUMNS}`,
  );
  return row!;
}

/** The open fixed-price hold on a rug (awaiting payment), whoever holds it, if any. */
export async function openFixedPriceHold(tx: Db, rugId: string): Promise<OrderDbRow | undefined> {
  const [row] = await rows<OrderDbRow>(
    tx,
    sql`select ${COLUMNS} from orders where rug_id = ${rugId}::uuid and kind = 'fixed_price' and status = 'awaiting_payment'`,
  );
  return row;
}

/** A fixed-price hold that ran out (awaiting_payment -> expired), with its order event. */
export async function expireOrder(tx: Db, orderId: string, atMs: number): Promise<void> {
  await tx.execute(
    sql`update orders set status = 'expired', updated_at = ${new Date(atMs).toISOString()}::timestamptz
        where id = ${orderId}::uuid and status = 'awaiting_payment'`,
  );
  await tx.execute(
    sql`insert into order_events (order_id, from_status, to_status, reason)
        values (${orderId}::uuid, 'awaiting_payment', 'expired', 'The 15-minute hold ran out')`,
  );
}

/** Orders of lots, keyed by lot id (live ones: not cancelled). */
export async function ordersForLots(db: Db, lotIds: readonly string[]): Promise<Map<string, OrderDbRow>> {
  if (lotIds.length === 0) return new Map();
  const found = await rows<OrderDbRow>(
    db,
    sql`select ${COLUMNS} from orders where lot_id = any(${sql.param([...lotIds])}::uuid[]) and status <> 'cancelled'`,
  );
  return new Map(found.map((o) => [o.lot_id!, o]));
}

/**
 * What an order move writes besides its status (order-transitions.ts): stamps at the transaction's clock, the
 * carrier and tracking number, the payment's frozen share of its checkout, or a further refunded amount.
 */
export interface OrderChanges {
  paidAt?: 'now';
  shippedAt?: 'now';
  deliveredAt?: 'now';
  cancelledAt?: 'now';
  carrier?: string;
  trackingNumber?: string;
  /** Frozen at payment: the paying checkout and this order's share of its shipping, tax and total (decision 073). */
  payment?: {
    checkoutId: string;
    shippingMethod: ShippingMethod;
    shippingAmount: number;
    shippingAddress: ShippingAddressCopy | null;
    taxAmount: number;
    total: number;
  };
  /** Added to what was refunded so far. */
  refunded?: number;
}

function changeColumns(c: OrderChanges): SQL[] {
  const set: SQL[] = [];
  if (c.paidAt) set.push(sql`paid_at = clock_timestamp()`);
  if (c.payment) {
    const p = c.payment;
    const address = p.shippingAddress === null ? null : JSON.stringify(p.shippingAddress);
    set.push(
      sql`checkout_id = ${p.checkoutId}::uuid, shipping_method = ${p.shippingMethod}, shipping_amount = ${p.shippingAmount},
        shipping_address = ${address}::jsonb, tax_amount = ${p.taxAmount}, total = ${p.total}`,
    );
  }
  if (c.carrier !== undefined) set.push(sql`carrier = ${c.carrier}`);
  if (c.trackingNumber !== undefined) set.push(sql`tracking_number = ${c.trackingNumber}`);
  if (c.shippedAt) set.push(sql`shipped_at = clock_timestamp()`);
  if (c.deliveredAt) set.push(sql`delivered_at = clock_timestamp()`);
  if (c.cancelledAt) set.push(sql`cancelled_at = clock_timestamp()`);
  if (c.refunded !== undefined) set.push(sql`refunded_amount = refunded_amount + ${c.refunded}`);
  return set;
}

/** The order's status under its row lock (inside the caller's transaction); undefined when there is no such order. */
export async function lockOrderStatus(tx: Db, orderId: string): Promise<Order['status'] | undefined> {
  const [row] = await rows<{ status: Order['status'] }>(
    tx,
    sql`select status from orders where id = ${orderId}::uuid for update`,
  );
  return row?.status;
}

/** Writes an order's new status with its changes (the caller checked the move under the row lock). */
export async function updateOrderStatus(
  tx: Db,
  orderId: string,
  to: Order['status'],
  changes: OrderChanges = {},
): Promise<void> {
  const extra = changeColumns(changes);
  const more = extra.length > 0 ? sql`, ${sql.join(extra, sql`, `)}` : sql``;
  await tx.execute(
    sql`update orders set status = ${to}, updated_at = clock_timestamp() ${more} where id = ${orderId}::uuid`,
  );
}

/** One line of an order's history: who moved it from what to what, and why. */
export async function insertOrderEvent(
  tx: Db,
  e: {
    orderId: string;
    from: Order['status'];
    to: Order['status'];
    actorId: string | null;
    reason: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into order_events (order_id, from_status, to_status, actor_id, reason)
        values (${e.orderId}::uuid, ${e.from}, ${e.to}, ${e.actorId}::uuid, ${e.reason})`,
  );
}

/** The buyer of an order. */
export async function buyerIdOf(db: Db, orderId: string): Promise<string | undefined> {
  const [o] = await rows<{ user_id: string }>(
    db,
    sql`select user_id from orders where id = ${orderId}::uuid`,
  );
  return o?.user_id;
}

/** The earliest payment due date of some orders, in epoch ms (what the buyer is told to pay by). */
export async function earliestDueMs(db: Db, orderIds: readonly string[]): Promise<number> {
  const [row] = await rows<{ due_ms: string | number }>(
    db,
    sql`select extract(epoch from min(due_at)) * 1000 as due_ms from orders where id = any(${sql.param([...orderIds])}::uuid[])`,
  );
  return num(row!.due_ms);
}

/**
 * A bank-transfer checkout holds its fixed-price rugs until the payment is due: hold and due date pushed to at
 * least `dueMs` from now.
 */
export async function extendFixedPriceDue(tx: Db, orderIds: readonly string[], dueMs: number): Promise<void> {
  const days = sql`make_interval(secs => ${dueMs / 1000})`;
  await tx.execute(
    sql`update orders set reserved_until = greatest(reserved_until, clock_timestamp() + ${days}),
          due_at = greatest(due_at, clock_timestamp() + ${days}), updated_at = clock_timestamp()
        where id = any(${sql.param([...orderIds])}::uuid[]) and kind = 'fixed_price'`,
  );
}

/** Money is in: a part-paid fixed-price rug stays held at least `holdMs` more while the rest comes. */
export async function keepFixedPriceHolds(
  tx: Db,
  orderIds: readonly string[],
  holdMs: number,
): Promise<void> {
  await tx.execute(
    sql`update orders set reserved_until = greatest(reserved_until, clock_timestamp() + make_interval(secs => ${holdMs / 1000})),
          updated_at = clock_timestamp()
        where id = any(${sql.param([...orderIds])}::uuid[]) and kind = 'fixed_price' and status = 'awaiting_payment'`,
  );
}

/** A paid fixed-price rug leaves the shop (auction and buy-now rugs were sold when their lot closed). */
export async function markRugSold(tx: Db, rugId: string): Promise<void> {
  await tx.execute(
    sql`update rugs set status = 'sold', updated_at = clock_timestamp() where id = ${rugId}::uuid`,
  );
}
