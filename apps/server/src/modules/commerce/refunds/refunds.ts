import { paymentMessages as m, type PaymentProvider } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import type { OrderStatus } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../lib/http-error.ts';
import { num } from '../../../db/raw.ts';
import {
  buyerOf,
  documentIssuedAt,
  houseIdentity,
  insertCreditNote,
  nextDocumentNumber,
  type CreditNoteSnapshot,
} from '../documents/documents-repository.ts';
import { canMove, refusedMoveMessage } from '../orders/order-states.ts';
import { moveOrder } from '../orders/order-transitions.ts';
import { recordStaffAction } from '../../audit/audit-writer.ts';
import {
  findPaidOrder,
  insertDoneRefund,
  insertPendingRefund,
  pendingAmount,
  refundRecordedByRef,
  settleRefundDone,
  settleRefundFailed,
  stalePendingRefund,
  type PaidOrderRow,
} from './refund-repository.ts';

/**
 * How long a staff refund's own request is given to record it before its provider event records it instead
 * (providers/reported-refund.ts waits as long before it records a refund marked as a staff one).
 */
export const STAFF_REFUND_GRACE_MS = 5 * 60_000;

/**
 * Sends money back through the provider that took it and answers the provider's refund id. The card and PayPal
 * providers plug in here (decision 025); a bank transfer needs none: staff send it from the bank and record it.
 * Called before the recording transaction, with an idempotency key derived from the order and the amount already
 * refunded, so a retried request never refunds twice at the provider.
 */
export type RefundGateway = (input: {
  providerRef: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
}) => Promise<{ refundRef: string }>;

export interface RefundRequest {
  /** The staff member; null when a provider reports a refund made on its side (a webhook). */
  staffId: string | null;
  orderId: string;
  amount: number;
  reason: string;
  /** A refund the provider already made and reported: no gateway call, recorded once per (provider, ref). */
  reportedRefundRef?: string;
}

async function paidOrder(db: Db, orderId: string, lock: boolean): Promise<PaidOrderRow> {
  const o = await findPaidOrder(db, orderId, lock);
  if (!o) throw notFound(m.orderNotFound);
  return o;
}

/** The refundable state of an order, checked under its lock: what the state machine and the amount allow. */
function checkRefundable(o: PaidOrderRow, amount: number, reserved: number) {
  const status = o.status as OrderStatus;
  // Not paid (awaiting payment, cancelled, expired) or nothing left: the state machine says why.
  if (!canMove(status, 'refunded'))
    throw conflict(refusedMoveMessage(status, 'refunded'), { code: 'ILLEGAL_ORDER_MOVE' });
  if (!o.payment_id || !o.provider || o.total === null) throw conflict(m.orderNotPayable);
  if (amount > num(o.total) - num(o.refunded_amount) - reserved)
    throw conflict(m.refundTooLarge, { code: 'REFUND_TOO_LARGE' });
}

/**
 * A full or partial refund of a paid order (decision 081). A card or PayPal refund first reserves its amount: a
 * `pending` refund row, inserted while the order is locked and counted against what is left, so two refunds at
 * once cannot both reach the provider for more than was paid. Then the provider is called (outside any
 * transaction, with an idempotency key derived from the order, the amount already refunded and this amount, so a
 * retry never refunds twice there). Then one transaction settles the row as done (its refund id), moves the
 * order's refunded amount and status (refunded when nothing is left, else partially_refunded, through the state
 * machine), issues a credit note with the next CN number and writes the audit row. A provider failure settles the
 * row as failed, which releases the amount. A bank transfer (staff send it themselves) and a refund the provider
 * reports are recorded in one transaction, as before. Answers null when a provider-reported refund was already
 * recorded (a replayed webhook).
 */
