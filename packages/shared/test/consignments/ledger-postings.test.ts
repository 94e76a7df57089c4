import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  HOUSE_ACCOUNTS,
  advanceAccount,
  advancePaidEntry,
  balanceOf,
  consignmentSettlementEntries,
  consignorAccount,
  isBalanced,
  lotSettlementEntries,
  payoutConfirmedEntry,
  payoutEntry,
  reverseEntries,
  statement,
  type Account,
  type JournalEntry,
} from '../../src/consignments/ledger-postings.ts';
import {
  feesOf,
  reverseLines,
  settleConsignment,
  settleLot,
  type ConsignmentSettlement,
} from '../../src/consignments/settlement.ts';
import { consignorIds, lot, lots, terms } from './settlement-arbitraries.ts';

const day = (n: number) => new Date(Date.UTC(2026, 10, n));
const ADVANCE_DAY = day(2);
const SALE_DAY = day(20);
const PAYOUT_DAY = day(24);
const CONFIRMED_DAY = day(25);

/** Several consignors, each with terms and lots, settled together. */
const sale = consignorIds.chain((ids) =>
  fc.tuple(...ids.map((id) => fc.record({ id: fc.constant(id), terms, lots }))),
);

interface Posted {
  id: string;
  settlement: ConsignmentSettlement;
}

/** Advance, settlement, and (when `pay`) the payout of what is payable, confirmed. */
function post(
  consignors: {
    id: string;
    terms: Parameters<typeof settleConsignment>[0];
    lots: Parameters<typeof settleConsignment>[1];
  }[],
  pay: boolean,
) {
  const posted: Posted[] = [];
  const entries: JournalEntry[] = [];
  for (const c of consignors) {
    const settlement = settleConsignment(c.terms, c.lots);
    posted.push({ id: c.id, settlement });
    if (c.terms.advanceCents > 0) entries.push(advancePaidEntry(c.id, ADVANCE_DAY, c.terms.advanceCents));
    entries.push(...consignmentSettlementEntries(c.id, SALE_DAY, settlement));
    if (pay && settlement.payableCents > 0) {
      entries.push(payoutEntry(c.id, PAYOUT_DAY, settlement.payableCents));
      entries.push(payoutConfirmedEntry(c.id, CONFIRMED_DAY, settlement.payableCents));
    }
  }
  return { posted, entries };
}

const accountsOf = (entries: readonly JournalEntry[]) => [
  ...new Set(entries.flatMap((e) => e.lines.map((l) => l.account))),
];
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

