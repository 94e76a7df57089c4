/**
 * The live-sale clerk's actions (issue 12): worked examples, then properties over random sequences of actions by
 * a clerk, floor paddles, online bidders and absentee books:
 * - the ask never falls below a step above the price, and forward actions never lower the price;
 * - a lot is sold only after a bid, at the last bid, never below the reserve;
 * - undo right after a bid restores the previous state exactly;
 * - absentee bids never exceed their maxima, and a refused action changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyLiveAction,
  currentPrice,
  liveLot,
  type AbsenteeBid,
  type LiveAction,
  type LiveLotState,
} from '@knotwork/shared/bidding/live/clerk';
import { increment } from '@knotwork/shared/bidding/increments';

const units = (n: number) => n * 100;

function run(state: LiveLotState, ...actions: LiveAction[]): LiveLotState {
  for (const action of actions) {
    const outcome = applyLiveAction(state, action);
    if (!outcome.ok) throw new Error(`${action.type} refused: ${outcome.reason}`);
    state = outcome.state;
  }
  return state;
}

describe('live clerk: worked examples', () => {
  it('runs a lot from opening to the hammer with the room and the internet', () => {
    let lot = run(liveLot({ openingBid: units(100) }), { type: 'open' });
    expect(lot.ask).toBe(units(100));
    lot = run(lot, { type: 'floorBid', paddle: 12 });
    expect(currentPrice(lot)).toBe(units(100));
    expect(lot.ask).toBe(units(110));
    lot = run(lot, { type: 'onlineBid', bidderId: 'u1', ask: units(110) }, { type: 'fairWarning' });
    expect(lot.fairWarning).toBe(true);
    lot = run(lot, { type: 'floorBid', paddle: 12 });
    expect(lot.fairWarning).toBe(false);
    lot = run(lot, { type: 'sold' });
    expect(lot.status).toBe('sold');
    expect(lot.hammer).toEqual({ amount: units(120), source: { kind: 'floor', paddle: 12 } });
  });

  it('refuses an online bid against an ask that has moved, and a bidder bidding against themselves', () => {
    const lot = run(liveLot({ openingBid: units(100) }), { type: 'open' }, { type: 'floorBid', paddle: 3 });
    expect(applyLiveAction(lot, { type: 'onlineBid', bidderId: 'u1', ask: units(100) })).toEqual({
      ok: false,
      reason: 'ASK_CHANGED',
    });
    expect(applyLiveAction(lot, { type: 'floorBid', paddle: 3 })).toEqual({
      ok: false,
      reason: 'ALREADY_LEADING',
    });
  });

  it('takes a telephone bid at the ask as its own source; the same bidder online and on the phone is one bidder', () => {
    let lot = run(liveLot({ openingBid: units(100) }), { type: 'open' });
    lot = run(lot, { type: 'phoneBid', bidderId: 'u2', ask: units(100) });
    expect(lot.bids.at(-1)).toEqual({ amount: units(100), source: { kind: 'telephone', bidderId: 'u2' } });
    expect(applyLiveAction(lot, { type: 'phoneBid', bidderId: 'u1', ask: units(100) })).toEqual({
      ok: false,
      reason: 'ASK_CHANGED',
    });
    expect(applyLiveAction(lot, { type: 'onlineBid', bidderId: 'u2', ask: units(110) })).toEqual({
      ok: false,
      reason: 'ALREADY_LEADING',
    });
    lot = run(lot, { type: 'floorBid', paddle: 7 }, { type: 'phoneBid', bidderId: 'u2', ask: units(120) });
    lot = run(lot, { type: 'sold' });
    expect(lot.hammer).toEqual({ amount: units(120), source: { kind: 'telephone', bidderId: 'u2' } });
  });

  it('executes the book: two absentee maxima climb against each other, then answer the room', () => {
    const absentee: AbsenteeBid[] = [
      { bidderId: 'a', max: units(300), placedAt: 1 },
      { bidderId: 'b', max: units(250), placedAt: 2 },
    ];
    let lot = run(liveLot({ openingBid: units(100), absentee }), { type: 'open' });
    // a and b step up by the table until b's 250 is passed: a leads at 260 (250 + 10 would be b's, then a's 260).
    expect(lot.bids.at(-1)?.source).toEqual({ kind: 'absentee', bidderId: 'a' });
    expect(currentPrice(lot)).toBeLessThanOrEqual(units(300));
    expect(currentPrice(lot)).toBeGreaterThan(units(250) - increment(units(250)));
    lot = run(lot, { type: 'floorBid', paddle: 7 });
    // a answers the room while the ask stays within a's maximum.
    expect(lot.bids.every((b) => b.source.kind !== 'absentee' || b.amount <= units(300))).toBe(true);
  });

  it('will not sell below the reserve or without a bid, and passes instead', () => {
    let lot = run(liveLot({ openingBid: units(100), reserve: units(500) }), { type: 'open' });
    expect(applyLiveAction(lot, { type: 'sold' })).toEqual({ ok: false, reason: 'NO_BID' });
    lot = run(lot, { type: 'floorBid', paddle: 1 });
    expect(applyLiveAction(lot, { type: 'sold' })).toEqual({ ok: false, reason: 'RESERVE_NOT_MET' });
    lot = run(lot, { type: 'pass' });
    expect(lot.status).toBe('passed');
  });

  it('undoes the last bid, with the book answers it caused', () => {
    const before = run(
      liveLot({ openingBid: units(100), absentee: [{ bidderId: 'a', max: units(150), placedAt: 1 }] }),
      { type: 'open' },
    );
    const after = run(before, { type: 'floorBid', paddle: 4 });
    expect(after.bids.length).toBeGreaterThan(before.bids.length + 1);
    expect(run(after, { type: 'undo' })).toEqual(before);
  });

  it('refuses bids while paused and an ask at or below the price', () => {
    let lot = run(
      liveLot({ openingBid: units(100) }),
      { type: 'open' },
      { type: 'floorBid', paddle: 2 },
      { type: 'pause' },
    );
    expect(applyLiveAction(lot, { type: 'floorBid', paddle: 9 })).toEqual({ ok: false, reason: 'NOT_OPEN' });
    expect(applyLiveAction(lot, { type: 'setAsk', amount: units(100) })).toEqual({
      ok: false,
      reason: 'ASK_TOO_LOW',
    });
    lot = run(
      lot,
      { type: 'setAsk', amount: units(150) },
      { type: 'resume' },
      { type: 'floorBid', paddle: 9 },
    );
    expect(currentPrice(lot)).toBe(units(150));
  });
});

// ---- Properties -------------------------------------------------------------------------------------------

const absenteeArb = fc.array(
  fc.record({
    bidderId: fc.constantFrom('a1', 'a2', 'a3'),
    max: fc.integer({ min: 1, max: 3000 }).map(units),
    placedAt: fc.nat(100),
  }),
  { maxLength: 3 },
);

const actionArb: fc.Arbitrary<LiveAction> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.integer({ min: 1, max: 4 }).map((paddle): LiveAction => ({ type: 'floorBid', paddle })),
  },
  {
    weight: 5,
    arbitrary: fc
      .constantFrom('u1', 'u2', 'u3')
      .map((bidderId): LiveAction => ({ type: 'onlineBid', bidderId, ask: -1 })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 4000 })
      .map((n): LiveAction => ({ type: 'setAsk', amount: units(n) })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<LiveAction>(
      { type: 'fairWarning' },
      { type: 'undo' },
      { type: 'pause' },
      { type: 'resume' },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<LiveAction>({ type: 'sold' }, { type: 'pass' }) },
);

const scenarioArb = fc.record({
  openingBid: fc.integer({ min: 1, max: 2000 }).map(units),
  reserve: fc.option(fc.integer({ min: 1, max: 4000 }).map(units), { nil: null }),
  absentee: absenteeArb,
  actions: fc.array(actionArb, { maxLength: 40 }),
});

describe('live clerk: properties', { timeout: 120_000 }, () => {
  it('holds every rule over random sales', () => {
    fc.assert(
      fc.property(scenarioArb, ({ openingBid, reserve, absentee, actions }) => {
        let state = run(liveLot({ openingBid, reserve, absentee }), { type: 'open' });
        const maxOf = new Map<string, number>();
        for (const a of absentee) maxOf.set(a.bidderId, Math.max(maxOf.get(a.bidderId) ?? 0, a.max));
        for (const raw of actions) {
          // Online bidders bid the ask they see, as the one-tap button does.
          const action = raw.type === 'onlineBid' ? { ...raw, ask: state.ask } : raw;
          const outcome = applyLiveAction(state, action);
          if (!outcome.ok) continue;
          const next = outcome.state;
          const price = currentPrice(next);

          // The ask stays above the price once there is one.
          if (price !== null) expect(next.ask).toBeGreaterThan(price);
          // Bids only climb: each accepted bid is above the one before it.
          next.bids.forEach(
            (bid, i) => i > 0 && expect(bid.amount).toBeGreaterThan(next.bids[i - 1]!.amount),
          );
          // The book never bids above a maximum.
          for (const bid of next.bids)
            if (bid.source.kind === 'absentee')
              expect(bid.amount).toBeLessThanOrEqual(maxOf.get(bid.source.bidderId)!);
          // Forward actions never lower the price.
          if (action.type !== 'undo') expect(price ?? 0).toBeGreaterThanOrEqual(currentPrice(state) ?? 0);
          // Sold only after a bid, at the last bid, never below the reserve.
          if (next.status === 'sold') {
            expect(next.hammer).toEqual(state.bids.at(-1));
            if (reserve !== null) expect(next.hammer!.amount).toBeGreaterThanOrEqual(reserve);
          }
          // Undo right after a bid gives back the state before it, exactly.
          if (action.type === 'floorBid' || action.type === 'onlineBid') {
            const undone = applyLiveAction(next, { type: 'undo' });
            expect(undone.ok && undone.state).toEqual(state);
          }
          state = next;
          if (state.status === 'sold' || state.status === 'passed') break;
        }
      }),
      { numRuns: 400 },
    );
  });

  it('changes nothing when it refuses', () => {
    fc.assert(
      fc.property(scenarioArb, ({ openingBid, reserve, absentee, actions }) => {
        let state = liveLot({ openingBid, reserve, absentee });
        for (const action of [{ type: 'open' } as LiveAction, ...actions]) {
          const copy = structuredClone(state);
          const outcome = applyLiveAction(state, action);
          if (outcome.ok) state = outcome.state;
          else expect(state).toEqual(copy);
        }
      }),
      { numRuns: 200 },
    );
  });
});
