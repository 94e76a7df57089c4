import { describe, expect, it } from 'vitest';
import { initialLotState } from '@knotwork/shared/bidding/lot-state';
import type { LotState } from '@knotwork/shared/bidding/types';
import { closeByHammer, type Hammer } from '../../src/modules/lots/hammer.ts';
import { columnsFromState } from '../../src/modules/lots/lot-state-codec.ts';

const AT = Date.parse('2026-11-28T10:00:00Z');

/** A live lot's timed state when it goes on the block: one absentee bidder left a maximum before the sale. */
const onBlock: LotState = {
  ...initialLotState(
    {
      openingBid: 100_000,
      reserve: 150_000,
      buyNowPrice: null,
      increments: [{ from: 0, increment: 10_000 }],
      softClose: { enabled: false, windowSeconds: 0, extensionSeconds: 0 },
    },
    { startsAt: AT - 3_600_000, endsAt: AT - 1_000, status: 'open' },
  ),
  currentPrice: 100_000,
  leader: 'absent',
  leaderMax: 180_000,
  leaderSeq: 1,
  bidCount: 1,
  maxima: [{ bidderId: 'absent', maximum: 180_000, seq: 1, at: AT - 7_200_000, firstSeq: 1 }],
  reserveMet: false,
  nextSeq: 2,
};

const sold: Hammer = {
  outcome: 'sold',
  price: 200_000,
  winnerId: 'online',
  bidCount: 5,
  reserveMet: true,
  bidders: [
    { bidderId: 'absent', amount: 170_000 },
    { bidderId: 'online', amount: 200_000 },
  ],
};

describe('closeByHammer: a live lot closes in the timed engine\u2019s terms', () => {
  it('sold to an online bidder: the result, the room joins the maxima, one lot_closed', () => {
    const { state, event } = closeByHammer(onBlock, sold, AT);
    expect(state).toMatchObject({
      status: 'closed',
      outcome: 'sold',
      currentPrice: 200_000,
      hammer: 200_000,
      winner: 'online',
      leader: 'online',
      leaderMax: null,
      buyer: null,
      bidCount: 5,
      reserveMet: true,
      closedAt: AT,
      nextSeq: 3,
    });
    // The absentee keeps the maximum it left (higher than its last room bid); the online bidder joins after it.
    expect(state.maxima).toEqual([
      onBlock.maxima[0],
      { bidderId: 'online', maximum: 200_000, seq: 2, at: AT, firstSeq: 2 },
    ]);
    expect(event).toEqual({
      type: 'lot_closed',
      outcome: 'sold',
      winner: 'online',
      hammer: 200_000,
      boughtNow: false,
      at: AT,
    });
    expect(columnsFromState(state)).toMatchObject({
      status: 'closed',
      outcome: 'sold',
      current_bid: 200_000,
      hammer_price: 200_000,
      winner_id: 'online',
      leader_id: 'online',
      reserve_met: true,
    });
  });

  it('sold to a floor buyer: sold without a winner (no order), the lot keeps its last price', () => {
    const { state, event } = closeByHammer(onBlock, { ...sold, winnerId: null }, AT);
    expect(state).toMatchObject({ outcome: 'sold', winner: null, leader: null, hammer: 200_000 });
    expect(event).toMatchObject({ outcome: 'sold', winner: null, hammer: 200_000 });
  });

  it('passed: unsold, no hammer, no winner, the last bid as the price', () => {
    const passed: Hammer = { ...sold, outcome: 'unsold', price: 140_000, winnerId: null, reserveMet: false };
    const { state, event } = closeByHammer(onBlock, passed, AT);
    expect(state).toMatchObject({
      status: 'closed',
      outcome: 'unsold',
      currentPrice: 140_000,
      hammer: null,
      winner: null,
      reserveMet: false,
    });
    expect(event).toMatchObject({ outcome: 'unsold', winner: null, hammer: null });
  });

  it('an absentee raised in the room above its recorded maximum keeps the higher figure', () => {
    const { state } = closeByHammer(
      onBlock,
      { ...sold, winnerId: 'absent', bidders: [{ bidderId: 'absent', amount: 190_000 }] },
      AT,
    );
    expect(state.maxima).toEqual([{ ...onBlock.maxima[0], maximum: 190_000 }]);
  });
});
