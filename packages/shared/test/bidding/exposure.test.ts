/**
 * The exposure rule (issue 28 §2, decision 090), by example and over random sales: several lots run by the real
 * engine, bidders with limits bidding, buying now, winning, paying, being refunded and having their limit raised.
 * The house's gate is `checkBiddingLimit` before every bid and buy; exposure is recomputed from the lots' states
 * after every step, independently of the gate.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction } from '@knotwork/shared/bidding/engine';
import {
  checkBiddingLimit,
  exposureOf,
  limitFromDeposit,
  type ExposureLine,
} from '@knotwork/shared/bidding/exposure';
import { nextMinimum } from '@knotwork/shared/bidding/lot-state';
import type { LotRules, LotState } from '@knotwork/shared/bidding/types';
import { openLot, rulesWith, T0, u } from './helpers.ts';

describe('checkBiddingLimit', () => {
  const lines: ExposureLine[] = [
    { lotId: 'a', kind: 'leading', cents: u(3000) },
    { lotId: 'b', kind: 'won_unpaid', cents: u(2000) },
  ];

  it('allows any bid without a limit', () => {
    expect(checkBiddingLimit({ limitCents: null, lines, lotId: 'c', amountCents: u(1e6) })).toBeNull();
  });

  it('adds a new lot to what is committed elsewhere, up to the limit exactly', () => {
    expect(checkBiddingLimit({ limitCents: u(10_000), lines, lotId: 'c', amountCents: u(5000) })).toBeNull();
    expect(checkBiddingLimit({ limitCents: u(10_000), lines, lotId: 'c', amountCents: u(5001) })).toEqual({
      limitCents: u(10_000),
      exposureCents: u(5000),
      availableCents: u(5000),
    });
  });

  it("replaces the bidder's own leading maximum on the same lot instead of adding to it", () => {
    expect(checkBiddingLimit({ limitCents: u(10_000), lines, lotId: 'a', amountCents: u(8000) })).toBeNull();
    expect(
      checkBiddingLimit({ limitCents: u(10_000), lines, lotId: 'a', amountCents: u(8001) }),
    ).not.toBeNull();
  });

  it('counts a won and unpaid lot even when bidding on it again is impossible', () => {
    const check = checkBiddingLimit({ limitCents: u(2500), lines, lotId: 'b', amountCents: u(600) });
    expect(check).toEqual({ limitCents: u(2500), exposureCents: u(5000), availableCents: 0 });
  });

  it('turns a deposit into a limit by the multiple', () => {
    expect(limitFromDeposit(u(10_000), 10)).toBe(u(100_000));
    expect(exposureOf(lines)).toBe(u(5000));
  });
});

// ---- Random sales ------------------------------------------------------------------------------------------

const LOTS = 4;
const BIDDERS = 4;

type Step =
  | { type: 'bid'; bidder: number; lot: number; steps: number }
  | { type: 'buyNow'; bidder: number; lot: number }
  | { type: 'close'; lot: number }
  | { type: 'pay'; bidder: number }
  | { type: 'refund'; lot: number }
  | { type: 'raise'; bidder: number; units: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      type: fc.constant('bid' as const),
      bidder: fc.nat(BIDDERS - 1),
      lot: fc.nat(LOTS - 1),
      steps: fc.nat(30),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('buyNow' as const),
      bidder: fc.nat(BIDDERS - 1),
      lot: fc.nat(LOTS - 1),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('close' as const), lot: fc.nat(LOTS - 1) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('pay' as const), bidder: fc.nat(BIDDERS - 1) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('refund' as const), lot: fc.nat(LOTS - 1) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('raise' as const),
      bidder: fc.nat(BIDDERS - 1),
      units: fc.integer({ min: 1, max: 3000 }),
    }),
  },
);

const saleArb = fc.record({
  // A limit from a deposit of 50-1,000 at the default multiple, or none.
  limits: fc.array(
    fc.option(
      fc.integer({ min: 50, max: 1000 }).map((d) => limitFromDeposit(u(d), 10)),
      { nil: null, freq: 4 },
    ),
    { minLength: BIDDERS, maxLength: BIDDERS },
  ),
  buyNow: fc.array(fc.option(fc.integer({ min: 500, max: 8000 }).map(u), { nil: null }), {
    minLength: LOTS,
    maxLength: LOTS,
  }),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 80 }),
});

/** What each lot means for each bidder's exposure, read from the engine's states and the books. */
function linesOf(
  bidder: string,
  lots: readonly LotState[],
  rules: readonly LotRules[],
  unpaid: ReadonlyMap<number, string>,
): ExposureLine[] {
  const lines: ExposureLine[] = [];
  lots.forEach((lot, i) => {
    if (lot.status === 'open' && lot.leader === bidder && lot.leaderMax !== null)
      lines.push({ lotId: `lot-${i}`, kind: 'leading', cents: lot.leaderMax });
    // Bought now: the buy-now price; won at the hammer: the hammer.
    const owes = lot.buyer === bidder ? rules[i]!.buyNowPrice : lot.winner === bidder ? lot.hammer : null;
    if (unpaid.get(i) === bidder && owes !== null)
      lines.push({ lotId: `lot-${i}`, kind: 'won_unpaid', cents: owes });
  });
  return lines;
}

