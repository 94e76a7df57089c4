import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@knotwork/shared/schemas/bidding';
import { paymentMessages } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/http-error.ts';
import { rows } from '../../../db/raw.ts';
import { canMove, refusedMoveMessage } from './order-states.ts';

export interface OrderMove {
  orderId: string;
  to: OrderStatus;
  /** Who made the change: a user id (staff or buyer), null for the system or a payment provider. */
  actorId: string | null;
  reason?: string | null;
  /** Further columns to set in the same update (e.g. sql`carrier = ${c}`). */
  set?: SQL;
}

/**
 * The one way an order's status changes: inside the caller's transaction, under the order's row lock, checked
 * against the state machine (409 ILLEGAL_ORDER_MOVE otherwise), with an order event row. Answers the old status.
 */
export async function moveOrder(tx: Db, move: OrderMove): Promise<OrderStatus> {
  const [row] = await rows<{ status: OrderStatus }>(
    tx,
    sql`select status from orders where id = ${move.orderId}::uuid for update`,
  );
  if (!row) throw notFound(paymentMessages.orderNotFound);
  if (!canMove(row.status, move.to)) {
    throw conflict(refusedMoveMessage(row.status, move.to), { code: 'ILLEGAL_ORDER_MOVE' });
  }
  const extra = move.set ? sql`, ${move.set}` : sql``;
  await tx.execute(
    sql`update orders set status = ${move.to}, updated_at = clock_timestamp() ${extra} where id = ${move.orderId}::uuid`,
  );
  await tx.execute(
    sql`insert into order_events (order_id, from_status, to_status, actor_id, reason)
        values (${move.orderId}::uuid, ${row.status}, ${move.to}, ${move.actorId}::uuid, ${move.reason ?? null})`,
  );
  return row.status;
}
