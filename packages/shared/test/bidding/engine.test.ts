/** Events and state of each action: rule-by-rule bids, reserve, soft close, buy now, close, open, withdraw. */
import { describe, expect, it } from 'vitest';
import { applyAction } from '@knotwork/shared/bidding/engine';
import { initialLotState, isAcceptingBids, isBuyNowAvailable } from '@knotwork/shared/bidding/lot-state';
import { HOUR, MINUTE, T0, bidOf, bids, openLot, rulesWith, step, u } from './helpers.ts';

const END = T0 + HOUR;

describe('bids', () => {
  it('rule 1 emits one bid_placed at the opening bid with the caller’s bidId and a sequence number', () => {
    const rules = rulesWith();
    const { state, events } = step(rules, openLot(rules), { ...bidOf('A', 500, T0 + 5), bidId: 'b1' });
    expect(events).toEqual([
      {
        type: 'bid_placed',
        seq: 1,
        bidId: 'b1',
        bidderId: 'A',
        amount: u(100),
        automatic: false,
        at: T0 + 5,
      },
    ]);
    expect(state).toMatchObject({ bidCount: 1, nextSeq: 2, leaderSeq: 1, leaderMax: u(500) });
    expect(state.maxima).toEqual([{ bidderId: 'A', maximum: u(500), seq: 1, at: T0 + 5, firstSeq: 1 }]);
  });

  it('rule 2 (leader raises) emits only a private max_raised, and the price stays', () => {
    const rules = rulesWith();
    const first = bids(rules, openLot(rules), bidOf('A', 500)).state;
    const { state, events } = step(rules, first, bidOf('A', 900, T0 + 50_000));
    expect(events).toEqual([
      { type: 'max_raised', seq: 2, bidId: null, bidderId: 'A', maximum: u(900), at: T0 + 50_000 },
    ]);
    expect(state).toMatchObject({ currentPrice: u(100), leaderMax: u(900), leaderSeq: 2, bidCount: 2 });
    expect(state.maxima).toEqual([
      expect.objectContaining({ bidderId: 'A', maximum: u(900), seq: 2, firstSeq: 1 }),
    ]);
  });

  it('rule 2 reaching the reserve shows the leader’s bid at the reserve and announces reserve_met', () => {
    const rules = rulesWith({ reserve: u(1000) });
    const first = bids(rules, openLot(rules), bidOf('A', 800)).state;
    const { events } = step(rules, first, bidOf('A', 1500, T0 + 50_000));
    expect(events.map((e) => e.type)).toEqual(['max_raised', 'bid_placed', 'reserve_met']);
    expect(events[1]).toMatchObject({ bidderId: 'A', amount: u(1000), automatic: false });
    expect(events[2]).toMatchObject({ amount: u(1000) });
  });

  it('rule 3 with an unmet reserve lifts the price to the reserve when the new maximum reaches it', () => {
    const rules = rulesWith({ reserve: u(1000) });
    const { state, events } = bids(rules, openLot(rules), bidOf('A', 300), bidOf('B', 1200));
    // min(1200, 300 + 20) = 320, lifted to the reserve 1,000.
    expect(state).toMatchObject({ leader: 'B', currentPrice: u(1000), reserveMet: true });
    expect(events.map((e) => e.type)).toEqual(['bid_placed', 'bid_placed', 'outbid', 'reserve_met']);
  });

  it('rule 3 below the reserve keeps it unmet', () => {
    const rules = rulesWith({ reserve: u(1000) });
    const { state } = bids(rules, openLot(rules), bidOf('A', 300), bidOf('B', 900));
    expect(state).toMatchObject({ leader: 'B', currentPrice: u(320), reserveMet: false });
  });

  it('rule 4 caps the automatic answer at the leader’s maximum', () => {
    const rules = rulesWith();
    const { state, events } = bids(rules, openLot(rules), bidOf('A', 500), bidOf('B', 490));
    expect(state).toMatchObject({ leader: 'A', currentPrice: u(500) });
    expect(
      events.slice(1).map((e) => e.type === 'bid_placed' && [e.bidderId, e.amount, e.automatic]),
    ).toEqual([
      ['B', u(490), false],
      ['A', u(500), true],
    ]);
  });

  it('a reserve at or below the opening bid is met by the first bid at the opening bid', () => {
    const rules = rulesWith({ reserve: u(50) });
    const { state, events } = bids(rules, openLot(rules), bidOf('A', 100));
    expect(state).toMatchObject({ currentPrice: u(100), reserveMet: true });
    expect(events.map((e) => e.type)).toEqual(['bid_placed', 'reserve_met']);
  });

  it('a bidder’s later bid keeps their first sequence number (pseudonym order)', () => {
    const rules = rulesWith();
    const { state } = bids(rules, openLot(rules), bidOf('A', 500), bidOf('B', 300), bidOf('B', 600));
    expect(state.maxima.map((m) => [m.bidderId, m.maximum, m.seq, m.firstSeq])).toEqual([
      ['A', u(500), 1, 1],
      ['B', u(600), 3, 2],
    ]);
  });

  it('a refusal leaves the state untouched', () => {
    const rules = rulesWith();
    const lot = openLot(rules);
    const copy = structuredClone(lot);
    expect(applyAction(rules, lot, bidOf('A', 1)).ok).toBe(false);
    expect(lot).toEqual(copy);
  });
});

