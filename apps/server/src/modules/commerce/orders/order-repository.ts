import { sql } from 'drizzle-orm';
import type { Order } from '@knotwork/shared/schemas/bidding';
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
