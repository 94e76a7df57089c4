import { applyAction } from '@knotwork/shared/bidding/engine';
import { DEFAULT_INCREMENTS } from '@knotwork/shared/bidding/increments';
import { DEFAULT_SOFT_CLOSE } from '@knotwork/shared/bidding/limits';
import { initialLotState } from '@knotwork/shared/bidding/lot-state';
import type { LotEvent, LotRules, LotState, StepAction } from '@knotwork/shared/bidding/types';

export const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Currency units to cents, so tests read like AUCTION-RULES.md. */
export const u = (units: number) => units * 100;

export function rulesWith(overrides: Partial<LotRules> = {}): LotRules {
  return {
    openingBid: u(100),
    reserve: null,
    buyNowPrice: null,
    increments: DEFAULT_INCREMENTS,
    softClose: DEFAULT_SOFT_CLOSE,
    ...overrides,
  };
}

/** An open lot running from T0 for an hour. */
export function openLot(rules: LotRules, endsAt = T0 + HOUR): LotState {
  return initialLotState(rules, { startsAt: T0, endsAt, status: 'open' });
}

/** Apply an action that must be accepted. */
export function step(
  rules: LotRules,
  state: LotState,
  action: StepAction,
): { state: LotState; events: LotEvent[] } {
  const result = applyAction(rules, state, action);
  if (!result.ok) throw new Error(`Refused ${action.type}: ${result.refusal.code}`);
  return result;
}

let clock = 0;
/** A bid at a strictly later time than the previous one, well before the end. */
export const bidOf = (bidderId: string, units: number, at = T0 + ++clock * 1000) =>
  ({ type: 'bid', bidderId, amount: u(units), at }) as const;

/** Apply bids in order, each required to be accepted. */
export function bids(
  rules: LotRules,
  state: LotState,
  ...list: StepAction[]
): { state: LotState; events: LotEvent[] } {
  let current = state;
  const events: LotEvent[] = [];
  for (const action of list) {
    const result = step(rules, current, action);
    current = result.state;
    events.push(...result.events);
  }
  return { state: current, events };
}
