/**
 * Property-based tests of the engine over random sales: 2-8 bidders, maxima on the increment grid and off
 * it, amounts that are too low or not whole, buy-now attempts, and times running past the end.
 *
 * The price statement checked after every bid that is not a leader raising their own maximum (rules 3 and 4),
 * derived from AUCTION-RULES.md:
 *   let ML = the leader's maximum, S = the highest maximum among the other bidders, R = the reserve;
 *   P = min(ML, S + increment(S)), and when R exists and ML >= R, P = max(that, R).
 * Why: in rule 3 the old leader's maximum becomes S (every other maximum is <= the old price <= old ML), in
 * rule 4 the new bid becomes S (it is above the price, which is >= every other non-leading maximum); the
 * reserve clause of rule 3 is the max(.., R), and once the reserve is met every later price is above it.
 * Rule 2 is excluded on purpose: a raise does not move the price, so after a tie or a capped answer
 * (P = ML) the price stays below what the formula would give with the new maximum.
 * Rule 1 (a single bidder) is P = opening bid, or max(opening bid, R) when ML >= R.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction } from '@knotwork/shared/bidding/engine';
import { increment } from '@knotwork/shared/bidding/increments';
import { MAX_BID_CENTS } from '@knotwork/shared/bidding/limits';
import { nextMinimum } from '@knotwork/shared/bidding/lot-state';
import { replay, voidBid } from '@knotwork/shared/bidding/replay';
import type { BidAction, HistoryEntry, LotAction } from '@knotwork/shared/bidding/types';
import { acceptedBids, saleArb, simulate } from './sale-sim.ts';

const NUM_RUNS = 400;

// ---- Properties -------------------------------------------------------------------------------------------

// Generous per-test limit: the machine's two cores are shared, and a slow run is not a failure.
describe('bidding engine properties', { timeout: 60_000 }, () => {
  it('price, leader, reserve and proxy formula hold after every accepted bid', () => {
    fc.assert(
      fc.property(saleArb(false), (sale) => {
        const { rules } = sale;
        const { steps } = simulate(sale);
        // Independent model of every bidder's maximum and the sequence of the bid that set it.
        const model = new Map<string, { max: number; seq: number }>();
        for (const { action, before, result } of acceptedBids(steps)) {
          const after = result.state;
          model.set(action.bidderId, { max: action.amount, seq: before.nextSeq });

          // The price never falls, and never exceeds the leader's maximum.
          if (before.currentPrice !== null)
            expect(after.currentPrice!).toBeGreaterThanOrEqual(before.currentPrice);
          expect(after.currentPrice!).toBeLessThanOrEqual(after.leaderMax!);

          // The leader holds the highest maximum, the earliest-set one on a tie.
          const ranked = [...model.entries()].sort(([, a], [, b]) => b.max - a.max || a.seq - b.seq);
          const [leaderId, leader] = ranked[0]!;
          expect(after.leader).toBe(leaderId);
          expect(after.leaderMax).toBe(leader.max);
          expect(new Map(after.maxima.map((m) => [m.bidderId, { max: m.maximum, seq: m.seq }]))).toEqual(
            model,
          );

          // The price formula (see the header).
          const R = rules.reserve;
          const ML = leader.max;
          if (ranked.length === 1) {
            expect(after.currentPrice).toBe(
              R !== null && ML >= R ? Math.max(rules.openingBid, R) : rules.openingBid,
            );
          } else if (before.leader !== action.bidderId) {
            const S = ranked[1]![1].max;
            let expected = Math.min(ML, S + increment(S, rules.increments));
            if (R !== null && ML >= R) expected = Math.max(expected, R);
            expect(after.currentPrice).toBe(expected);
          } else {
            expect(after.currentPrice).toBe(
              R !== null && before.reserveMet === false && ML >= R ? R : before.currentPrice,
            );
          }

          // reserveMet: null without a reserve; else the leader's price reached it, i.e. their maximum did.
          expect(after.reserveMet).toBe(R === null ? null : after.currentPrice! >= R);
          if (R !== null) expect(after.reserveMet).toBe(ML >= R);

          // Outbid exactly when the lead changed hands.
          const outbids = result.events.filter((e) => e.type === 'outbid');
          const changed = before.leader !== null && before.leader !== after.leader;
          expect(outbids).toEqual(
            changed
              ? [expect.objectContaining({ previousLeader: before.leader, newLeader: after.leader })]
              : [],
          );
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('accepted bids are valid at their time, and no bid is accepted at or after the end', () => {
    fc.assert(
      fc.property(saleArb(true), (sale) => {
        const { steps } = simulate(sale);
        for (const { action, before, result } of steps) {
          if (action.type !== 'bid') continue;
          if (action.at >= before.endsAt)
            expect(result).toMatchObject({ ok: false, refusal: { code: 'LOT_CLOSED' } });
          if (!result.ok) {
            expect(result).not.toHaveProperty('state');
            continue;
          }
          expect(action.at).toBeLessThan(before.endsAt);
          expect(action.amount).toBeGreaterThanOrEqual(nextMinimum(before, sale.rules));
          expect(action.amount % 100).toBe(0);
          expect(action.amount).toBeLessThanOrEqual(MAX_BID_CENTS);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('soft close never moves the end earlier and extends exactly as configured', () => {
    fc.assert(
      fc.property(saleArb(false), (sale) => {
        const { softClose } = sale.rules;
        for (const { action, before, result } of simulate(sale).steps) {
          if (!result.ok) continue;
          const inWindow = softClose.enabled && before.endsAt - action.at <= softClose.windowSeconds * 1000;
          const expected = inWindow
            ? Math.max(before.endsAt, action.at + softClose.extensionSeconds * 1000)
            : before.endsAt;
          expect(result.state.endsAt).toBe(expected);
          expect(result.state.endsAt).toBeGreaterThanOrEqual(before.endsAt);
          const extended = result.events.filter((e) => e.type === 'soft_close_extended');
          expect(extended).toHaveLength(expected === before.endsAt ? 0 : 1);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('buy now and bids are mutually exclusive', () => {
    fc.assert(
      fc.property(saleArb(true), (sale) => {
        const { rules } = sale;
        let boughtNow = false;
        for (const { action, before, result } of simulate(sale).steps) {
          if (boughtNow) expect(result.ok).toBe(false);
          if (action.type !== 'buyNow' || !result.ok) continue;
          // Accepted only before any bid (with a reserve: before it is met), and it closes the lot.
          expect(rules.buyNowPrice).not.toBeNull();
          if (rules.reserve === null) expect(before.bidCount).toBe(0);
          else expect(before.reserveMet).toBe(false);
          expect(result.state).toMatchObject({ status: 'closed', outcome: 'sold', winner: action.buyerId });
          boughtNow = true;
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('replaying the actions, or only the accepted ones, gives the same state and history', () => {
    fc.assert(
      fc.property(saleArb(true), (sale) => {
        const { initial, steps, final } = simulate(sale);
        const all = replay(
          sale.rules,
          initial,
          steps.map((s) => s.action),
        );
        expect(all.state).toEqual(final);
        expect(all.refused).toHaveLength(steps.filter((s) => !s.result.ok).length);
        const history: HistoryEntry[] = steps
          .flatMap((s) => (s.result.ok ? s.result.events : []))
          .flatMap((e) => (e.type === 'bid_placed' ? [(({ type: _t, ...entry }) => entry)(e)] : []));
        expect(all.history).toEqual(history);
        const again = replay(sale.rules, initial, all.accepted);
        expect(again.state).toEqual(final);
        expect(again.refused).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('closing sells to the leader at the price when the reserve allows, exactly once', () => {
    fc.assert(
      fc.property(saleArb(false), (sale) => {
        const { rules } = sale;
        const { final } = simulate(sale);
        const closed = applyAction(rules, final, { type: 'close', at: final.endsAt });
        if (!closed.ok) throw new Error(closed.refusal.code);
        const sold =
          final.leader !== null && (rules.reserve === null || final.currentPrice! >= rules.reserve);
        expect(closed.state).toMatchObject(
          sold
            ? { outcome: 'sold', winner: final.leader, hammer: final.currentPrice }
            : { outcome: 'unsold', winner: null, hammer: null },
        );
        expect(applyAction(rules, closed.state, { type: 'close', at: final.endsAt + 1 })).toMatchObject({
          ok: false,
          refusal: { code: 'LOT_CLOSED' },
        });
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('void + replay equals replaying the list without that bid (keeping the end it had reached)', () => {
    fc.assert(
      fc.property(saleArb(false), fc.nat(), (sale, pick) => {
        const { rules } = sale;
        const { initial, steps } = simulate(sale);
        const accepted: LotAction[] = acceptedBids(steps).map((s) => s.action);
        fc.pre(accepted.length > 0);
        const target = accepted[pick % accepted.length] as BidAction;
        const before = replay(rules, initial, accepted);
        const voided = voidBid(rules, initial, accepted, target.bidId!);
        const without = replay(
          rules,
          initial,
          accepted.filter((a) => a !== target),
        );

        if (without.refused.length === 0) {
          // The usual case: every remaining bid is still valid in a plain replay, and the results agree.
          expect(voided.refused).toEqual([]);
          expect(voided.state).toEqual({
            ...without.state,
            endsAt: Math.max(before.state.endsAt, without.state.endsAt),
          });
          expect(voided.history).toEqual(without.history);
        } else {
          // A remaining bid may have relied on the voided bid's extension (LOT_CLOSED in a plain replay) or
          // fall below a price the removal raised (BID_TOO_LOW): the void keeps it unless it is superseded.
          for (const r of without.refused) expect(['LOT_CLOSED', 'BID_TOO_LOW']).toContain(r.refusal.code);
          for (const r of voided.refused) expect(r.refusal.code).toBe('BID_SUPERSEDED');
        }

        // Either way the recomputed lot obeys the proxy invariants over the bids it kept.
        const state = voided.state;
        expect(state.endsAt).toBeGreaterThanOrEqual(before.state.endsAt);
        const bidsLeft = (id: string) =>
          accepted.some((a) => a !== target && a.type === 'bid' && a.bidderId === id);
        if (!bidsLeft(target.bidderId))
          expect(state.maxima.map((m) => m.bidderId)).not.toContain(target.bidderId);
        if (state.leader !== null) {
          const top = [...state.maxima].sort((a, b) => b.maximum - a.maximum || a.seq - b.seq)[0]!;
          expect([state.leader, state.leaderMax]).toEqual([top.bidderId, top.maximum]);
          expect(state.currentPrice!).toBeLessThanOrEqual(state.leaderMax!);
          expect(state.reserveMet).toBe(rules.reserve === null ? null : state.currentPrice! >= rules.reserve);
        } else {
          expect(state).toEqual({ ...initial, endsAt: state.endsAt });
        }

        // Replaying the stored log with the void in it reproduces the result.
        expect(replay(rules, initial, voided.accepted)).toEqual(voided);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
