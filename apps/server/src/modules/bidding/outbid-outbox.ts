import crypto from 'node:crypto';
import type { LotEvent, LotState } from '@knotwork/shared/bidding/types';
import type { NewOutboxRow } from '../lots/lot-change-repository.ts';
import type { OutboxRow } from '../notifications/outbid-outbox-repository.ts';

/**
 * The outbid notices a bid batch owes, as outbox rows written with the bids (decision 098): one per `outbid` event
 * whose previous leader does not lead again by the end of the batch (the batch's final state), so nobody is told of
 * a lead they already took back. The ids are chosen here: the notification written from a row takes its id, which
 * makes its delivery idempotent.
 */
export function outboxRowsOf(events: readonly LotEvent[], state: LotState): NewOutboxRow[] {
  const rows: NewOutboxRow[] = [];
  for (const event of events) {
    if (event.type === 'outbid' && event.previousLeader !== state.leader)
      rows.push({ id: crypto.randomUUID(), user_id: event.previousLeader, amount: event.amount });
  }
  return rows;
}

/** A committed batch's outbox rows as the worker takes them, and whether the bid's statement claimed them for it. */
export function ownedOutbox(
  lotId: string,
  rows: readonly NewOutboxRow[],
  claimMs: number | null,
): { rows: OutboxRow[]; claimed: boolean } {
  return {
    rows: rows.map((r) => ({ id: r.id, lot_id: lotId, user_id: r.user_id, amount: r.amount, attempts: 1 })),
    claimed: claimMs !== null,
  };
}