describe('ledger postings (decision 085)', () => {
  it('every entry sums to zero, touches only named accounts, and carries no zero line', () => {
    fc.assert(
      fc.property(sale, fc.boolean(), (consignors, pay) => {
        const { entries } = post(consignors, pay);
        const house = Object.values(HOUSE_ACCOUNTS) as string[];
        for (const e of entries) {
          expect(isBalanced(e)).toBe(true);
          for (const l of e.lines) {
            expect(Number.isSafeInteger(l.amountCents)).toBe(true);
            expect(l.amountCents).not.toBe(0);
            expect(
              house.includes(l.account) ||
                l.account === consignorAccount(e.consignorId) ||
                l.account === advanceAccount(e.consignorId),
            ).toBe(true);
          }
        }
        // So the whole ledger balances: every account's balance sums to zero.
        expect(sum(accountsOf(entries).map((a) => balanceOf(a, entries)))).toBe(0);
      }),
    );
  });

  it('balances equal the sums of the settlements', () => {
    fc.assert(
      fc.property(sale, (consignors) => {
        const { posted, entries } = post(consignors, false);
        for (const { id, settlement } of posted) {
          // A credit (negative) balance is what the house owes: the proceeds less the advance.
          expect(0 - balanceOf(consignorAccount(id), entries)).toBe(settlement.balanceCents);
          expect(balanceOf(advanceAccount(id), entries)).toBe(0);
        }
        const totals = posted.map((p) => p.settlement.totals);
        expect(balanceOf(HOUSE_ACCOUNTS.hammerClearing, entries)).toBe(sum(totals.map((t) => t.hammerCents)));
        expect(0 - balanceOf(HOUSE_ACCOUNTS.commissionIncome, entries)).toBe(
          sum(totals.map((t) => t.commissionCents)),
        );
        expect(0 - balanceOf(HOUSE_ACCOUNTS.feeIncome, entries)).toBe(sum(totals.map(feesOf)));
        expect(0 - balanceOf(HOUSE_ACCOUNTS.vatPayable, entries)).toBe(sum(totals.map((t) => t.vatCents)));
        expect(0 - balanceOf(HOUSE_ACCOUNTS.bank, entries)).toBe(
          sum(consignors.map((c) => c.terms.advanceCents)),
        );
      }),
    );
  });

  it('after the payouts, a consignor holds only the debit carried, and the payouts clearing is empty', () => {
    fc.assert(
      fc.property(sale, (consignors) => {
        const { posted, entries } = post(consignors, true);
        for (const { id, settlement } of posted)
          expect(balanceOf(consignorAccount(id), entries)).toBe(settlement.debitCarriedCents);
        expect(balanceOf(HOUSE_ACCOUNTS.payoutsClearing, entries)).toBe(0);
        expect(0 - balanceOf(HOUSE_ACCOUNTS.bank, entries)).toBe(
          sum(consignors.map((c) => c.terms.advanceCents)) +
            sum(posted.map((p) => p.settlement.payableCents)),
        );
      }),
    );
  });

  it('reversing everything brings every account back to zero', () => {
    fc.assert(
      fc.property(sale, fc.boolean(), (consignors, pay) => {
        const { entries } = post(consignors, pay);
        const all = [...entries, ...reverseEntries(entries, day(28))];
        for (const e of all) expect(isBalanced(e)).toBe(true);
        for (const a of accountsOf(entries)) expect(balanceOf(a, all)).toBe(0);
      }),
    );
  });

  it('a reversal names what it negates, and posting the negated lines moves the same money', () => {
    fc.assert(
      fc.property(terms, lot, (t, l) => {
        const settled = settleLot(t, { ...l, lotId: 'lot-1' });
        const original = lotSettlementEntries('c1', SALE_DAY, settled);
        const reversal = reverseEntries(original, day(27));
        expect(reversal.map((e) => [e.kind, e.reverses, e.lotId])).toEqual(
          original.map((e) => ['reversal', e.kind, 'lot-1']),
        );
        const negated = lotSettlementEntries('c1', day(27), {
          ...settled,
          lines: reverseLines(settled.lines),
        });
        for (const a of accountsOf(original)) expect(balanceOf(a, negated)).toBe(balanceOf(a, reversal));
      }),
    );
  });

  it('refuses a movement that is not a positive number of cents', () => {
    expect(() => payoutEntry('c1', PAYOUT_DAY, 0)).toThrow(RangeError);
    expect(() => payoutConfirmedEntry('c1', PAYOUT_DAY, -5)).toThrow(RangeError);
    expect(() => advancePaidEntry('c1', ADVANCE_DAY, 10.5)).toThrow(RangeError);
  });
});

describe('statement', () => {
  const between = fc
    .tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }))
    .map(([a, b]) => [day(Math.min(a, b)), day(Math.max(a, b))]);

  it('closing = opening + its lines = the balance of everything before `to`; consecutive statements chain', () => {
    fc.assert(
      fc.property(sale, between, fc.integer({ min: 1, max: 30 }), (consignors, [from, to], cut) => {
        const { entries } = post(consignors, true);
        const accounts: Account[] = [...accountsOf(entries), consignorAccount('nobody')];
        for (const account of accounts) {
          const s = statement(account, entries, from!, to!);
          expect(s.openingCents).toBe(
            balanceOf(
              account,
              entries.filter((e) => e.at < from!),
            ),
          );
          expect(s.closingCents).toBe(s.openingCents + sum(s.lines.map((l) => l.amountCents)));
          expect(s.closingCents).toBe(
            balanceOf(
              account,
              entries.filter((e) => e.at < to!),
            ),
          );
          expect(s.lines.at(-1)?.balanceCents ?? s.openingCents).toBe(s.closingCents);
          for (const l of s.lines) expect(l.at >= from! && l.at < to!).toBe(true);
          const first = statement(account, entries, from!, day(cut));
          if (day(cut) >= from! && day(cut) <= to!)
            expect(statement(account, entries, day(cut), to!).openingCents).toBe(first.closingCents);
        }
      }),
    );
  });
});
