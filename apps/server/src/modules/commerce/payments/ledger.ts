import { checkoutBalance, type Balance } from '@knotwork/shared/payments/balance';
import type { PaymentBalance } from '@knotwork/shared/schemas/payments';
import { num } from '../../../db/raw.ts';
import type { CheckoutDbRow } from '../checkout/checkout-repository.ts';

/**
 * A checkout's money as the ledger holds it (decision 072): applied payments, write-offs and credit refunds, all
 * append-only rows. The arithmetic is the shared pure `checkoutBalance`; ledger-repository.ts reads the rows.
 */

/** The sums of one checkout's ledger (ledger-repository.ts's LEDGER_SUMS). */
export interface LedgerSumsRow {
  received: string | number;
  written_off: string | number;
  credit_refunded: string | number;
}

/** The balance from a checkout's status, total and sums: nothing is owed on a superseded checkout. */
export function balanceFrom(c: { status: string; total: string | number }, s: LedgerSumsRow): Balance {
  return checkoutBalance({
    total: num(c.total),
    owed: c.status !== 'superseded',
    received: [num(s.received)],
    writtenOff: [num(s.written_off)],
    creditRefunded: [num(s.credit_refunded)],
  });
}

export function apiBalance(checkout: CheckoutDbRow, b: Balance): PaymentBalance {
  return {
    checkoutId: checkout.id,
    reference: checkout.reference,
    method: checkout.method,
    currency: checkout.currency,
    total: b.total,
    received: b.received,
    writtenOff: b.writtenOff,
    creditRefunded: b.creditRefunded,
    balanceDue: b.balanceDue,
    credit: b.credit,
  };
}