export async function refundOrder(
  db: Db,
  gateways: Partial<Record<PaymentProvider, RefundGateway>>,
  req: RefundRequest,
) {
  const before = await paidOrder(db, req.orderId, false);
  if (req.reportedRefundRef !== undefined && before.provider) {
    // A replayed provider report: already recorded, whatever the order's status is now.
    if (await refundRecordedByRef(db, before.provider, req.reportedRefundRef)) return null;
  }
  // A reported refund is a fact at the provider: it is checked against what is recorded, not what is reserved.
  checkRefundable(
    before,
    req.amount,
    req.reportedRefundRef !== undefined ? 0 : await pendingAmount(db, req.orderId),
  );
  if (req.reportedRefundRef !== undefined || before.provider === 'bank_transfer')
    return record(db, req, req.reportedRefundRef ?? null, null);

  const gateway = gateways[before.provider!];
  if (!gateway) throw conflict(m.refundProviderUnavailable, { code: 'REFUND_PROVIDER_UNAVAILABLE' });
  const reservation = await db.transaction(async (tx) => {
    const o = await paidOrder(tx, req.orderId, true);
    checkRefundable(o, req.amount, await pendingAmount(tx, req.orderId));
    const id = await insertPendingRefund(tx, {
      orderId: req.orderId,
      paymentId: o.payment_id,
      provider: o.provider,
      amount: req.amount,
      currency: o.currency,
      reason: req.reason,
      staffId: req.staffId,
    });
    return {
      id,
      providerRef: o.provider_ref!,
      currency: o.currency,
      refunded: num(o.refunded_amount),
    };
  });
  let refundRef: string;
  try {
    ({ refundRef } = await gateway({
      providerRef: reservation.providerRef,
      amount: req.amount,
      currency: reservation.currency,
      idempotencyKey: `refund-${req.orderId}-${reservation.refunded}-${req.amount}`,
    }));
  } catch (err) {
    await settleRefundFailed(db, reservation.id, `provider: ${(err as Error).message ?? String(err)}`);
    throw conflict(m.refundProviderFailed, { code: 'REFUND_PROVIDER_FAILED' });
  }
  const done = await record(db, req, refundRef, reservation.id);
  if (!done) {
    // The provider answered a refund already recorded: another request with the same idempotency key (the same
    // amount at the same moment), or its own event after the grace. Nothing more was refunded.
    await settleRefundFailed(db, reservation.id, `recorded by another request (${refundRef})`);
    throw conflict(m.refundAlreadyMade, { code: 'REFUND_ALREADY_MADE' });
  }
  return done;
}

/**
 * Records a refund the money has left for, in one transaction: the refund row (a new done row, or the pending
 * reservation settled as done), the order's refunded amount and status, the credit note and the audit row. A
 * reported refund completes the oldest pending reservation of the same amount on the order, if any (a staff refund
 * whose own recording never happened: its provider event arrives after the grace). Null when that provider refund
 * id is recorded already.
 */
async function record(db: Db, req: RefundRequest, refundRef: string | null, reservationId: string | null) {
  return db.transaction(async (tx) => {
    const o = await paidOrder(tx, req.orderId, true);
    if (refundRef !== null) {
      if (await refundRecordedByRef(tx, o.provider, refundRef)) return null;
    }
    let pendingId = reservationId;
    if (pendingId === null && req.reportedRefundRef !== undefined) {
      // Only a reservation older than the staff refund's grace: a younger one's own request is still recording it.
      pendingId = await stalePendingRefund(tx, req.orderId, req.amount, STAFF_REFUND_GRACE_MS);
    }
    // A bank transfer's refund also leaves room for card refunds still reserved (none, in practice: one provider
    // per order's payment); a reservation of its own and a provider's report are already counted or a fact.
    const reserved =
      reservationId === null && req.reportedRefundRef === undefined
        ? await pendingAmount(tx, req.orderId)
        : 0;
    const left = num(o.total) - num(o.refunded_amount);
    if (req.amount > left - reserved) throw conflict(m.refundTooLarge, { code: 'REFUND_TOO_LARGE' });
    const to = req.amount === left ? 'refunded' : 'partially_refunded';
    await moveOrder(tx, {
      orderId: req.orderId,
      to,
      actorId: req.staffId,
      reason: req.reason,
      set: { refunded: req.amount },
    });
    const refundId = pendingId
      ? await settleRefundDone(tx, pendingId, refundRef)
      : await insertDoneRefund(tx, {
          orderId: req.orderId,
          paymentId: o.payment_id,
          provider: o.provider,
          refundRef,
          amount: req.amount,
          currency: o.currency,
          reason: req.reason,
          staffId: req.staffId,
        });
    // Settled meanwhile: only a provider's report after the grace does that, and it recorded this refund already.
    if (!refundId) throw conflict(m.refundAlreadyMade, { code: 'REFUND_ALREADY_MADE' });
    const number = await nextDocumentNumber(tx, 'credit_note');
    const buyer = await buyerOf(tx, o.user_id);
    const snapshot: CreditNoteSnapshot = {
      number,
      issuedAt: await documentIssuedAt(tx),
      invoiceNumber: o.invoice_number!,
      buyer: { name: buyer.name, email: buyer.email },
      orderId: req.orderId,
      rugTitle: o.rug_title,
      amount: req.amount,
      currency: o.currency,
      reason: req.reason,
      house: await houseIdentity(tx),
      language: buyer.language,
    };
    await insertCreditNote(tx, { refundId, invoiceId: o.invoice_id, snapshot });
    if (req.staffId) {
      await recordStaffAction(tx, {
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
