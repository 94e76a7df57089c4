import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkoutBalance,
  creditRefundAllowed,
  writeOffRefusal,
  type Balance,
} from '../../src/payments/balance.ts';

const cents = fc.integer({ min: 1, max: 5_000_000 });
const amounts = fc.array(cents, { maxLength: 8 });

/** A ledger as it can really happen: transfers, then write-offs and credit refunds each allowed when written. */
const ledger = fc
  .record({
    total: cents,
    owed: fc.boolean(),
    steps: fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('transfer' as const), amount: cents }),
        fc.record({ kind: fc.constant('write_off' as const), amount: cents }),
        fc.record({ kind: fc.constant('credit_refund' as const), amount: cents }),
      ),
      { maxLength: 12 },
    ),
    limit: fc.integer({ min: 0, max: 100_000 }),
  })
  .map(({ total, owed, steps, limit }) => {
    const state = {
      total,
      owed,
      received: [] as number[],
      writtenOff: [] as number[],
      creditRefunded: [] as number[],
    };
    for (const s of steps) {
      const now = checkoutBalance(state);
      if (s.kind === 'transfer') state.received.push(s.amount);
      else if (s.kind === 'write_off' && writeOffRefusal(now, s.amount, limit) === null)
        state.writtenOff.push(s.amount);
      else if (s.kind === 'credit_refund' && creditRefundAllowed(now, s.amount))
        state.creditRefunded.push(s.amount);
    }
    return { state, limit };
  });

const identity = (b: Balance, owed: number) =>
  b.received + b.writtenOff - b.creditRefunded - owed === b.credit - b.balanceDue;

describe('checkout balance arithmetic (decision 072)', () => {
  it('integer cents; never both a balance due and a credit; what was owed is always accounted for', () => {
    fc.assert(
      fc.property(
        cents,
        fc.boolean(),
        amounts,
        amounts,
        amounts,
        (total, owed, received, writtenOff, creditRefunded) => {
          const b = checkoutBalance({ total, owed, received, writtenOff, creditRefunded });
          for (const v of Object.values(b)) expect(Number.isInteger(v)).toBe(true);
          expect(b.balanceDue).toBeGreaterThanOrEqual(0);
          expect(b.credit).toBeGreaterThanOrEqual(0);
          expect(b.balanceDue === 0 || b.credit === 0).toBe(true);
          expect(identity(b, owed ? total : 0)).toBe(true);
        },
      ),
    );
  });

  it('transfers add up in any order and any split: only their sum matters', () => {
    fc.assert(
      fc.property(cents, fc.array(cents, { minLength: 1, maxLength: 8 }), (total, parts) => {
        const shuffled = [...parts].reverse();
        const a = checkoutBalance({ total, owed: true, received: parts, writtenOff: [], creditRefunded: [] });
        const b = checkoutBalance({
          total,
          owed: true,
          received: shuffled,
          writtenOff: [],
          creditRefunded: [],
        });
        const one = checkoutBalance({
          total,
          owed: true,
          received: [parts.reduce((s, x) => s + x, 0)],
          writtenOff: [],
          creditRefunded: [],
        });
        expect(a).toEqual(b);
        expect(a).toEqual(one);
      }),
    );
  });

  it('a transfer never raises the balance due, and paying exactly the balance due settles with no credit', () => {
    fc.assert(
      fc.property(cents, amounts, cents, (total, received, extra) => {
        const before = checkoutBalance({ total, owed: true, received, writtenOff: [], creditRefunded: [] });
        const after = checkoutBalance({
          total,
          owed: true,
          received: [...received, extra],
          writtenOff: [],
          creditRefunded: [],
        });
        expect(after.balanceDue).toBeLessThanOrEqual(before.balanceDue);
        if (before.balanceDue > 0) {
          const exact = checkoutBalance({
            total,
            owed: true,
            received: [...received, before.balanceDue],
            writtenOff: [],
            creditRefunded: [],
          });
          expect(exact).toMatchObject({ balanceDue: 0, credit: 0 });
        }
      }),
    );
  });

  it('allowed write-offs never exceed the limit or create a credit; allowed credit refunds never create a balance due', () => {
    fc.assert(
      fc.property(ledger, ({ state, limit }) => {
        const b = checkoutBalance(state);
        for (const w of state.writtenOff) expect(w).toBeLessThanOrEqual(limit);
        // Credit can only come from money received, never from a write-off; the balance due never exceeds the total.
        expect(b.credit).toBeLessThanOrEqual(Math.max(0, b.received - b.creditRefunded));
        if (state.owed) expect(b.balanceDue).toBeLessThanOrEqual(state.total);
        else expect(b.balanceDue).toBe(0);
        if (state.received.length === 0) expect(b.writtenOff).toBe(0);
        expect(b.creditRefunded).toBeLessThanOrEqual(b.received);
      }),
    );
  });

  it('refusals: nothing due, nothing received, above the balance, above the limit', () => {
    const short = checkoutBalance({
      total: 10_000,
      owed: true,
      received: [9_000],
      writtenOff: [],
      creditRefunded: [],
    });
    expect(writeOffRefusal(short, 1_000, 5_000)).toBeNull();
    expect(writeOffRefusal(short, 1_001, 5_000)).toBe('above_balance');
    expect(writeOffRefusal(short, 1_000, 999)).toBe('above_limit');
    const nothing = checkoutBalance({
      total: 10_000,
      owed: true,
      received: [],
      writtenOff: [],
      creditRefunded: [],
    });
    expect(writeOffRefusal(nothing, 1, 5_000)).toBe('nothing_received');
    const paid = checkoutBalance({
      total: 10_000,
      owed: true,
      received: [10_500],
      writtenOff: [],
      creditRefunded: [],
    });
    expect(writeOffRefusal(paid, 1, 5_000)).toBe('nothing_due');
    expect(paid.credit).toBe(500);
    expect(creditRefundAllowed(paid, 500)).toBe(true);
    expect(creditRefundAllowed(paid, 501)).toBe(false);
    // Money on a checkout that no longer asks for any is all credit.
    expect(
      checkoutBalance({ total: 10_000, owed: false, received: [4_000], writtenOff: [], creditRefunded: [] }),
    ).toMatchObject({ balanceDue: 0, credit: 4_000 });
  });
});
