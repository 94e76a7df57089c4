import type { LotEvent, LotState } from '@knotwork/shared/bidding/types';
import { historyLine } from '@knotwork/shared/bidding/history-line';
import { bidderNumbersInState } from '@knotwork/shared/bidding/pseudonyms';
import { lotChannel, userChannel } from '@knotwork/shared/realtime/events';
import type { EventBus } from '../../realtime/bus.ts';
import type { NewEventRow } from './lot-change-repository.ts';
import { lotPayload } from './lot-payload.ts';
import type { LockedLotRow } from './lot-state-codec.ts';

export type SequencedEvent = LotEvent & { eventSeq: number };

/** Number engine events after the lot's current seq (lot_events primary key is (lot_id, seq)). */
export function sequence(events: readonly LotEvent[], lastSeq: number): SequencedEvent[] {
  return events.map((e, i) => ({ ...e, eventSeq: lastSeq + i + 1 }));
}

export function eventRows(events: readonly SequencedEvent[]): NewEventRow[] {
  return events.map(({ eventSeq, type, ...payload }) => ({ seq: eventSeq, type, payload }));
}

/**
 * Publish a committed change to the live channels: the public lot, each new history line (pseudonymous), the
 * close, and each affected bidder's private standing. Called after commit only; a failed publish is logged and
 * does not fail the request (clients catch up from the lot's seq).
 */
export async function publishLotChange(
  bus: EventBus,
  change: {
    row: LockedLotRow;
    state: LotState;
    seq: number;
    nowMs: number;
    events: readonly SequencedEvent[];
    previousLeader: string | null;
  },
  log: (err: unknown) => void,
): Promise<void> {
  const { row, state, seq, events } = change;
  const lotId = row.id;
  const lot = lotPayload(row, change.nowMs);
  const affected = new Set<string>();
  const numbers = bidderNumbersInState(state);
  const sends: Promise<void>[] = [];
  for (const event of events) {
    if (event.type === 'bid_voided') {
      // Before the recomputed lines (same channel, so the same batch, in order): clients drop the old lines first.
      sends.push(bus.publish(lotChannel(lotId), 'lot.history_reset', { lotId, seq: event.eventSeq }));
    }
    if (event.type === 'bid_placed') {
      affected.add(event.bidderId);
      sends.push(
        bus.publish(lotChannel(lotId), 'lot.bid', {
          lotId,
          seq: event.eventSeq,
          entry: historyLine(event.eventSeq, event, numbers),
        }),
      );
    } else if (event.type === 'max_raised') {
      affected.add(event.bidderId);
    } else if (event.type === 'bid_voided') {
      affected.add(event.bidderId);
    }
  }
  if (change.previousLeader) affected.add(change.previousLeader);
  if (state.leader) affected.add(state.leader);
  sends.push(bus.publish(lotChannel(lotId), 'lot.updated', { lotId, seq, lot }));
  if (state.status === 'closed' || state.status === 'withdrawn') {
    sends.push(bus.publish(lotChannel(lotId), 'lot.closed', { lotId, seq, lot }));
  }
  for (const userId of affected) {
    const myMaxBid = state.maxima.find((m) => m.bidderId === userId)?.maximum ?? null;
    if (myMaxBid === null && state.leader !== userId) continue;
    sends.push(
      bus.publish(userChannel(userId), 'lot.position', { lotId, leading: state.leader === userId, myMaxBid }),
    );
  }
  const results = await Promise.allSettled(sends);
  for (const r of results) if (r.status === 'rejected') log(r.reason);
}
