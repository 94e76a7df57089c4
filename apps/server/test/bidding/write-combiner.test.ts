import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { createBidWriteCombiner } from '../../src/modules/bidding/bid-write-combiner.ts';
import type { GuardedLotChange, GuardedResult } from '../../src/modules/lots/lot-change-repository.ts';

/**
 * Which lots' guarded writes share a statement (bid-write-combiner.ts, decision 103). The statement
 * itself is tested against the database through the bid route (fast-path.test.ts, write-combiner-db.test.ts); here
 * a stand-in statement records what it was given and answers when the test releases it.
 */
const change = (lotId: string, ...userIds: string[]): GuardedLotChange => ({
  lotId,
  at: 0,
  state: null,
  seq: 0,
  bids: [],
  events: [],
  keys: [],
  rugId: 'rug',
  lotVersion: '1',
  auctionVersion: '1',
  deadlineMs: 0,
  userIds,
  limits: [],
  registrationRequired: false,
});

type Answer = Partial<GuardedResult> | Error;

function standIn(answer: (lotId: string, lots: string[]) => Answer = () => ({})) {
  const statements: string[][] = [];
  const waiting: (() => void)[] = [];
  const write = async (_db: Db, changes: readonly GuardedLotChange[]): Promise<GuardedResult[]> => {
    const lots = changes.map((c) => c.lotId);
    statements.push(lots);
    await new Promise<void>((resolve) => waiting.push(resolve));
    const answers = lots.map((lot) => answer(lot, lots));
    const failed = answers.find((a) => a instanceof Error);
    if (failed) throw failed;
    return answers.map((a) => ({ applied: true, lotVersion: '2', liked: [], ...a }));
  };
  /** Lets every statement in flight answer, then lets the combiner send what waited. */
  const release = async () => {
    for (const go of waiting.splice(0)) go();
    await new Promise((r) => setImmediate(r));
  };
  return { statements, write, release };
}

const db = {} as Db;

describe('bid write combiner', () => {
  it('sends at once while a statement is free; what arrives meanwhile shares the next one', async () => {
    const s = standIn();
    const combiner = createBidWriteCombiner(db, { statements: 1, maxLots: 32, write: s.write });
    const first = combiner.write(change('a', 'u1'));
    expect(s.statements).toEqual([['a']]);
    const rest = ['b', 'c', 'd'].map((lot, i) => combiner.write(change(lot, `u${i + 2}`)));
    expect(s.statements).toHaveLength(1);
    await s.release();
    expect(s.statements).toEqual([['a'], ['b', 'c', 'd']]);
    await s.release();
    const results = await Promise.all([first, ...rest]);
    expect(results.every((r) => r.applied)).toBe(true);
    expect(combiner.stats()).toEqual({ statements: 2, lots: 4 });
  });

  it('puts a lot in a statement once (its rug id and its own id are two queues of the same lot)', async () => {
    const s = standIn();
    const combiner = createBidWriteCombiner(db, { statements: 1, maxLots: 32, write: s.write });
    const all = [
      combiner.write(change('x', 'u0')),
      combiner.write(change('a', 'u1')),
      combiner.write(change('a', 'u2')),
      combiner.write(change('b', 'u3')),
    ];
    for (let i = 0; i < 3; i++) await s.release();
    await Promise.all(all);
    expect(s.statements).toEqual([['x'], ['a', 'b'], ['a']]);
  });

  it('puts a bidder in one lot of a statement at most, and no more lots than maxLots', async () => {
    const s = standIn();
    const combiner = createBidWriteCombiner(db, { statements: 1, maxLots: 2, write: s.write });
    const all = [
      combiner.write(change('a', 'u9')),
      combiner.write(change('b', 'u1', 'u2')),
      combiner.write(change('c', 'u2')),
      combiner.write(change('d', 'u3')),
      combiner.write(change('e', 'u1')),
      combiner.write(change('f', 'u4')),
    ];
    for (let i = 0; i < 4; i++) await s.release();
    await Promise.all(all);
    // Oldest first, skipping a lot that shares a bidder with one already in, and at most two lots each.
    expect(s.statements).toEqual([['a'], ['b', 'd'], ['c', 'e'], ['f']]);
  });

  it('keeps two statements in flight when asked to, not more', async () => {
    const s = standIn();
    const combiner = createBidWriteCombiner(db, { statements: 2, maxLots: 32, write: s.write });
    const all = ['a', 'b', 'c', 'd'].map((lot, i) => combiner.write(change(lot, `u${i}`)));
    expect(s.statements).toEqual([['a'], ['b']]);
    await s.release();
    expect(s.statements).toEqual([['a'], ['b'], ['c', 'd']]);
    await s.release();
    await Promise.all(all);
  });

  it('a shared statement that fails is retried lot by lot, and only the failing lot sees the error', async () => {
    const s = standIn((lot) => (lot === 'c' ? new Error('deadlock detected') : {}));
    const combiner = createBidWriteCombiner(db, { statements: 1, maxLots: 32, write: s.write });
    const first = combiner.write(change('a', 'u1'));
    const b = combiner.write(change('b', 'u2'));
    const c = combiner.write(change('c', 'u3'));
    const caught = c.catch((err: unknown) => err);
    for (let i = 0; i < 4; i++) await s.release();
    expect(s.statements).toEqual([['a'], ['b', 'c'], ['b'], ['c']]);
    expect((await b).applied).toBe(true);
    expect(await caught).toBeInstanceOf(Error);
    await first;
  });
});
