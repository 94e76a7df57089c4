import { initialLotState } from '@knotwork/shared/bidding/lot-state';
import { refuse, type Refusal } from '@knotwork/shared/bidding/refusals';
import { voidBid } from '@knotwork/shared/bidding/replay';
import type { LotAction, LotEvent, LotRules, LotState } from '@knotwork/shared/bidding/types';
import { num } from '../../db/raw.ts';
import { lotActionLog, markBidVoided, type Tx } from './lot-repository.ts';
import type { LockedLotRow } from './lot-state-codec.ts';

/**
 * Staff void a bid: the lot is recomputed by replaying its remaining bids in their original order
 * (AUCTION-RULES.md), by the shared, property-tested `voidBid` (packages/shared/src/bidding/replay.ts holds
 * the choices: the bids keep the maxima they committed to, the end never moves earlier). Its input is the lot's
 * log as the server lived it: every bid, the voided ones too, with each earlier void where it happened (the
 * `bid_voided` event's seq), so a second void reconsiders what the first one changed.
 *
 * The public history is rewritten: the old lines are marked superseded and the recomputed ones appended as new
 * events after a `bid_voided` event, so the log stays append-only and the history query reads the live lines in
 * seq order.
 */
export async function recomputeWithoutBid(
  tx: Tx,
  row: LockedLotRow,
  rules: LotRules,
  current: LotState,
  bidId: string,
): Promise<{ ok: true; state: LotState; events: LotEvent[] } | { ok: false; refusal: Refusal }> {
  if (current.status === 'closed') return { ok: false, refusal: refuse('LOT_CLOSED') };
  if (current.status === 'withdrawn') return { ok: false, refusal: refuse('LOT_WITHDRAWN') };
  const logged = await lotActionLog(tx, row.id);
  const log: LotAction[] = logged.map((e) =>
    e.kind === 'void'
      ? { type: 'void', bidId: e.id }
      : {
          type: 'bid',
          bidId: e.id,
          bidderId: e.bidder_id!,
          amount: num(e.max_amount!),
          at: Math.floor(num(e.at_ms!)),
        },
  );

  // The engine's clock checks pass for every logged bid: each came before the lot's end as it stood then.
  const initial = initialLotState(rules, {
    startsAt: current.startsAt,
    endsAt: current.endsAt,
    status: 'open',
  });
  const result = voidBid(rules, initial, log, bidId);
  const done = result.accepted.at(-1);
  if (done?.type !== 'void' || done.bidId !== bidId) {
    const refused = result.refused.findLast((r) => r.action.type === 'void' && r.action.bidId === bidId);
    return { ok: false, refusal: refused?.refusal ?? refuse('BID_NOT_FOUND') };
  }
  const voided = result.events.at(-1);
  if (voided?.type !== 'bid_voided') throw new Error('voidBid accepted a void without a bid_voided event');
  const state = { ...result.state, endsAt: Math.max(result.state.endsAt, current.endsAt) };

  await markBidVoided(tx, row.id, bidId);
  // The stored state is the truth for what the void replaced (the replay rebuilt the same from the log).
  const event: LotEvent = {
    ...voided,
    previousLeader: current.leader,
    previousPrice: current.currentPrice,
  };
  const lines: LotEvent[] = result.history.map((entry) => ({ type: 'bid_placed', ...entry }));
  return { ok: true, state, events: [event, ...lines] };
}
