/** One test per refusal code, checking the state it applies to and that the message map covers it. */
import { describe, expect, it } from 'vitest';
import { applyAction } from '@knotwork/shared/bidding/engine';
import { MAX_BID_CENTS } from '@knotwork/shared/bidding/limits';
import { initialLotState } from '@knotwork/shared/bidding/lot-state';
import { REFUSAL_CODES, refusalMessages, type RefusalCode } from '@knotwork/shared/bidding/refusals';
import { voidBid } from '@knotwork/shared/bidding/replay';
import type { LotRules, LotState, StepAction } from '@knotwork/shared/bidding/types';
import { HOUR, T0, bidOf, bids, openLot, rulesWith, step, u } from './helpers.ts';

const rules = rulesWith({ buyNowPrice: u(5000) });
const END = T0 + HOUR;

function refusalOf(state: LotState, action: StepAction, lotRules: LotRules = rules): RefusalCode {
  const result = applyAction(lotRules, state, action);
  if (result.ok) throw new Error('expected a refusal');
  expect(result.refusal.message).toBe(refusalMessages[result.refusal.code]);
  return result.refusal.code;
}

const scheduled = initialLotState(rules, { startsAt: T0, endsAt: END });
const open = openLot(rules);
const closed = step(rules, open, { type: 'close', at: END }).state;
const withdrawn = step(rules, open, { type: 'withdraw', at: T0 + 1 }).state;
const withA = bids(rules, open, bidOf('A', 500)).state; // A leads at 100 with maximum 500

