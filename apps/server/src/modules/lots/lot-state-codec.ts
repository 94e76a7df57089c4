import { tableOrDefault } from '@knotwork/shared/bidding/increments';
import { initialLotState, nextMinimumBid } from '@knotwork/shared/bidding/lot-state';
import type { LotRules, LotState } from '@knotwork/shared/bidding/types';
import { num, numOrNull } from '../../db/raw.ts';
import type { LotJoinedRow, LotStandingRow } from './lot-read-repository.ts';

/** A lot row as the engine reads it under the row lock, with its auction's rules and the database clock. */
export interface LockedLotRow extends LotJoinedRow, LotStandingRow {
  seq: string | number;
  engine_state: LotState | null;
  soft_close_enabled: boolean;
  soft_close_window_seconds: number;
  soft_close_extension_seconds: number;
  buyers_premium_pct: string | number;
  /**
   * The lot's and its auction's row versions (xmin) as read: any write to either, by any process (a bid, a job, a
   * staff edit), changes them, which is what lets the bid fast path (bidding/bid-fast-path.ts) trust a cached row.
   */
  lot_version: string;
  auction_version: string;
  /** The sale's stored status: a draft's lots take no bid and no buy now, whatever their dates (decision 074). */
  auction_status: string;
  /** The sale takes bids only from approved registrations (decision 090). */
  registration_required: boolean;
  /** clock_timestamp() read after the lock was granted, epoch ms. */
  now_ms: string | number;
}

/** Lots written before the engine existed (seeding) may show a price without a recorded leader. */
const hasPhantomPrice = (row: LockedLotRow) =>
  row.engine_state === null && row.current_bid !== null && row.leader_id === null;

/** The lot's rules: increments and soft close from its auction; opening bid, reserve and buy-now from the lot. */
export function rulesFromRow(row: LockedLotRow): LotRules {
  const increments = tableOrDefault(row.increments);
  let openingBid = num(row.opening_bid);
  // A seeded price without a leader: the first real bid must reach the next minimum above it, the opening bid then.
  if (hasPhantomPrice(row)) {
    const shown = num(row.current_bid);
    openingBid = Math.max(openingBid, nextMinimumBid(openingBid, shown, increments));
  }
  return {
    openingBid,
    reserve: numOrNull(row.reserve),
    buyNowPrice: numOrNull(row.buy_now_price),
    increments,
    softClose: {
      enabled: row.soft_close_enabled,
      windowSeconds: row.soft_close_window_seconds,
      extensionSeconds: row.soft_close_extension_seconds,
    },
  };
}

/** The engine state stored on the lot, or (first touch of a seeded lot) one rebuilt from its columns. */
export function stateFromRow(row: LockedLotRow, rules: LotRules): LotState {
  // The schedule columns are the truth for times (staff may move a lot's start or end; the engine writes both).
  if (row.engine_state)
    return { ...row.engine_state, startsAt: num(row.starts_ms), endsAt: num(row.ends_ms) };
  const base = initialLotState(rules, {
    startsAt: num(row.starts_ms),
    endsAt: num(row.ends_ms),
    status: row.status === 'open' ? 'open' : 'scheduled',
  });
  const status = row.status as LotState['status'];
  return {
    ...base,
    status,
    outcome: (row.outcome as LotState['outcome']) ?? null,
    bidCount: hasPhantomPrice(row) ? num(row.bid_count) : base.bidCount,
    // A seeded closed lot keeps its recorded result.
    currentPrice: status === 'closed' ? numOrNull(row.current_bid) : null,
    hammer: numOrNull(row.hammer_price),
    winner: row.winner_id,
    closedAt: numOrNull(row.closed_ms),
  };
}

/** The denormalised columns every reader uses, from the engine state (written with it in one update). */
export function columnsFromState(state: LotState) {
  return {
    status: state.status,
    outcome: state.outcome,
    ends_at: new Date(state.endsAt).toISOString(),
    current_bid: state.currentPrice,
    leader_id: state.leader,
    leader_max: state.leaderMax,
    bid_count: state.bidCount,
    reserve_met: state.reserveMet === true,
    hammer_price: state.hammer,
    winner_id: state.winner,
    closed_at: state.closedAt === null ? null : new Date(state.closedAt).toISOString(),
  };
}

/** The row as readers would see it after `state` is written (to answer without reading the lot again). */
export function rowWithState(row: LockedLotRow, state: LotState, seq: number): LockedLotRow {
  return {
    ...row,
    status: state.status,
    outcome: state.outcome,
    ends_ms: state.endsAt,
    current_bid: state.currentPrice,
    bid_count: state.bidCount,
    reserve_met: state.reserveMet === true,
    hammer_price: state.hammer,
    leader_id: state.leader,
    leader_max: state.leaderMax,
    winner_id: state.winner,
    closed_ms: state.closedAt,
    engine_state: state,
    seq,
  };
}
