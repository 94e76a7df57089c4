/**
 * Random sales for property tests: rules (random increment tables, reserves, buy-now prices, soft close) and
 * bidders' intents turned into concrete actions against the evolving state.
 */
import fc from 'fast-check';
import { applyAction } from '@knotwork/shared/bidding/engine';
import { DEFAULT_INCREMENTS, increment } from '@knotwork/shared/bidding/increments';
import { initialLotState, nextMinimum } from '@knotwork/shared/bidding/lot-state';
import type {
  ApplyResult,
  BidAction,
  IncrementTable,
  LotRules,
  LotState,
  StepAction,
} from '@knotwork/shared/bidding/types';
import { T0, u } from './helpers.ts';

// ---- Generators -------------------------------------------------------------------------------------------

/** Either the default table or a random valid one (ascending rows from 0, positive whole-unit increments). */
export const tableArb: fc.Arbitrary<IncrementTable> = fc.oneof(
  fc.constant(DEFAULT_INCREMENTS),
  fc
    .uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 5 })
    .chain((starts) =>
      fc.tuple(
        fc.constant([0, ...starts.sort((a, b) => a - b)]),
        fc.array(fc.integer({ min: 1, max: 500 }), {
          minLength: starts.length + 1,
          maxLength: starts.length + 1,
        }),
      ),
    )
    .map(([starts, steps]) => starts.map((from, i) => ({ from: u(from), increment: u(steps[i]!) }))),
);

export const rulesArb: fc.Arbitrary<LotRules> = fc.record({
  openingBid: fc.integer({ min: 1, max: 2000 }).map(u),
  reserve: fc.option(fc.integer({ min: 1, max: 20_000 }).map(u), { nil: null, freq: 2 }),
  buyNowPrice: fc.option(fc.integer({ min: 1, max: 50_000 }).map(u), { nil: null, freq: 2 }),
  increments: tableArb,
  softClose: fc.record({
    enabled: fc.boolean(),
    windowSeconds: fc.integer({ min: 0, max: 600 }),
    extensionSeconds: fc.integer({ min: 0, max: 600 }),
  }),
});

/** How an intent turns into an amount once the state it meets is known. */
export type AmountKind = 'grid' | 'offGrid' | 'absolute' | 'cents' | 'matchLeader';
export interface Intent {
  bidder: number;
  kind: AmountKind | 'buyNow';
  steps: number;
  units: number;
  /** Milliseconds after the previous action. */
  gap: number;
}

export const intentArb = (bidders: number, withBuyNow: boolean): fc.Arbitrary<Intent> =>
  fc.record({
    bidder: fc.integer({ min: 0, max: bidders - 1 }),
    kind: fc.constantFrom<Intent['kind']>(
      'grid',
      'grid',
      'grid',
      'offGrid',
      'offGrid',
      'offGrid',
      'matchLeader',
      'absolute',
      'cents',
      ...(withBuyNow ? (['buyNow'] as const) : []),
    ),
    steps: fc.integer({ min: 0, max: 12 }),
    units: fc.integer({ min: 0, max: 30_000 }),
    // Mostly seconds apart, now and then minutes: sales run into their end and soft close.
    gap: fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: 0, max: 20_000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 * 60_000 }) },
    ),
  });

export const saleArb = (withBuyNow: boolean) =>
  fc.record({
    rules: rulesArb,
    durationMs: fc.integer({ min: 1000, max: 20 * 60_000 }),
    intents: fc
      .integer({ min: 2, max: 8 })
      .chain((n) => fc.array(intentArb(n, withBuyNow), { minLength: 1, maxLength: 40 })),
  });

export type Sale = { rules: LotRules; durationMs: number; intents: Intent[] };

// ---- Simulation -------------------------------------------------------------------------------------------

export interface Step {
  action: StepAction;
  before: LotState;
  result: ApplyResult;
}

export function amountFor(intent: Intent, state: LotState, rules: LotRules): number {
  const min = nextMinimum(state, rules);
  const inc = increment(state.currentPrice ?? rules.openingBid, rules.increments);
  switch (intent.kind) {
    case 'grid':
      return min + intent.steps * inc;
    case 'offGrid':
      return min + u(intent.units % 997);
    case 'absolute':
      return u(intent.units);
    case 'matchLeader':
      // A tie with the leader's maximum (when that is a valid bid), else a plain minimum bid.
      return state.leaderMax !== null && state.leaderMax >= min ? state.leaderMax : min;
    default:
      return min + 50;
  }
}

/** Turn intents into concrete actions against the evolving state and record every step. */
export function simulate(sale: Sale): { initial: LotState; steps: Step[]; final: LotState } {
  const { rules } = sale;
  const initial = initialLotState(rules, { startsAt: T0, endsAt: T0 + sale.durationMs, status: 'open' });
  let state = initial;
  let at = T0;
  const steps: Step[] = [];
  sale.intents.forEach((intent, i) => {
    at += intent.gap;
    const bidderId = `bidder-${intent.bidder}`;
    const action: StepAction =
      intent.kind === 'buyNow'
        ? { type: 'buyNow', buyerId: bidderId, at }
        : { type: 'bid', bidId: `b${i}`, bidderId, amount: amountFor(intent, state, rules), at };
    const result = applyAction(rules, state, action);
    steps.push({ action, before: state, result });
    if (result.ok) state = result.state;
  });
  return { initial, steps, final: state };
}

export const acceptedBids = (steps: Step[]) =>
  steps.filter(
    (s): s is Step & { action: BidAction; result: Extract<ApplyResult, { ok: true }> } =>
      s.action.type === 'bid' && s.result.ok,
  );
