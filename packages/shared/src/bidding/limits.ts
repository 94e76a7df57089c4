import type { SoftCloseRules } from './types.ts';

/** A bid is a whole number of currency units (AUCTION-RULES.md "Money"). */
export const BID_UNIT_CENTS = 100;
/** The largest bid accepted, in cents. */
export const MAX_BID_CENTS = 1_000_000_000;

export const DEFAULT_SOFT_CLOSE: SoftCloseRules = Object.freeze({
  enabled: true,
  windowSeconds: 120,
  extensionSeconds: 120,
});
