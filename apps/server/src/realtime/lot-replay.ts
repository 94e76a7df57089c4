import { historyLine } from '@knotwork/shared/bidding/history-line';
import { bidderNumbers } from '@knotwork/shared/bidding/pseudonyms';
import type { Db } from '../db/client.ts';
import { num } from '../db/raw.ts';
import { toApiLot } from '../modules/lots/lot-mapper.ts';
import { createLotReads } from '../modules/lots/lot-read-repository.ts';
import { lotSeq, replayLines } from './lot-replay-repository.ts';
import type { LiveReplay, ReplayedLotEvent } from './replay.ts';

/**
 * The replay over the bidding core's tables: the public history lines
 * (`bid_placed`, not superseded by a void) after `sinceSeq`, in the exact shape the bidding core publishes live
 * (historyLine, as modules/lots/lot-events.ts publishes it), a lot.history_reset for a void in
 * the gap (the client drops the lines it holds below it), a lot.closed if the lot closed in the gap, and the current public lot (the sales lot mapper) at the lot's seq. Everything is read in one
 * repeatable-read snapshot, so the snapshot's seq and the lines agree even while bids land.
 */
export function createLotReplay(db: Db): LiveReplay {
  return (lotId, sinceSeq, limit) =>
    db.transaction(
      async (tx) => {
        const [lot] = await createLotReads(tx).lotsByIds([lotId]);
        if (!lot) return null;
        const seq = await lotSeq(tx, lotId);
        // Pseudonyms number bidders by their first line over the whole history, so every line is needed to
        // name the replayed ones (a lot has hundreds of lines at most).
        const lines = await replayLines(tx, lotId, sinceSeq);
        const numbers = bidderNumbers(lines.filter((l) => l.type === 'bid_placed').map((l) => l.payload));
        const now = new Date();
        const payload = toApiLot(lot, now);
        const events: ReplayedLotEvent[] = [];
        for (const line of lines) {
          const lineSeq = num(line.seq);
          if (lineSeq <= sinceSeq) continue;
          if (line.type === 'bid_placed') {
            events.push({
              event: 'lot.bid',
              data: {
                lotId,
                seq: lineSeq,
                entry: historyLine(lineSeq, line.payload, numbers),
              },
            });
          } else if (line.type === 'bid_voided') {
            events.push({ event: 'lot.history_reset', data: { lotId, seq: lineSeq } });
          } else {
            events.push({ event: 'lot.closed', data: { lotId, seq, lot: payload } });
          }
        }
        return { events: events.slice(-limit), updated: { lotId, seq, lot: payload } };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
}
