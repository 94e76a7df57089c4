import { sql } from 'drizzle-orm';
import type { PaymentProvider } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { num, rows } from '../../../db/raw.ts';

/** A paid order as a refund reads it: what was paid and refunded, and the payment and invoice it refunds against. */
export interface PaidOrderRow {
  status: string;
  user_id: string;
  total: string | number | null;
  refunded_amount: string | number;
  currency: string;
  rug_title: string;
  payment_id: string | null;
  provider: PaymentProvider | null;
  provider_ref: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
}

/** The order with its paying payment and invoice; `lock` takes the order's row lock (inside a transaction). */
export async function findPaidOrder(
  db: Db,
  orderId: string,
  lock: boolean,
): Promise<PaidOrderRow | undefined> {
  const [o] = await rows<PaidOrderRow>(
    db,
    sql`select o.status, o.user_id, o.total, o.refunded_amount, o.currency, r.title as rug_title,
          p.id as payment_id, p.provider, p.provider_ref, i.id as invoice_id, i.number as invoice_number
        from orders o join rugs r on r.id = o.rug_id
        left join invoices i on i.checkout_id = o.checkout_id
        left join payments p on p.id = i.payment_id
        where o.id = ${orderId}::uuid ${lock ? sql`for update of o` : sql``}`,
  );
  return o;
}

/** What is reserved by refunds waiting on their provider (pending rows), in cents. */
export async function pendingAmount(db: Db, orderId: string): Promise<number> {
  const [r] = await rows<{ n: string | number }>(
    db,
    sql`select coalesce(sum(amount), 0) as n from refunds where order_id = ${orderId}::uuid and status = 'pending'`,
  );
  return num(r!.n);
}

/** Whether a provider's refund id is recorded already (a replayed report). */
export async function refundRecordedByRef(
  db: Db,
  provider: PaymentProvider | null,
  refundRef: string,
): Promise<boolean> {
  const [seen] = await rows<{ id: string }>(
    db,
    sql`select id from refunds where provider = ${provider} and provider_ref = ${refundRef}`,
  );
  return seen !== undefined;
}

/** Reserves a card or PayPal refund's amount: a pending row, counted against what is left until it settles. */
export async function insertPendingRefund(
  tx: Db,
  r: {
    orderId: string;
    paymentId: string | null;
    provider: PaymentProvider | null;
    amount: number;
    currency: string;
    reason: string;
    staffId: string | null;
  },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into refunds (order_id, payment_id, provider, amount, currency, reason, staff_id, status, settled_at)
        values (${r.orderId}::uuid, ${r.paymentId}::uuid, ${r.provider}, ${r.amount}, ${r.currency}, ${r.reason},
                ${r.staffId}::uuid, 'pending', null)
        returning id`,
  );
  return row!.id;
}

/** Settles a pending reservation as failed, which releases its amount; a row already settled is left alone. */
export async function settleRefundFailed(db: Db, refundId: string, failure: string): Promise<void> {
  await db.execute(
    sql`update refunds set status = 'failed', failure = ${failure.slice(0, 500)}, settled_at = clock_timestamp()
        where id = ${refundId}::uuid and status = 'pending'`,
  );
}

/**
 * The oldest pending reservation of this amount on the order older than `graceMs`, locked: a younger one's own
 * request is still recording it.
 */
export async function stalePendingRefund(
  tx: Db,
  orderId: string,
  amount: number,
  graceMs: number,
): Promise<string | null> {
  const [waiting] = await rows<{ id: string }>(
    tx,
    sql`select id from refunds where order_id = ${orderId}::uuid and status = 'pending' and amount = ${amount}
          and created_at < clock_timestamp() - make_interval(secs => ${graceMs / 1000})
        order by created_at limit 1 for update`,
  );
  return waiting?.id ?? null;
}

/** Settles a pending reservation as done with the provider's refund id; undefined when it was settled meanwhile. */
export async function settleRefundDone(
  tx: Db,
  refundId: string,
  refundRef: string | null,
): Promise<string | undefined> {
  const [refund] = await rows<{ id: string }>(
    tx,
    sql`update refunds set status = 'done', provider_ref = ${refundRef}, settled_at = clock_timestamp()
        where id = ${refundId}::uuid and status = 'pending' returning id`,
  );
  return refund?.id;
}

/** A refund the money has already left for, recorded as done in one row. */
export async function insertDoneRefund(
  tx: Db,
  r: {
    orderId: string;
    paymentId: string | null;
    provider: PaymentProvider | null;
    refundRef: string | null;
    amount: number;
    currency: string;
    reason: string;
    staffId: string | null;
  },
): Promise<string> {
  const [refund] = await rows<{ id: string }>(
    tx,
    sql`insert into refunds (order_id, payment_id, provider, provider_ref, amount, currency, reason, staff_id)
        values (${r.orderId}::uuid, ${r.paymentId}::uuid, ${r.provider}, ${r.refundRef}, ${r.amount}, ${r.currency}, ${r.reason}, ${r.staffId}::uuid)
        returning id`,
  );
  return refund!.id;
}
