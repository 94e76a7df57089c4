import { describe, expect, it } from 'vitest';
import { bidderNumbers } from '@knotwork/shared/bidding/pseudonyms';
import { replay, voidBid } from '@knotwork/shared/bidding/replay';
import type { LotAction } from '@knotwork/shared/bidding/types';
import { HOUR, T0, bidOf, openLot, rulesWith, u } from './helpers.ts';

const END = T0 + HOUR;
const rules = rulesWith();
const initial = openLot(rules);
const withId = (bidId: string, action: ReturnType<typeof bidOf>) => ({ ...action, bidId });

describe('replay', () => {
  it('applies actions in order, skips and lists refusals, and keeps the accepted log and history', () => {
    const actions: LotAction[] = [
      withId('b1', bidOf('A', 500)),
      withId('b2', bidOf('B', 105)), // below the next minimum 110
      withId('b3', bidOf('B', 300)),
    ];
    const result = replay(rules, initial, actions);
    expect(result.state).toMatchObject({ leader: 'A', currentPrice: u(320), bidCount: 2 });
    expect(result.refused).toEqual([
      { action: actions[1], refusal: expect.objectContaining({ code: 'BID_TOO_LOW' }) },
    ]);
    expect(result.accepted).toEqual([actions[0], actions[2]]);
    expect(result.history.map((h) => [h.bidId, h.bidderId, h.amount, h.automatic])).toEqual([
      ['b1', 'A', u(100), false],
      ['b3', 'B', u(300), false],
      ['b3', 'A', u(320), true],
    ]);
    expect(replay(rules, initial, result.accepted).state).toEqual(result.state);
  });
});

describe('voidBid', () => {
  it('recomputes the lot from the remaining bids in their original order', () => {
    const log = [withId('b1', bidOf('A', 500)), withId('b2', bidOf('B', 300)), withId('b3', bidOf('C', 400))];
    // Before: A leads at 420 (C's 400 + 20). Without C's bid: A leads at 320 (B's 300 + 20).
    const voided = voidBid(rules, initial, log, 'b3');
    expect(voided.state).toMatchObject({ leader: 'A', currentPrice: u(320), bidCount: 2 });
    expect(voided.events.at(-1)).toEqual({
      type: 'bid_voided',
      bidId: 'b3',
      bidderId: 'C',
      previousLeader: 'A',
      newLeader: 'A',
      previousPrice: u(420),
      newPrice: u(320),
    });
    expect(voided.history.map((h) => h.bidId)).toEqual(['b1', 'b2', 'b2']);
    expect(voided.accepted.at(-1)).toEqual({ type: 'void', bidId: 'b3' });
  });

  it('voiding the leader’s bid hands the lead back', () => {
    const log = [withId('b1', bidOf('A', 500)), withId('b2', bidOf('B', 600))];
    const voided = voidBid(rules, initial, log, 'b2');
    expect(voided.state).toMatchObject({ leader: 'A', currentPrice: u(100), leaderMax: u(500) });
    expect(voided.state.maxima.map((m) => m.bidderId)).toEqual(['A']);
    const none = voidBid(rules, initial, [log[0]!], 'b1').state;
    expect(none).toEqual(initial);
  });

  it('keeps the voided bid’s soft-close extension and the bids placed inside it', () => {
    const late = withId('b2', bidOf('B', 600, END - 10_000)); // extends the end to END + 110 s
    const inExtension = withId('b3', bidOf('C', 700, END + 60_000));
    const log = [withId('b1', bidOf('A', 500)), late, inExtension];
    const before = replay(rules, initial, log);
    expect(before.refused).toEqual([]);
    const voided = voidBid(rules, initial, before.accepted, 'b2');
    expect(voided.refused).toEqual([]);
    // C's bid (50 s before the extended end) had itself extended the end to END + 180 s; that stands.
    expect(before.state.endsAt).toBe(END + 180_000);
    expect(voided.state).toMatchObject({ leader: 'C', currentPrice: u(550), endsAt: END + 180_000 });
    expect(voided.history.map((h) => h.bidId)).toEqual(['b1', 'b3']);
  });

  it('a later void in the log replays identically', () => {
    const log: LotAction[] = [
      withId('b1', bidOf('A', 500)),
      withId('b2', bidOf('B', 600)),
      { type: 'void', bidId: 'b1' },
      withId('b3', bidOf('A', 700)),
    ];
    const result = replay(rules, initial, log);
    expect(result.refused).toEqual([]);
    // After the void B leads alone at 100; A's 700 takes it at min(700, 600 + 50) = 650.
    expect(result.state).toMatchObject({ leader: 'A', currentPrice: u(650) });
    expect(replay(rules, initial, result.accepted)).toEqual(result);
  });

  it('keeps a remaining maximum that a plain replay would refuse as below the next minimum', () => {
    // Flat increment of 2: a raise by the leader moves no price, the same bid from a non-leader does.
    const flat = rulesWith({ openingBid: u(1), increments: [{ from: 0, increment: u(2) }] });
    const start = openLot(flat);
    const log = [
      withId('b0', bidOf('A', 1)), // A leads at 1
      withId('b1', bidOf('A', 3)), // A raises to 3, price 1
      withId('b2', bidOf('B', 3)), // tie: A keeps the lead at 3
      withId('b3', bidOf('A', 5)), // A raises to 5, price 3
      withId('b4', bidOf('A', 6)), // A raises to 6 (next minimum was 5)
    ];
    expect(replay(flat, start, log).refused).toEqual([]);
    // Without b1, B leads at 3 after b2 and A's 5 takes the lead at 5: a plain replay refuses A's 6 (< 7).
    const plain = replay(
      flat,
      start,
      log.filter((a) => a.bidId !== 'b1'),
    );
    expect(plain.refused.map((r) => [r.action, r.refusal.code])).toEqual([[log[4], 'BID_TOO_LOW']]);
    // The void keeps A's committed maximum of 6.
    const voided = voidBid(flat, start, log, 'b1');
    expect(voided.refused).toEqual([]);
    expect(voided.state).toMatchObject({ leader: 'A', leaderMax: u(6), currentPrice: u(5) });
  });
});

describe('bidderNumbers', () => {
  it('numbers bidders by their first bid, automatic answers included', () => {
    const log = [withId('b1', bidOf('A', 500)), withId('b2', bidOf('B', 300)), withId('b3', bidOf('C', 400))];
    const { history } = replay(rules, initial, log);
    expect([...bidderNumbers(history)]).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    expect([...bidderNumbers(voidBid(rules, initial, log, 'b2').history)]).toEqual([
      ['A', 1],
      ['C', 2],
    ]);
  });
});