describe('soft close', () => {
  const rules = rulesWith();

  it('a bid within the last 120 s moves the end to acceptedAt + 120 s', () => {
    const at = END - 30_000;
    const { state, events } = step(rules, openLot(rules), bidOf('A', 100, at));
    expect(state.endsAt).toBe(at + 2 * MINUTE);
    expect(events.at(-1)).toEqual({
      type: 'soft_close_extended',
      previousEndsAt: END,
      newEndsAt: at + 2 * MINUTE,
      at,
    });
  });

  it('the window includes its start: 120 s before the end counts, 120.001 s does not', () => {
    const longer = rulesWith({ softClose: { enabled: true, windowSeconds: 120, extensionSeconds: 180 } });
    expect(step(longer, openLot(longer), bidOf('A', 100, END - 2 * MINUTE)).state.endsAt).toBe(END + MINUTE);
    expect(step(longer, openLot(longer), bidOf('A', 100, END - 2 * MINUTE - 1)).state.endsAt).toBe(END);
  });

  it('with the defaults, a bid exactly 120 s before the end lands on the same end: no event', () => {
    const edge = step(rules, openLot(rules), bidOf('A', 100, END - 2 * MINUTE));
    expect(edge.state.endsAt).toBe(END);
    expect(edge.events.map((e) => e.type)).toEqual(['bid_placed']);
  });

  it('uses the auction’s own window and extension, never moves the end earlier, and can be off', () => {
    const custom = rulesWith({ softClose: { enabled: true, windowSeconds: 300, extensionSeconds: 60 } });
    // 4 minutes left, window 5 minutes, extension 1 minute: at + 60 s is earlier than the end, so no change.
    expect(step(custom, openLot(custom), bidOf('A', 100, END - 4 * MINUTE)).state.endsAt).toBe(END);
    expect(step(custom, openLot(custom), bidOf('A', 100, END - 10_000)).state.endsAt).toBe(END + 50_000);
    const off = rulesWith({ softClose: { enabled: false, windowSeconds: 120, extensionSeconds: 120 } });
    expect(step(off, openLot(off), bidOf('A', 100, END - 1)).state.endsAt).toBe(END);
  });

  it('a bid inside the extension is accepted and extends again', () => {
    const first = step(rules, openLot(rules), bidOf('A', 100, END - 1000)).state;
    expect(first.endsAt).toBe(END + 119_000);
    const second = step(rules, first, bidOf('B', 200, END + 100_000)).state;
    expect(second.endsAt).toBe(END + 220_000);
  });
});

