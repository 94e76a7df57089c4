/**
 * A bidder's exposure and the bidding limit (issue 28 §2, decision 090).
 *
 * Exposure is what a bidder has committed to pay the house, in hammer terms (the unit bids are made in; the
 * buyer's premium, tax and shipping come on top for every bidder alike, so a limit is read as "bids up to"):
 *   - on every open lot they lead, timed or live, their maximum (the proxy maximum, an absentee maximum, or the
 *     amount a clerk entered for them): if the lot closed now at worst they would owe up to it;
 *   - on every lot they won or bought and have not paid, its hammer (or buy-now price): they owe it.
 * A maximum that is not leading commits nothing: an outbid bidder owes nothing however high their old bid was.
 *
 * A new maximum M on lot L is allowed when exposure on every lot but L, plus M, is at most the limit: raising
 * one's own maximum on L replaces it rather than adding to it. The check is made before the engine decides
 * (the bid may turn out to be outbid at once, committing nothing): a bidder can never be exposed past their
 * limit by a bid that was allowed, whatever the engine answers.
 *
 * Nothing but an allowed bid (or a buy) raises exposure: being outbid removes a line, a win turns a maximum into
 * a hammer no higher than it, a payment, refund or cancellation removes a line. So with a limit that only rises,
 * exposure never exceeds it (test/bidding/exposure.test.ts checks it over random sales with the real engine).
 * When staff lower a limit below what is already committed nothing is undone: new bids are refused until the
 * exposure falls below the new limit.
 */

export type ExposureKind = 'leading' | 'won_unpaid';

/** One lot's part of a bidder's exposure, in cents. */
export interface ExposureLine {
  lotId: string;
  kind: ExposureKind;
  cents: number;
}

/** The sum of a bidder's exposure lines, cents. */
export function exposureOf(lines: readonly ExposureLine[]): number {
  return lines.reduce((sum, line) => sum + line.cents, 0);
}

/** Why a maximum is refused: the limit, what is committed on other lots, and the most this lot may take now. */
export interface LimitExceeded {
  limitCents: number;
  exposureCents: number;
  /** The highest maximum the bidder may set on this lot now (never negative). */
  availableCents: number;
}

/**
 * Whether a bidder with `limitCents` (null: no limit) may set `amountCents` as their maximum on `lotId`
 * (or buy it at that price), given their exposure lines: null when they may, else the figures of the refusal.
 * A leading maximum on this lot is replaced, not added.
 */
export function checkBiddingLimit(input: {
  limitCents: number | null;
  lines: readonly ExposureLine[];
  lotId: string;
  amountCents: number;
}): LimitExceeded | null {
  if (input.limitCents === null) return null;
  const elsewhere = exposureOf(
    input.lines.filter((line) => !(line.lotId === input.lotId && line.kind === 'leading')),
  );
  if (elsewhere + input.amountCents <= input.limitCents) return null;
  return {
    limitCents: input.limitCents,
    exposureCents: elsewhere,
    availableCents: Math.max(0, input.limitCents - elsewhere),
  };
}

/** A deposit's bidding limit: the house's multiple (decision 090: default 10), whole cents. */
export function limitFromDeposit(depositCents: number, multiple: number): number {
  return depositCents * multiple;
}
