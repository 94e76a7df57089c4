/**
 * The balance of one checkout (decision 072), in integer cents: what was asked, what arrived, what staff wrote off
 * and what credit they sent back. Pure, so the server's ledger and the property tests use the same arithmetic.
 */
export interface BalanceInput {
  /** The checkout's frozen total. */
  total: number;
  /** False once the checkout no longer asks for money (paid through another checkout, or its orders cancelled). */
  owed: boolean;
  /** Applied payments (every transfer, card or PayPal payment that counted). */
  received: readonly number[];
  /** Write-offs of a shortfall. */
  writtenOff: readonly number[];
  /** Overpayment credit sent back to the buyer. */
  creditRefunded: readonly number[];
}

export interface Balance {
  total: number;
  received: number;
  writtenOff: number;
  creditRefunded: number;
  /** Still to pay (0 once settled). */
  balanceDue: number;
  /** Received beyond what is owed and not yet sent back. */
  credit: number;
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

export function checkoutBalance(i: BalanceInput): Balance {
  const received = sum(i.received);
  const writtenOff = sum(i.writtenOff);
  const creditRefunded = sum(i.creditRefunded);
  const owed = i.owed ? i.total : 0;
  const covered = received + writtenOff - creditRefunded;
  return {
    total: i.total,
    received,
    writtenOff,
    creditRefunded,
    balanceDue: Math.max(0, owed - covered),
    credit: Math.max(0, covered - owed),
  };
}

export type WriteOffRefusal = 'nothing_received' | 'nothing_due' | 'above_balance' | 'above_limit';

/** Why a write-off of `amount` would be refused, or null: only a shortfall already part paid, up to the limit. */
export function writeOffRefusal(balance: Balance, amount: number, limit: number): WriteOffRefusal | null {
  if (balance.balanceDue === 0) return 'nothing_due';
  if (balance.received === 0) return 'nothing_received';
  if (amount > balance.balanceDue) return 'above_balance';
  if (amount > limit) return 'above_limit';
  return null;
}

/** A credit refund may send back at most the credit there is. */
export const creditRefundAllowed = (balance: Balance, amount: number) =>
  amount > 0 && amount <= balance.credit;

/** The default write-off limit, in cents of the house currency, until Settings change it (50.00). */
export const DEFAULT_WRITE_OFF_LIMIT = 5_000;
