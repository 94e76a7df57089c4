import { describe, expect, it } from 'vitest';
import { DEFAULT_INCREMENTS, increment, incrementTableProblem } from '@knotwork/shared/bidding/increments';
import { nextMinimum } from '@knotwork/shared/bidding/lot-state';
import { bidOf, bids, openLot, rulesWith, u } from './helpers.ts';

describe('default increment table (AUCTION-RULES.md, in cents)', () => {
  // [current price in units, expected increment in units]: each row's start, and the amount just below it.
  const boundaries: Array<[number, number]> = [
    [0, 10],
    [199.99, 10],
    [200, 20],
    [499.99, 20],
    [500, 50],
    [999.99, 50],
    [1000, 100],
    [1999.99, 100],
    [2000, 200],
    [4999.99, 200],
    [5000, 500],
    [9999.99, 500],
    [10000, 1000],
    [19999.99, 1000],
    [20000, 2000],
    [49999.99, 2000],
    [50000, 5000],
    [99999.99, 5000],
    [100000, 10000],
    [10_000_000, 10000],
  ];
  it.each(boundaries)('at %s the increment is %s', (price, expected) => {
    expect(increment(Math.round(price * 100), DEFAULT_INCREMENTS)).toBe(u(expected));
  });

  it('defaults to the default table', () => {
    expect(increment(u(750))).toBe(u(50));
  });

  it('holds exactly the ten rows of the rules, in cents', () => {
    expect(DEFAULT_INCREMENTS).toHaveLength(10);
    expect(DEFAULT_INCREMENTS[0]).toEqual({ from: 0, increment: 1000 });
    expect(DEFAULT_INCREMENTS[9]).toEqual({ from: 10_000_000, increment: 1_000_000 });
  });

  it('uses an auction’s own table', () => {
    const table = [
      { from: 0, increment: u(5) },
      { from: u(100), increment: u(25) },
    ];
    expect(increment(u(99), table)).toBe(u(5));
    expect(increment(u(100), table)).toBe(u(25));
  });

  it('refuses to work without a table', () => {
    expect(() => increment(0, [])).toThrow();
  });
});

describe('incrementTableProblem', () => {
  it('accepts the default table', () => {
    expect(incrementTableProblem(DEFAULT_INCREMENTS)).toBeNull();
  });
  it.each([
    ['empty', []],
    ['not starting at 0', [{ from: 100, increment: 10 }]],
    ['zero increment', [{ from: 0, increment: 0 }]],
    ['fractional', [{ from: 0, increment: 1.5 }]],
    [
      'unordered',
      [
        { from: 0, increment: 10 },
        { from: 500, increment: 10 },
        { from: 200, increment: 10 },
      ],
    ],
  ])('rejects a table that is %s', (_label, table) => {
    expect(incrementTableProblem(table)).toEqual(expect.any(String));
  });
});

describe('nextMinimum', () => {
  it('is the opening bid before the first bid, then price + increment(price)', () => {
    const rules = rulesWith();
    const lot = openLot(rules);
    expect(nextMinimum(lot, rules)).toBe(u(100));
    const afterA = bids(rules, lot, bidOf('A', 500)).state; // price 100
    expect(nextMinimum(afterA, rules)).toBe(u(110));
    const afterB = bids(rules, afterA, bidOf('B', 300)).state; // price 320
    expect(nextMinimum(afterB, rules)).toBe(u(340));
  });
});