describe('exposure over random sales', { timeout: 60_000 }, () => {
  it('no allowed bid or buy takes a bidder past their limit, and nothing else raises exposure', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const rules = sale.buyNow.map((buyNowPrice) => rulesWith({ openingBid: u(100), buyNowPrice }));
        const lots = rules.map((r) => openLot(r, T0 + 10 * 24 * 3_600_000));
        const limits = [...sale.limits];
        // lot index -> the bidder who owes it (won or bought, not yet paid).
        const unpaid = new Map<number, string>();
        const name = (b: number) => `bidder-${b}`;
        const exposure = (b: number) => exposureOf(linesOf(name(b), lots, rules, unpaid));
        let at = T0;

        for (const step of sale.steps) {
          at += 1000;
          const before = Array.from({ length: BIDDERS }, (_, b) => exposure(b));
          let gated: number | null = null;
          if (step.type === 'bid' || step.type === 'buyNow') {
            const lot = lots[step.lot]!;
            const r = rules[step.lot]!;
            const amount =
              step.type === 'bid' ? nextMinimum(lot, r) + step.steps * u(50) : (r.buyNowPrice ?? 0);
            const check = checkBiddingLimit({
              limitCents: limits[step.bidder]!,
              lines: linesOf(name(step.bidder), lots, rules, unpaid),
              lotId: `lot-${step.lot}`,
              amountCents: amount,
            });
            if (!check) {
              const result = applyAction(
                r,
                lot,
                step.type === 'bid'
                  ? { type: 'bid', bidId: `b${at}`, bidderId: name(step.bidder), amount, at }
                  : { type: 'buyNow', buyerId: name(step.bidder), at },
              );
              if (result.ok) {
                lots[step.lot] = result.state;
                if (result.state.buyer) unpaid.set(step.lot, result.state.buyer);
                gated = step.bidder;
              }
            } else {
              // A refusal says what is left, which is less than what was asked, and what is committed elsewhere.
              expect(check.availableCents).toBeLessThan(amount);
              const elsewhere = linesOf(name(step.bidder), lots, rules, unpaid).filter(
                (l) => !(l.lotId === `lot-${step.lot}` && l.kind === 'leading'),
              );
              expect(check.exposureCents).toBe(exposureOf(elsewhere));
            }
          } else if (step.type === 'close') {
            const result = applyAction(rules[step.lot]!, lots[step.lot]!, { type: 'close', at });
            if (result.ok) {
              lots[step.lot] = result.state;
              if (result.state.winner) unpaid.set(step.lot, result.state.winner);
            }
          } else if (step.type === 'pay') {
            for (const [i, owner] of unpaid) if (owner === name(step.bidder)) unpaid.delete(i);
          } else if (step.type === 'refund') {
            unpaid.delete(step.lot);
          } else {
            const limit = limits[step.bidder]!;
            if (limit !== null) limits[step.bidder] = limit + u(step.units);
          }

          for (let b = 0; b < BIDDERS; b += 1) {
            const now = exposure(b);
            const limit = limits[b]!;
            // The bidder whose bid or buy was allowed: within their limit after it, whatever the engine did.
            if (gated === b && limit !== null) expect(now).toBeLessThanOrEqual(limit);
            // Everyone else: being outbid, a close, a payment, a refund or a raised limit never adds exposure.
            if (gated !== b) expect(now).toBeLessThanOrEqual(before[b]!);
            // Limits only rise here, so every limited bidder stays within theirs throughout.
            if (limit !== null) expect(now).toBeLessThanOrEqual(limit);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
