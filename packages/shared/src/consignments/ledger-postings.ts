/**
 * Double-entry postings of consignor money (issue 27, decision 085). Each journal entry moves cents between named
 * accounts and sums to zero; the ledger is append-only, so a correction is a new entry that negates an old one.
 * Sign: a positive amount is a debit, a negative one a credit. The consignor's account is a liability, so a credit
 * (negative) balance is what the house owes them and a debit (positive) balance is what they owe the house.
 */
import { isCents } from './percent-of.ts';
import type { ConsignmentSettlement, LotSettlement } from './settlement.ts';

export const HOUSE_ACCOUNTS = {
  /** Hammer money: credited by the payments side when a buyer pays, debited here when a consignor is credited. */
  hammerClearing: 'house:hammer_clearing',
  commissionIncome: 'house:commission_income',
  feeIncome: 'house:fee_income',
  vatPayable: 'house:vat_payable',
  /** A payout created (bank file or transfer) but not yet confirmed by the bank. */
  payoutsClearing: 'house:payouts_clearing',
  bank: 'house:bank',
} as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[keyof typeof HOUSE_ACCOUNTS];
/** What the house owes one consignor (a liability). */
export type ConsignorAccount = `consignor:${string}`;
/** Advances paid to one consignor and not yet recovered (an asset: money the consignor has had early). */
export type AdvanceAccount = `consignor_advances:${string}`;
export type Account = HouseAccount | ConsignorAccount | AdvanceAccount;

export const consignorAccount = (consignorId: string): ConsignorAccount => `consignor:${consignorId}`;
export const advanceAccount = (consignorId: string): AdvanceAccount => `consignor_advances:${consignorId}`;

