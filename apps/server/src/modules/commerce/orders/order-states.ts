import type { OrderStatus } from '@knotwork/shared/schemas/bidding';
import { ORDER_STATUSES } from '@knotwork/shared/schemas/bidding';

/**
 * The order's life as a table of allowed moves (decision 025). Anything not listed is refused with a 409:
 * cancelled, expired and refunded are ends; a paid order is refunded, not cancelled (the money must go back
 * through the provider that took it); a partial refund leaves the rug on its way (it may still ship and arrive).
 */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  awaiting_payment: ['paid', 'cancelled', 'expired'],
  paid: ['shipped', 'refunded', 'partially_refunded'],
  shipped: ['delivered', 'refunded', 'partially_refunded'],
  delivered: ['refunded', 'partially_refunded'],
  partially_refunded: ['shipped', 'delivered', 'refunded', 'partially_refunded'],
  cancelled: [],
  expired: [],
  refunded: [],
};

const LABEL: Record<OrderStatus, string> = {
  awaiting_payment: 'awaiting payment',
  paid: 'paid',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  expired: 'expired',
  refunded: 'refunded',
  partially_refunded: 'partly refunded',
};

const VERB: Record<OrderStatus, string> = {
  awaiting_payment: 'put back to awaiting payment',
  paid: 'marked paid',
  shipped: 'marked shipped',
  delivered: 'marked delivered',
  cancelled: 'cancelled',
  expired: 'expired',
  refunded: 'refunded',
  partially_refunded: 'partly refunded',
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_MOVES[from].includes(to);
}

/** Why a move is refused, in words for staff and buyers ("An order that is shipped cannot be cancelled"). */
export function refusedMoveMessage(from: OrderStatus, to: OrderStatus): string {
  const hint =
    from === 'paid' && to === 'cancelled'
      ? ': refund it instead'
      : ORDER_MOVES[from].length === 0
        ? ': it is closed'
        : '';
  return `An order that is ${LABEL[from]} cannot be ${VERB[to]}${hint}`;
}

/** Every (from, to) pair, for tests and docs. */
export function allMoves(): { from: OrderStatus; to: OrderStatus; allowed: boolean }[] {
  return ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.map((to) => ({ from, to, allowed: canMove(from, to) })),
  );
}
