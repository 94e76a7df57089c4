import { sql, type SQL } from 'drizzle-orm';
import type { Balance } from '@knotwork/shared/payments/balance';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/raw.ts';
import { findCheckout, type CheckoutDbRow } from '../checkout/checkout-repository.ts';
import { earliestDueMs } from '../orders/order-repository.ts';
import { balanceFrom, type LedgerSumsRow } from './ledger.ts';

/**
 * Reads a checkout's ledger (decision 072): the rows' sums, and the checkouts an order's money is on. The
 * arithmetic is ledger.ts's `balanceFrom` (the shared pure `checkoutBalance`).
 */

/** The sums of one checkout's ledger, in SQL (`c` is the checkout's alias). */
export const LEDGER_SUMS = sql.raw(`
  (select coalesce(sum(p.amount), 0) from payments p where p.checkout_id = c.id and p.status = 'applied') as received,
  (select coalesce(sum(a.amount), 0) from payment_adjustments a where a.checkout_id = c.id and a.kind = 'write_off') as written_off,
  (select coalesce(sum(a.amount), 0) from payment_adjustments a where a.checkout_id = c.id and a.kind = 'credit_refund') as credit_refunded`);

export async function balanceOf(db: Db, checkout: CheckoutDbRow): Promise<Balance> {
  const [sums] = await rows<LedgerSumsRow>(
    db,
    sql`select ${LEDGER_SUMS} from checkouts c where c.id = ${checkout.id}::uuid`,
  );
  return balanceFrom(checkout, sums!);
}

/**
 * The checkout whose money an order shows, in SQL (`o` is the order's alias): the one that paid it, else the open
 * one with the most received (a transfer under way), newest first.
 */
export const MAIN_CHECKOUT_ID: SQL = sql.raw(`coalesce(o.checkout_id, (
  select c2.id from checkouts c2 where c2.status = 'open' and c2.order_ids @> array[o.id]
  order by (select coalesce(sum(p.amount), 0) from payments p where p.checkout_id = c2.id and p.status = 'applied') desc,
    c2.created_at desc limit 1))`);

/** The order's main checkout (see MAIN_CHECKOUT_ID), if it has one. */
export async function mainCheckoutOf(db: Db, orderId: string): Promise<CheckoutDbRow | undefined> {
  const [row] = await rows<{ id: string | null }>(
    db,
    sql`select ${MAIN_CHECKOUT_ID} as id from orders o where o.id = ${orderId}::uuid`,
  );
  return row?.id ? findCheckout(db, row.id) : undefined;
}

/** The order's checkout with a credit to refund (an overpayment, or money on a checkout that no longer asks for any). */
export async function checkoutWithCreditOf(db: Db, orderId: string): Promise<CheckoutDbRow | undefined> {
  const found = await rows<CheckoutDbRow & LedgerSumsRow & { id: string }>(
    db,
    sql`select c.id, c.status, c.total, ${LEDGER_SUMS} from checkouts c where c.order_ids @> array[${orderId}::uuid] order by c.created_at desc`,
  );
  const withCredit = found.find((c) => balanceFrom(c, c).credit > 0);
  return withCredit ? findCheckout(db, withCredit.id) : undefined;
}

/**
 * Locks a checkout and every open checkout sharing one of its orders, in id order, before any order row: the order
 * every payment, write-off and cancel takes them in, so two of them racing over shared orders cannot deadlock.
 * Answers the checkout as it is under the lock.
 */
export async function lockCheckoutFamily(tx: Db, checkoutId: string): Promise<CheckoutDbRow | undefined> {
  const unlocked = await findCheckout(tx, checkoutId);
  if (!unlocked) return undefined;
  await tx.execute(
    sql`select id from checkouts where id = ${unlocked.id}::uuid or (status = 'open' and order_ids && ${sql.param(unlocked.order_ids)}::uuid[])
        order by id for update`,
  );
  return findCheckout(tx, checkoutId);
}

/** The payment an invoice issued now points at: the checkout's latest applied payment. */
export async function latestAppliedPayment(tx: Db, checkoutId: string): Promise<string | undefined> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`select id from payments where checkout_id = ${checkoutId}::uuid and status = 'applied' order by created_at desc, id desc limit 1`,
  );
  return row?.id;
}

/** The earliest payment due date of a checkout's orders (what the buyer is told to pay the rest by). */
export async function dueDateOf(db: Db, checkout: CheckoutDbRow): Promise<Date> {
  return new Date(await earliestDueMs(db, checkout.order_ids));
}