describe('buy now', () => {
  const rules = rulesWith({ buyNowPrice: u(5000) });

  it('closes the lot as sold to the buyer at the buy-now price, without a hammer', () => {
    const { state, events } = step(rules, openLot(rules), { type: 'buyNow', buyerId: 'Z', at: T0 + 10 });
    expect(state).toMatchObject({ status: 'closed', outcome: 'sold', winner: 'Z', buyer: 'Z', hammer: null });
    expect(events).toEqual([
      { type: 'bought_now', buyerId: 'Z', amount: u(5000), at: T0 + 10 },
      { type: 'lot_closed', outcome: 'sold', winner: 'Z', hammer: null, boughtNow: true, at: T0 + 10 },
    ]);
    expect(applyAction(rules, state, bidOf('A', 100, T0 + 11)).ok).toBe(false);
  });

  it('with a reserve stays available after bids below it', () => {
    const reserved = rulesWith({ buyNowPrice: u(5000), reserve: u(1000) });
    const below = bids(reserved, openLot(reserved), bidOf('A', 800)).state;
    expect(isBuyNowAvailable(below, reserved, T0 + 100_000)).toBe(true);
    const { state } = step(reserved, below, { type: 'buyNow', buyerId: 'Z', at: T0 + 100_000 });
    expect(state).toMatchObject({ outcome: 'sold', winner: 'Z' });
  });
});

describe('close, open, withdraw', () => {
  const rules = rulesWith({ reserve: u(1000) });

  it('sells to the leader at the hammer when the reserve is met', () => {
    const lot = bids(rules, openLot(rules), bidOf('A', 1200), bidOf('B', 1100)).state;
    const { state, events } = step(rules, lot, { type: 'close', at: END });
    expect(state).toMatchObject({
      status: 'closed',
      outcome: 'sold',
      winner: 'A',
      hammer: u(1200),
      closedAt: END,
    });
    expect(events).toEqual([
      { type: 'lot_closed', outcome: 'sold', winner: 'A', hammer: u(1200), boughtNow: false, at: END },
    ]);
  });

  it('is unsold when the reserve is not met, or without bids', () => {
    const below = bids(rules, openLot(rules), bidOf('A', 800)).state;
    expect(step(rules, below, { type: 'close', at: END }).state).toMatchObject({
      outcome: 'unsold',
      winner: null,
      hammer: null,
    });
    expect(step(rules, openLot(rules), { type: 'close', at: END + 5 }).state.outcome).toBe('unsold');
  });

  it('sells without a reserve to any leader', () => {
    const plain = rulesWith();
    const lot = bids(plain, openLot(plain), bidOf('A', 100)).state;
    expect(step(plain, lot, { type: 'close', at: END }).state).toMatchObject({
      outcome: 'sold',
      hammer: u(100),
    });
  });

  it('closes a scheduled lot that never opened as unsold', () => {
    const never = initialLotState(rules, { startsAt: T0, endsAt: END });
    expect(step(rules, never, { type: 'close', at: END }).state).toMatchObject({
      status: 'closed',
      outcome: 'unsold',
    });
  });

  it('opens a scheduled lot from its start', () => {
    const lot = initialLotState(rules, { startsAt: T0, endsAt: END });
    expect(isAcceptingBids(lot, T0)).toBe(false);
    const { state, events } = step(rules, lot, { type: 'open', at: T0 });
    expect(state.status).toBe('open');
    expect(isAcceptingBids(state, T0)).toBe(true);
    expect(events).toEqual([{ type: 'lot_opened', at: T0 }]);
  });

  it('withdraws a lot with bids before it closes, even after its end', () => {
    const lot = bids(rules, openLot(rules), bidOf('A', 1200)).state;
    const { state, events } = step(rules, lot, { type: 'withdraw', at: END + 1 });
    expect(state).toMatchObject({ status: 'withdrawn', outcome: null, winner: null });
    expect(events).toEqual([{ type: 'lot_withdrawn', at: END + 1 }]);
  });
});
