import type { EntryKind, Statement, StatementLine } from '@knotwork/shared/consignments/ledger-postings';
import { sumLines, type LotSettlement } from '@knotwork/shared/consignments/settlement';

/**
 * A statement line with what the ledger row knows beside it: the payout's or the consignment's reference, and a
 * payout's end-to-end reference (the one the consignor's bank shows).
 */
export type StatementLineWithReference = StatementLine & { reference?: string; endToEndId?: string };

/** One row of a statement's movements, from the consignor's side: positive is in their favour. */
export interface Movement {
  at: Date;
  amountCents: number;
  reference?: string;
  /** A payout's (or a cancelled payout's) reference in the bank file. */
  endToEndId?: string;
  lotId?: string;
  /** A correction: what it reverses, line by line, each from the consignor's side. */
  reverses?: { kind: EntryKind; amountCents: number }[];
}

export interface StatementSections {
  openingCents: number;
  proceedsCents: number;
  advances: Movement[];
  corrections: Movement[];
  payouts: Movement[];
  closingCents: number;
}

/** The ledger's lines of a lot's settlement (ledger-postings.ts lotSettlementEntries). */
export const LOT_KINDS: ReadonlySet<EntryKind> = new Set([
  'hammer_credit',
  'commission',
  'lotting_fee',
  'photography_fee',
  'insurance',
  'buy_in_fee',
  'vat',
]);

/**
 * The consignor's account is a liability, so the ledger writes what the house owes them as a credit, a negative
 * number (decision 085); a consignor reads it the other way round. `0 - x` keeps a zero line 0, not -0.
 */
const theirs = (cents: number) => 0 - cents;

const sum = (ms: readonly Movement[]) => ms.reduce((s, m) => s + m.amountCents, 0);

/**
 * A `statement()` of a consignor's account cut into what the document prints: the lots' net proceeds (whose detail
 * is the period's settlements), advances recovered, corrections and payouts, each from the consignor's side. The
 * reversal lines of one correction (same instant, same lot) become one row that lists what it reverses. Throws when
 * the settlements do not account for the statement's lot lines, or the sections do not add up to the closing
 * balance: a statement whose totals disagree must not reach a consignor.
 */
export function statementSections(
  statement: Statement & { lines: readonly StatementLineWithReference[] },
  settlements: readonly LotSettlement[],
): StatementSections {
  let proceedsCents = 0;
  const advances: Movement[] = [];
  const corrections: Movement[] = [];
  const payouts: Movement[] = [];
  for (const line of statement.lines) {
    const amountCents = theirs(line.amountCents);
    const base: Movement = { at: line.at, amountCents };
    if (line.reference !== undefined) base.reference = line.reference;
    if (line.endToEndId !== undefined) base.endToEndId = line.endToEndId;
    if (line.lotId !== undefined) base.lotId = line.lotId;
    if (line.kind === 'reversal') {
      const part = { kind: line.reverses ?? 'reversal', amountCents };
      const last = corrections[corrections.length - 1];
      if (last && last.lotId === line.lotId && last.at.getTime() === line.at.getTime() && line.lotId) {
        last.amountCents += amountCents;
        last.reverses!.push(part);
        last.reference ??= line.reference;
        last.endToEndId ??= line.endToEndId;
      } else corrections.push({ ...base, reverses: [part] });
    } else if (LOT_KINDS.has(line.kind)) proceedsCents += amountCents;
    else if (line.kind === 'advance_recovered') advances.push(base);
    else if (line.kind === 'payout') payouts.push(base);
    else throw new RangeError(`a ${line.kind} entry does not post to a consignor's account`);
  }
  const settled = sumLines(settlements.map((s) => s.lines)).netCents;
  if (settled !== proceedsCents)
    throw new RangeError(
      `the settlements net ${settled} cents but the statement's lot lines ${proceedsCents}: give every lot settled in the period`,
    );
  const openingCents = theirs(statement.openingCents);
  const closingCents = theirs(statement.closingCents);
  if (openingCents + proceedsCents + sum(advances) + sum(corrections) + sum(payouts) !== closingCents)
    throw new RangeError('the statement lines do not add up to its closing balance');
  return { openingCents, proceedsCents, advances, corrections, payouts, closingCents };
}
