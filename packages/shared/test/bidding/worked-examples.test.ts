/** Every worked example of AUCTION-RULES.md "Proxy (maximum) bidding", in cents. */
import { describe, expect, it } from 'vitest';
import { bidOf, bids, openLot, rulesWith, u } from './helpers.ts';

describe('AUCTION-RULES.md worked examples (default table, opening bid 100)', () => {
  it('A bids 500 -> A leads at 100; B bids 300 -> A leads at 320; B bids 600 -> B leads at 550', () => {
    const rules = rulesWith();
    let state = bids(rules, openLot(rules), bidOf('A', 500)).state;
    expect(state).toMatchObject({ leader: 'A', currentPrice: u(100), reserveMet: null });

    state = bids(rules, state, bidOf('B', 300)).state;
    expect(state).toMatchObject({ leader: 'A', currentPrice: u(320) });

    state = bids(rules, state, bidOf('B', 600)).state;
    expect(state).toMatchObject({ leader: 'B', currentPrice: u(550), leaderMax: u(600) });
  });

  it('A bids 500, B bids 500 later -> A leads at 500 (the tie goes to the earlier bid)', () => {
    const rules = rulesWith();
    const { state } = bids(rules, openLot(rules), bidOf('A', 500), bidOf('B', 500));
    expect(state).toMatchObject({ leader: 'A', currentPrice: u(500), leaderMax: u(500) });
  });

  it('reserve 1,000: A bids 1,200 -> A leads at 1,000, reserveMet true', () => {
    const rules = rulesWith({ reserve: u(1000) });
    const { state } = bids(rules, openLot(rules), bidOf('A', 1200));
    expect(state).toMatchObject({ leader: 'A', currentPrice: u(1000), reserveMet: true });
  });

  it('reserve 1,000: A bids 800 -> A leads at 100, reserveMet false; A raises to 1,000 -> 1,000, met', () => {
    const rules = rulesWith({ reserve: u(1000) });
    let state = bids(rules, openLot(rules), bidOf('A', 800)).state;
    expect(state).toMatchObject({ leader: 'A', currentPrice: u(100), reserveMet: false });

    state = bids(rules, state, bidOf('A', 1000)).state;
    expect(state).toMatchObject({ leader: 'A', currentPrice: u(1000), reserveMet: true, leaderMax: u(1000) });
  });
});

describe('the visible history of the worked example', () => {
  it('shows each bid at the amount it made visible and the proxy answers as automatic', () => {
    const rules = rulesWith();
    const { events } = bids(rules, openLot(rules), bidOf('A', 500), bidOf('B', 300), bidOf('B', 600));
    const lines = events
      .filter((e) => e.type === 'bid_placed')
      .map((e) => [e.bidderId, e.amount / 100, e.automatic]);
    expect(lines).toEqual([
      ['A', 100, false], // rule 1
      ['B', 300, false], // rule 4: B at its own amount...
      ['A', 320, true], // ...answered by A's proxy
      ['B', 550, false], // rule 3: B leads at the new price
    ]);
    expect(events.filter((e) => e.type === 'outbid')).toEqual([
      expect.objectContaining({ previousLeader: 'A', newLeader: 'B', amount: u(550) }),
    ]);
  });
});
