import type { BidderMaximum, LotClosedEvent, LotState } from '@knotwork/shared/bidding/types';

/**
 * How the auctioneer ended a lot of a live sale (the clerk's engine, packages/shared/src/bidding/live/clerk.ts,
 * decided it): what the lot core needs to close the lot as the timed close does.
 */
export interface Hammer {
  outcome: 'sold' | 'unsold';
  /** The hammer price when sold; the last bid (or null without one) when passed. */
  price: number | null;
  /** The buyer with an account (an online or absentee bidder); null for a floor buyer, who settles in the room. */
  winnerId: string | null;
  /** Bids the room took. */
  bidCount: number;
  /** Null when the lot has no reserve. */
  reserveMet: boolean | null;
  /** Every account that bid in the room (online or absentee), with its highest bid, in order of first bid. */
  bidders: readonly { bidderId: string; amount: number }[];
}

/**
 * The lot's closed state after the hammer or a pass, in the timed engine's terms, and its lot_closed event. The
 * room's bidders join the lot's maxima (an absentee bidder is there already, with the maximum it left), so the
 * closed lot lists everyone who bid on it and the close tells each of them, as a timed close does.
 */
export function closeByHammer(
  state: LotState,
  hammer: Hammer,
  at: number,
): { state: LotState; event: LotClosedEvent } {
  const maxima: BidderMaximum[] = [...state.maxima];
  let nextSeq = state.nextSeq;
  for (const { bidderId, amount } of hammer.bidders) {
    const i = maxima.findIndex((m) => m.bidderId === bidderId);
    if (i === -1) {
      maxima.push({ bidderId, maximum: amount, seq: nextSeq, at, firstSeq: nextSeq });
      nextSeq += 1;
    } else if (maxima[i]!.maximum < amount) {
      maxima[i] = { ...maxima[i]!, maximum: amount };
    }
  }
  const sold = hammer.outcome === 'sold';
  const winner = sold ? hammer.winnerId : null;
  const closed: LotState = {
    ...state,
    status: 'closed',
    outcome: hammer.outcome,
    currentPrice: hammer.price,
    leader: winner,
    leaderMax: null,
    leaderSeq: null,
    bidCount: hammer.bidCount,
    maxima,
    reserveMet: hammer.reserveMet,
    winner,
    hammer: sold ? hammer.price : null,
    buyer: null,
    closedAt: at,
    nextSeq,
  };
  return {
    state: closed,
    event: {
      type: 'lot_closed',
      outcome: hammer.outcome,
      winner,
      hammer: closed.hammer,
      boughtNow: false,
      at,
    },
  };
}
