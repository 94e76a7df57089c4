import type { OrderStatus } from '@knotwork/shared/schemas/bidding';
import { paymentMessages } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/http-error.ts';
import { canMove, refusedMoveMessage } from './order-states.ts';
import {
  insertOrderEvent,
  lockOrderStatus,
  updateOrderStatus,
  type OrderChanges,
} from './order-repository.ts';

export interface OrderMove {
  orderId: string;
  to: OrderStatus;
  /** Who made the change: a user id (staff or buyer), null for the system or a payment provider. */
  actorId: string | null;
  reason?: string | null;
  /** What else the move writes in the same update (e.g. the carrier and tracking number when shipped). */
  set?: OrderChanges;
}

/**
 * The one way an order's status changes: inside the caller's transaction, under the order's row lock, checked
 * against the state machine (409 ILLEGAL_ORDER_MOVE otherwise), with an order event row. Answers the old status.
 */
export async function moveOrder(tx: Db, move: OrderMove): Promise<OrderStatus> {
  const from = await lockOrderStatus(tx, move.orderId);
  if (!from) throw notFound(paymentMessages.orderNotFound);
  if (!canMove(from, move.to)) {
    throw conflict(refusedMoveMessage(from, move.to), { code: 'ILLEGAL_ORDER_MOVE' });
  }
  await updateOrderStatus(tx, move.orderId, move.to, move.set);
  await insertOrderEvent(tx, {
    orderId: move.orderId,
    from,
    to: move.to,
    actorId: move.actorId,
    reason: move.reason ?? null,
  });
  return from;
}