export const ENTRY_KINDS = [
  'hammer_credit',
  'commission',
  'lotting_fee',
  'photography_fee',
  'insurance',
  'buy_in_fee',
  'vat',
  'advance_paid',
  'advance_recovered',
  'payout',
  'payout_confirmed',
  'reversal',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** Debit positive, credit negative. */
export interface PostingLine {
  account: Account;
  amountCents: number;
}

export interface JournalEntry {
  kind: EntryKind;
  consignorId: string;
  lotId?: string;
  at: Date;
  /** On a reversal: the kind of the entry it negates. */
  reverses?: EntryKind;
  lines: PostingLine[];
}

interface Context {
  consignorId: string;
  lotId?: string | undefined;
  at: Date;
}

/** One movement of `amountCents` from `credit` to `debit`. Any sign: a negated settlement posts the same way. */
function transfer(
  kind: EntryKind,
  ctx: Context,
  debit: Account,
  credit: Account,
  amountCents: number,
): JournalEntry {
  const entry: JournalEntry = {
    kind,
    consignorId: ctx.consignorId,
    at: ctx.at,
    lines: [
      { account: debit, amountCents },
      { account: credit, amountCents: 0 - amountCents },
    ],
  };
  if (ctx.lotId !== undefined) entry.lotId = ctx.lotId;
  return entry;
}

/** Sums to zero: true of every entry these builders make, and worth asserting on any read from storage. */
export const isBalanced = (entry: JournalEntry): boolean =>
  entry.lines.reduce((sum, line) => sum + line.amountCents, 0) === 0;

/**
 * A lot's settlement as entries: the hammer moves from clearing to the consignor, then the consignor pays each
 * charge to the house's income or VAT account. One entry per kind, none for a zero line, so a statement reads like
 * the settlement. Corrections go through `reverseEntries`, which says what it negates.
 */
export function lotSettlementEntries(
  consignorId: string,
  at: Date,
  settlement: LotSettlement,
): JournalEntry[] {
  const ctx: Context = { consignorId, lotId: settlement.lotId, at };
  const consignor = consignorAccount(consignorId);
  const { commissionIncome, feeIncome, hammerClearing, vatPayable } = HOUSE_ACCOUNTS;
  const l = settlement.lines;
  const moves: [kind: EntryKind, debit: Account, credit: Account, amountCents: number][] = [
    ['hammer_credit', hammerClearing, consignor, l.hammerCents],
    ['commission', consignor, commissionIncome, l.commissionCents],
    ['lotting_fee', consignor, feeIncome, l.lottingFeeCents],
    ['photography_fee', consignor, feeIncome, l.photographyFeeCents],
    ['insurance', consignor, feeIncome, l.insuranceCents],
    ['buy_in_fee', consignor, feeIncome, l.buyInFeeCents],
    ['vat', consignor, vatPayable, l.vatCents],
  ];
  return moves
    .filter(([, , , amountCents]) => amountCents !== 0)
    .map(([kind, debit, credit, amountCents]) => transfer(kind, ctx, debit, credit, amountCents));
}

function positive(amountCents: number): number {
  if (!isCents(amountCents) || amountCents === 0)
    throw new RangeError(`a movement is a positive whole number of cents: ${amountCents}`);
  return amountCents;
}

/** An advance leaves the bank and becomes money the consignor has had early. */
export const advancePaidEntry = (consignorId: string, at: Date, amountCents: number): JournalEntry =>
  transfer(
    'advance_paid',
    { consignorId, at },
    advanceAccount(consignorId),
    HOUSE_ACCOUNTS.bank,
    positive(amountCents),
  );

/** Settling takes the advance back out of what the house owes the consignor (below zero: a debit they carry). */
export const advanceRecoveredEntry = (consignorId: string, at: Date, amountCents: number): JournalEntry =>
  transfer(
    'advance_recovered',
    { consignorId, at },
    consignorAccount(consignorId),
    advanceAccount(consignorId),
    positive(amountCents),
  );

/** A payout created: no longer owed to the consignor, not yet out of the bank. */
export const payoutEntry = (consignorId: string, at: Date, amountCents: number): JournalEntry =>
  transfer(
    'payout',
    { consignorId, at },
    consignorAccount(consignorId),
    HOUSE_ACCOUNTS.payoutsClearing,
    positive(amountCents),
  );

/** The bank confirmed the payout: the money has left. */
export const payoutConfirmedEntry = (consignorId: string, at: Date, amountCents: number): JournalEntry =>
  transfer(
    'payout_confirmed',
    { consignorId, at },
    HOUSE_ACCOUNTS.payoutsClearing,
    HOUSE_ACCOUNTS.bank,
    positive(amountCents),
  );

/** A consignment's settlement: every lot's entries, then the advance recovered. */
export function consignmentSettlementEntries(
  consignorId: string,
  at: Date,
  settlement: ConsignmentSettlement,
): JournalEntry[] {
  const entries = settlement.lots.flatMap((lot) => lotSettlementEntries(consignorId, at, lot));
  if (settlement.advanceRecoveredCents > 0)
    entries.push(advanceRecoveredEntry(consignorId, at, settlement.advanceRecoveredCents));
  return entries;
}

/**
 * The corrections of `entries`: one reversal each, every line negated, dated `at`. A refunded lot reverses its
 * settlement entries; before the payout that takes the lot out of it, after the payout it leaves the consignor a
 * debit. Reversing everything returns every account to where it was.
 */
export function reverseEntries(entries: readonly JournalEntry[], at: Date): JournalEntry[] {
  return entries.map((entry) => {
    const reversal: JournalEntry = {
      kind: 'reversal',
      consignorId: entry.consignorId,
      at,
      reverses: entry.kind,
      lines: entry.lines.map((line) => ({ account: line.account, amountCents: 0 - line.amountCents })),
    };
    if (entry.lotId !== undefined) reversal.lotId = entry.lotId;
    return reversal;
  });
}

const linesOn = (account: Account, entry: JournalEntry) => entry.lines.filter((l) => l.account === account);
const total = (account: Account, entries: readonly JournalEntry[]) =>
  entries.reduce((sum, entry) => sum + linesOn(account, entry).reduce((s, l) => s + l.amountCents, 0), 0);

/** Debits less credits on `account` over `entries` (see the sign note at the top). */
export const balanceOf = (account: Account, entries: readonly JournalEntry[]): number =>
  total(account, entries);

export interface StatementLine {
  at: Date;
  kind: EntryKind;
  reverses?: EntryKind;
  lotId?: string;
  amountCents: number;
  /** The account's balance after this line. */
  balanceCents: number;
}

export interface Statement {
  account: Account;
  from: Date;
  to: Date;
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
}

/**
 * The account from `from` (included) to `to` (excluded), half-open so consecutive statements chain: one's closing
 * balance is the next one's opening. Lines in date order; entries of the same instant keep their order.
 */
export function statement(
  account: Account,
  entries: readonly JournalEntry[],
  from: Date,
  to: Date,
): Statement {
  const openingCents = total(
    account,
    entries.filter((e) => e.at.getTime() < from.getTime()),
  );
  const inside = entries
    .filter((e) => e.at.getTime() >= from.getTime() && e.at.getTime() < to.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let running = openingCents;
  const lines: StatementLine[] = [];
  for (const entry of inside)
    for (const line of linesOn(account, entry)) {
      running += line.amountCents;
      const row: StatementLine = {
        at: entry.at,
        kind: entry.kind,
        amountCents: line.amountCents,
        balanceCents: running,
      };
      if (entry.reverses !== undefined) row.reverses = entry.reverses;
      if (entry.lotId !== undefined) row.lotId = entry.lotId;
      lines.push(row);
    }
  return { account, from, to, openingCents, lines, closingCents: running };
}
