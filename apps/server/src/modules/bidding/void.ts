import { sql } from 'drizzle-orm';
import { applyAction } from '@knotwork/shared/bidding/engine';
import { initialLotState } from '@knotwork/shared/bidding/lot-state';
import { refuse, type Refusal } from '@knotwork/shared/bidding/refusals';
import type { LotEvent, LotRules, LotState } from '@knotwork/shared/bidding/types';
import { num, rows } from '../catalogue/raw.ts';
import type { Tx } from './lot-repository.ts';
import type { LockedLotRow } from './lot-state-codec.ts';

/**
 * Staff void a bid: the lot is recomputed by replaying its remaining accepted bids in their original order
 * (AUCTION-RULES.md), with the engine's recompute mode (the bids keep the maxima they committed to; see
 * packages/shared/src/bidding/replay.ts for the choices). The end never moves earlier. The public history is
 * rewritten: the old lines are marked superseded and the recomputed ones appended as new events after a
 * `bid_voided` event, so the log stays append-only and the history query reads the live lines in seq order.
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
  const live = await rows<{ id: string; bidder_id: string; max_amount: string | number; at_ms: string | number }>(
    tx,
    sql`select id, bidder_id, max_amount, extract(epoch from created_at) * 1000 as at_ms
        from bids where lot_id = ${row.id}::uuid and status = 'accepted' order by event_seq`,
  );
  const target = live.find((b) => b.id === bidId);
  if (!target) return { ok: false, refusal: refuse('BID_NOT_FOUND') };

  let state = initialLotState(rules, { startsAt: current.startsAt, endsAt: current.endsAt, status: 'open' });
  const lines: LotEvent[] = [];
  for (const bid of live) {
    if (bid.id === bidId) continue;
    const result = applyAction(
      rules,
      state,
      { type: 'bid', bidId: bid.id, bidderId: bid.bidder_id, amount: num(bid.max_amount), at: Math.floor(num(bid.at_ms)) },
      { recompute: true },
    );
    // BID_SUPERSEDED: the bid can no longer take effect; it stays accepted for a later void to reconsider.
    if (!result.ok) continue;
    state = result.state;
    for (const e of result.events) if (e.type === 'bid_placed') lines.push(e);
  }
  state = { ...state, endsAt: Math.max(state.endsAt, current.endsAt) };

  await tx.execute(sql`update bids set status = 'voided', voided_at = clock_timestamp() where id = ${bidId}::uuid`);
  await tx.execute(
    sql`update lot_events set superseded = true where lot_id = ${row.id}::uuid and type = 'bid_placed' and not superseded`,
  );
  const voided: LotEvent = {
    type: 'bid_voided',
    bidId,
    bidderId: target.bidder_id,
    previousLeader: current.leader,
    newLeader: state.leader,
    previousPrice: current.currentPrice,
    newPrice: state.currentPrice,
  };
  return { ok: true, state, events: [voided, ...lines] };
}
