import { sql } from 'drizzle-orm';
import { paymentMessages as m, type PaymentProvider } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../db/client.ts';
import type { OrderStatus } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { num, rows } from '../../db/raw.ts';
import { buyerOf, nextDocumentNumber, type CreditNoteSnapshot } from './documents-repository.ts';
import { canMove, refusedMoveMessage } from './order-states.ts';
import { moveOrder } from './order-transitions.ts';
import { auditOrderAction } from './staff-audit.ts';

/**
 * Sends money back through the provider that took it and answers the provider's refund id. The card and PayPal
 * providers plug in here (decision 025); a bank transfer needs none: staff send it from the bank and record it.
 * Called before the recording transaction, with an idempotency key derived from the order and the amount already
 * refunded, so a retried request never refunds twice at the provider.
 */
export type RefundGateway = (input: { providerRef: string; amount: number; currency: string; idempotencyKey: string }) => Promise<{ refundRef: string }>;

export interface RefundRequest {
  /** The staff member; null when a provider reports a refund made on its side (a webhook). */
  staffId: string | null;
  orderId: string;
  amount: number;
  reason: string;
  /** A refund the provider already made and reported: no gateway call, recorded once per (provider, ref). */
  reportedRefundRef?: string;
}

interface PaidOrder {
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

async function paidOrder(db: Db, orderId: string, lock: boolean): Promise<PaidOrder> {
  const [o] = await rows<PaidOrder>(
    db,
    sql`select o.status, o.user_id, o.total, o.refunded_amount, o.currency, r.title as rug_title,
          p.id as payment_id, p.provider, p.provider_ref, i.id as invoice_id, i.number as invoice_number
        from orders o join rugs r on r.id = o.rug_id
        left join invoices i on i.checkout_id = o.checkout_id
        left join payments p on p.id = i.payment_id
        where o.id = ${orderId}::uuid ${lock ? sql`for update of o` : sql``}`,
  );
  if (!o) throw notFound(m.orderNotFound);
  return o;
}

/**
 * A full or partial refund of a paid order: the provider's refund first (outside the transaction), then in one
 * transaction the refund row, the order's refunded amount and status (refunded when nothing is left, else
 * partially_refunded, through the state machine), a credit note with the next CN number, and the audit row.
 * Answers null when a provider-reported refund was already recorded (a replayed webhook).
 */
export async function refundOrder(db: Db, gateways: Partial<Record<PaymentProvider, RefundGateway>>, req: RefundRequest) {
  const before = await paidOrder(db, req.orderId, false);
  if (req.reportedRefundRef !== undefined && before.provider) {
    // A replayed provider report: already recorded, whatever the order's status is now.
    const [seen] = await rows<{ id: string }>(db, sql`select id from refunds where provider = ${before.provider} and provider_ref = ${req.reportedRefundRef}`);
    if (seen) return null;
  }
  const status = before.status as OrderStatus;
  // Not paid (awaiting payment, cancelled, expired) or nothing left: the state machine says why.
  if (!canMove(status, 'refunded')) throw conflict(refusedMoveMessage(status, 'refunded'), { code: 'ILLEGAL_ORDER_MOVE' });
  if (!before.payment_id || !before.provider || before.total === null) throw conflict(m.orderNotPayable);
  if (req.amount > num(before.total) - num(before.refunded_amount)) throw conflict(m.refundTooLarge, { code: 'REFUND_TOO_LARGE' });
  let refundRef: string | null = req.reportedRefundRef ?? null;
  if (before.provider !== 'bank_transfer' && refundRef === null) {
    const gateway = gateways[before.provider];
    if (!gateway) throw conflict(m.refundProviderUnavailable, { code: 'REFUND_PROVIDER_UNAVAILABLE' });
    ({ refundRef } = await gateway({
      providerRef: before.provider_ref!,
      amount: req.amount,
      currency: before.currency,
      idempotencyKey: `refund-${req.orderId}-${num(before.refunded_amount)}-${req.amount}`,
    }));
  }
  return db.transaction(async (tx) => {
    const o = await paidOrder(tx, req.orderId, true);
    if (refundRef !== null) {
      const [seen] = await rows<{ id: string }>(tx, sql`select id from refunds where provider = ${o.provider} and provider_ref = ${refundRef}`);
      if (seen) return null;
    }
    const left = num(o.total) - num(o.refunded_amount);
    if (req.amount > left) throw conflict(m.refundTooLarge, { code: 'REFUND_TOO_LARGE' });
    const to = req.amount === left ? 'refunded' : 'partially_refunded';
    await moveOrder(tx, {
      orderId: req.orderId,
      to,
      actorId: req.staffId,
      reason: req.reason,
      set: sql`refunded_amount = refunded_amount + ${req.amount}`,
    });
    const [refund] = await rows<{ id: string }>(
      tx,
      sql`insert into refunds (order_id, payment_id, provider, provider_ref, amount, currency, reason, staff_id)
          values (${req.orderId}::uuid, ${o.payment_id}::uuid, ${o.provider}, ${refundRef}, ${req.amount}, ${o.currency}, ${req.reason}, ${req.staffId ?? null}::uuid)
          returning id`,
    );
    const number = await nextDocumentNumber(tx, 'credit_note');
    const buyer = await buyerOf(tx, o.user_id);
    const [now] = await rows<{ at: string }>(tx, sql`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`);
    const snapshot: CreditNoteSnapshot = {
      number,
      issuedAt: now!.at,
      invoiceNumber: o.invoice_number!,
      buyer: { name: buyer.name, email: buyer.email },
      orderId: req.orderId,
      rugTitle: o.rug_title,
      amount: req.amount,
      currency: o.currency,
      reason: req.reason,
    };
    await tx.execute(
      sql`insert into credit_notes (number, refund_id, invoice_id, snapshot, issued_at)
          values (${number}, ${refund!.id}::uuid, ${o.invoice_id}::uuid, ${JSON.stringify(snapshot)}::jsonb, ${snapshot.issuedAt}::timestamptz)`,
    );
    if (req.staffId) {
      await auditOrderAction(tx, {
        staffId: req.staffId,
        action: 'refund_order',
        orderId: req.orderId,
        userId: o.user_id,
        reason: req.reason,
        details: { amount: req.amount, creditNote: number, provider: o.provider },
      });
    }
    return { snapshot, status: to, buyerFirstName: buyer.firstName };
  });
}
