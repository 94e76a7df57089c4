import { increment } from './increments.ts';
import type { BidderId, Cents, LotRules, LotState } from './types.ts';

/** Which of AUCTION-RULES.md's proxy rules a bid fell under. */
export type ProxyRule = 1 | 2 | 3 | 4;

/** A line the bid makes visible in the history, before sequence numbers and times are attached. */
export interface VisibleLine {
  bidderId: BidderId;
  amount: Cents;
  automatic: boolean;
}

export interface ProxyOutcome {
  rule: ProxyRule;
  price: Cents;
  leader: BidderId;
  leaderMax: Cents;
  /** Sequence number of the bid that set the leader's maximum. */
  leaderSeq: number;
  lines: VisibleLine[];
}

/**
 * AUCTION-RULES.md "Proxy (maximum) bidding", rules 1-4, for a bid the engine has already validated (at least
 * the next minimum; a leader's raise above their own maximum). The leader's proxy bids only what it needs.
 */
export function resolveProxyBid(
  state: LotState,
  rules: LotRules,
  bid: { bidderId: BidderId; amount: Cents; seq: number },
): ProxyOutcome {
  const { bidderId: b, amount: mb, seq } = bid;
  const reserve = rules.reserve;
  // "If the reserve is not met and MB >= R": the new maximum alone carries the price to the reserve.
  const reachesUnmetReserve = reserve !== null && state.reserveMet !== true && mb >= reserve;

  if (state.leader === null || state.leaderMax === null || state.currentPrice === null) {
    // Rule 1: first bid. Never below the opening bid, even with a reserve set under it.
    const price = reachesUnmetReserve ? Math.max(rules.openingBid, reserve) : rules.openingBid;
    return { rule: 1, price, leader: b, leaderMax: mb, leaderSeq: seq, lines: [line(b, price, false)] };
  }

  const ml = state.leaderMax;
  if (state.leader === b) {
    // Rule 2: the leader raises their maximum; the price stays unless it now reaches the reserve.
    const price = reachesUnmetReserve ? Math.max(state.currentPrice, reserve) : state.currentPrice;
    const lines = price === state.currentPrice ? [] : [line(b, price, false)];
    return { rule: 2, price, leader: b, leaderMax: mb, leaderSeq: seq, lines };
  }

  if (mb > ml) {
    // Rule 3: B takes the lead, at one increment (of ML) over the old maximum, capped by B's own maximum.
    let price = Math.min(mb, ml + increment(ml, rules.increments));
    if (reachesUnmetReserve) price = Math.max(price, reserve);
    return { rule: 3, price, leader: b, leaderMax: mb, leaderSeq: seq, lines: [line(b, price, false)] };
  }

  // Rule 4: L keeps the lead (a tie goes to L, whose maximum was set by an earlier bid). B's bid shows at its
  // own amount, then L's proxy answers automatically.
  const price = Math.min(ml, mb + increment(mb, rules.increments));
  return {
    rule: 4,
    price,
    leader: state.leader,
    leaderMax: ml,
    leaderSeq: state.leaderSeq ?? seq,
    lines: [line(b, mb, false), line(state.leader, price, true)],
  };
}

const line = (bidderId: BidderId, amount: Cents, automatic: boolean): VisibleLine => ({
  bidderId,
  amount,
  automatic,
});