describe('refusal codes', () => {
  it('every code has a human message', () => {
    for (const code of REFUSAL_CODES) expect(refusalMessages[code]).toMatch(/^[A-Z].+\.$/);
    expect(Object.keys(refusalMessages).sort()).toEqual([...REFUSAL_CODES].sort());
  });

  it('BID_TOO_LOW below the opening bid, and below price + increment, with the next minimum', () => {
    expect(refusalOf(open, bidOf('A', 99))).toBe('BID_TOO_LOW');
    expect(refusalOf(open, bidOf('A', 0))).toBe('BID_TOO_LOW');
    expect(refusalOf(open, bidOf('A', -100))).toBe('BID_TOO_LOW');
    const result = applyAction(rules, withA, bidOf('B', 109));
    expect(result).toEqual({
      ok: false,
      refusal: expect.objectContaining({ code: 'BID_TOO_LOW', nextMinimum: u(110) }),
    });
  });

  it('BID_TOO_LOW even when the proxy would answer the bid', () => {
    // B's 105 is below the next minimum 110 although A's proxy (max 500) would simply answer it.
    expect(refusalOf(withA, bidOf('B', 105))).toBe('BID_TOO_LOW');
  });

  it('BID_TOO_LOW for the leader raising between their maximum and the next minimum', () => {
    const offGrid = bids(rules, open, bidOf('A', 105)).state; // price 100, next minimum 110
    expect(refusalOf(offGrid, bidOf('A', 108))).toBe('BID_TOO_LOW');
  });

  it('BID_NOT_WHOLE_UNIT for cents, fractions and non-numbers', () => {
    expect(refusalOf(open, { type: 'bid', bidderId: 'A', amount: u(100) + 50, at: T0 + 1 })).toBe(
      'BID_NOT_WHOLE_UNIT',
    );
    expect(refusalOf(open, { type: 'bid', bidderId: 'A', amount: 10000.5, at: T0 + 1 })).toBe(
      'BID_NOT_WHOLE_UNIT',
    );
    expect(refusalOf(open, { type: 'bid', bidderId: 'A', amount: Number.NaN, at: T0 + 1 })).toBe(
      'BID_NOT_WHOLE_UNIT',
    );
    expect(refusalOf(open, { type: 'bid', bidderId: 'A', amount: Infinity, at: T0 + 1 })).toBe(
      'BID_NOT_WHOLE_UNIT',
    );
  });

  it('BID_TOO_HIGH above 1,000,000,000 cents; exactly the limit is accepted', () => {
    expect(refusalOf(open, { type: 'bid', bidderId: 'A', amount: MAX_BID_CENTS + 100, at: T0 + 1 })).toBe(
      'BID_TOO_HIGH',
    );
    expect(
      applyAction(rules, open, { type: 'bid', bidderId: 'A', amount: MAX_BID_CENTS, at: T0 + 1 }).ok,
    ).toBe(true);
  });

  it('NOT_ABOVE_YOUR_MAX for the leader bidding at or below their own maximum', () => {
    expect(refusalOf(withA, bidOf('A', 500))).toBe('NOT_ABOVE_YOUR_MAX');
    expect(refusalOf(withA, bidOf('A', 200))).toBe('NOT_ABOVE_YOUR_MAX');
  });

  it('LOT_NOT_OPEN for a scheduled or withdrawn lot, or a bid before the start', () => {
    expect(refusalOf(scheduled, bidOf('A', 100, T0 + 1))).toBe('LOT_NOT_OPEN');
    expect(refusalOf(withdrawn, bidOf('A', 100, T0 + 2))).toBe('LOT_NOT_OPEN');
    expect(refusalOf(open, bidOf('A', 100, T0 - 1))).toBe('LOT_NOT_OPEN');
    expect(refusalOf(scheduled, { type: 'buyNow', buyerId: 'A', at: T0 + 1 })).toBe('LOT_NOT_OPEN');
  });

  it('LOT_CLOSED for a closed lot, a bid at or after the end, and closing twice', () => {
    expect(refusalOf(closed, bidOf('A', 100, T0 + 1))).toBe('LOT_CLOSED');
    expect(refusalOf(open, bidOf('A', 100, END))).toBe('LOT_CLOSED');
    expect(refusalOf(open, bidOf('A', 100, END + 1))).toBe('LOT_CLOSED');
    expect(applyAction(rules, open, bidOf('A', 100, END - 1)).ok).toBe(true);
    expect(refusalOf(closed, { type: 'close', at: END + 1 })).toBe('LOT_CLOSED');
    expect(refusalOf(closed, { type: 'withdraw', at: END + 1 })).toBe('LOT_CLOSED');
    expect(refusalOf(closed, { type: 'open', at: END + 1 })).toBe('LOT_CLOSED');
    expect(refusalOf(open, { type: 'buyNow', buyerId: 'A', at: END })).toBe('LOT_CLOSED');
    expect(refusalOf(scheduled, { type: 'open', at: END })).toBe('LOT_CLOSED');
  });

  it('LOT_WITHDRAWN for opening, closing or withdrawing a withdrawn lot', () => {
    expect(refusalOf(withdrawn, { type: 'open', at: T0 + 5 })).toBe('LOT_WITHDRAWN');
    expect(refusalOf(withdrawn, { type: 'close', at: END })).toBe('LOT_WITHDRAWN');
    expect(refusalOf(withdrawn, { type: 'withdraw', at: T0 + 5 })).toBe('LOT_WITHDRAWN');
  });

  it('LOT_ALREADY_OPEN, LOT_NOT_STARTED and LOT_NOT_ENDED for open/close at the wrong time', () => {
    expect(refusalOf(open, { type: 'open', at: T0 + 5 })).toBe('LOT_ALREADY_OPEN');
    expect(refusalOf(scheduled, { type: 'open', at: T0 - 1 })).toBe('LOT_NOT_STARTED');
    expect(refusalOf(open, { type: 'close', at: END - 1 })).toBe('LOT_NOT_ENDED');
  });

  it('BUY_NOW_UNAVAILABLE without a buy-now price, after any bid, or once the reserve is met', () => {
    expect(refusalOf(open, { type: 'buyNow', buyerId: 'B', at: T0 + 1 }, rulesWith())).toBe(
      'BUY_NOW_UNAVAILABLE',
    );
    expect(refusalOf(withA, { type: 'buyNow', buyerId: 'B', at: T0 + 10_000 })).toBe('BUY_NOW_UNAVAILABLE');
    const reserved = rulesWith({ buyNowPrice: u(5000), reserve: u(1000) });
    const met = bids(reserved, openLot(reserved), bidOf('A', 1200)).state;
    expect(refusalOf(met, { type: 'buyNow', buyerId: 'B', at: T0 + 10_000 }, reserved)).toBe(
      'BUY_NOW_UNAVAILABLE',
    );
  });

  it('BID_NOT_FOUND for voiding an unknown or already voided bid; LOT_CLOSED after the close', () => {
    const initial = openLot(rules);
    const log = [{ ...bidOf('A', 500), bidId: 'b1' }];
    expect(voidBid(rules, initial, log, 'nope').refused.map((r) => r.refusal.code)).toEqual([
      'BID_NOT_FOUND',
    ]);
    const twice = voidBid(rules, initial, [...log, { type: 'void', bidId: 'b1' }], 'b1');
    expect(twice.refused.map((r) => r.refusal.code)).toEqual(['BID_NOT_FOUND']);
    const afterClose = voidBid(rules, initial, [...log, { type: 'close', at: END }], 'b1');
    expect(afterClose.refused.map((r) => r.refusal.code)).toEqual(['LOT_CLOSED']);
    expect(afterClose.state.hammer).toBe(u(100));
  });
});
