/**
 * The amount check lives once (bid-check.ts): the engine refuses with it and the web form answers with it. These
 * tests hold both to it over random sales, so the form cannot accept an amount the server refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBidAmount, positionFromLot, positionInState } from '@knotwork/shared/bidding/bid-check';
import { applyAction } from '@knotwork/shared/bidding/engine';
import { MAX_BID_CENTS } from '@knotwork/shared/bidding/limits';
import { isAcceptingBids, nextMinimum } from '@knotwork/shared/bidding/lot-state';
import {
  parseMaxBid,
  type MaxBidProblem,
} from '../../../../apps/web/src/features/bidding/lib/bid-amounts.ts';
import { bids, bidOf, openLot, rulesWith, u } from './helpers.ts';
import { saleArb, simulate, type Sale } from './sale-sim.ts';

const NUM_RUNS = 300;

/** The form's field problem for each amount refusal of the engine. */
const PROBLEM_OF: Record<string, MaxBidProblem> = {
  BID_NOT_WHOLE_UNIT: 'wholeUnits',
  BID_TOO_HIGH: 'tooHigh',
  NOT_ABOVE_YOUR_MAX: 'notAboveMax',
  BID_TOO_LOW: 'belowMinimum',
};

describe('checkBidAmount', () => {
  it('refuses a leader raising their maximum below the next minimum (AUCTION-RULES.md "Money")', () => {
    const rules = rulesWith();
    // A leads at 100 with a maximum of 100; the next minimum is 110.
    const { state } = bids(rules, openLot(rules), bidOf('A', 100));
    expect(nextMinimum(state, rules)).toBe(u(110));
    expect(checkBidAmount(u(105), positionInState(state, rules, 'A'))).toBe('BID_TOO_LOW');
    const engine = applyAction(rules, state, bidOf('A', 105));
    expect(engine.ok ? null : engine.refusal).toMatchObject({ code: 'BID_TOO_LOW', nextMinimum: u(110) });
    // The web form says the same in the field.
    expect(parseMaxBid('105', u(110), u(100), true)).toEqual({ problem: 'belowMinimum' });
    expect(parseMaxBid('110', u(110), u(100), true)).toEqual({ cents: u(110) });
  });

  it('checks in order: whole units, the cap, the own maximum, the next minimum', () => {
    const position = { nextMinimum: u(500), leaderMax: u(400) };
    expect(checkBidAmount(u(100) + 50, position)).toBe('BID_NOT_WHOLE_UNIT');
    expect(checkBidAmount(1_000_000_100, position)).toBe('BID_TOO_HIGH');
    expect(checkBidAmount(u(400), position)).toBe('NOT_ABOVE_YOUR_MAX');
    expect(checkBidAmount(u(450), position)).toBe('BID_TOO_LOW');
    expect(checkBidAmount(u(500), position)).toBeNull();
    // A maximum that no longer leads does not bind: the lot payload's myMaxBid counts only while leading.
    expect(positionFromLot({ nextMinimumBid: u(500), leading: false, myMaxBid: u(900) })).toEqual({
      nextMinimum: u(500),
      leaderMax: null,
    });
  });

  /**
   * Every state of random sales, probed by the bidder who acted and by the leader with amounts around the edges
   * (the leader's maximum, the next minimum, one unit either side, the cap) besides the amount actually bid.
   */
  const probes = (sale: Sale) =>
    simulate(sale).steps.flatMap(({ action, before }) => {
      if (action.type !== 'bid' || !isAcceptingBids(before, action.at)) return [];
      const min = nextMinimum(before, sale.rules);
      const edges = [min - u(1), min, min + u(1), MAX_BID_CENTS, MAX_BID_CENTS + u(1), action.amount];
      if (before.leaderMax !== null)
        edges.push(before.leaderMax - u(1), before.leaderMax, before.leaderMax + u(1));
      const bidders = before.leader === null ? [action.bidderId] : [action.bidderId, before.leader];
      return bidders.flatMap((bidderId) =>
        edges
          .filter((amount) => amount > 0)
          .map((amount) => ({ before, action: { ...action, bidderId, amount } })),
      );
    });

  it(
    'the engine accepts a bid exactly when the check passes, with the same refusal',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(saleArb(false), (sale) => {
          for (const { before, action } of probes(sale)) {
            const result = applyAction(sale.rules, before, action);
            const problem = checkBidAmount(
              action.amount,
              positionInState(before, sale.rules, action.bidderId),
            );
            expect(result.ok ? null : result.refusal.code).toBe(problem);
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
  );

  it('the web form accepts an amount exactly when the engine does', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(saleArb(false), (sale) => {
        for (const { before, action } of probes(sale)) {
          const result = applyAction(sale.rules, before, action);
          // What the form sees: the lot payload's next minimum and the caller's own fields.
          const myMaxBid = before.maxima.find((m) => m.bidderId === action.bidderId)?.maximum ?? null;
          const leading = before.leader === action.bidderId;
          const typed = Number.isInteger(action.amount / 100)
            ? String(action.amount / 100)
            : (action.amount / 100).toFixed(2);
          const parsed = parseMaxBid(typed, nextMinimum(before, sale.rules), myMaxBid, leading);
          if (result.ok) expect(parsed).toEqual({ cents: action.amount });
          else expect(parsed).toEqual({ problem: PROBLEM_OF[result.refusal.code] });
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
