import { paymentMessages as m } from '@knotwork/shared/schemas/payments';
import {
  creditRefundAllowed,
  writeOffRefusal,
  type WriteOffRefusal,
} from '@knotwork/shared/payments/balance';
import type { WriteOffInput } from '@knotwork/shared/schemas/orders-staff';
import { badRequest, conflict, notFound } from '../../../lib/http-error.ts';
import { recordStaffAction } from '../../audit/audit-writer.ts';
import { findCheckout, findCheckoutByReference } from '../checkout/checkout-repository.ts';
import { checkOrderId } from '../orders/order-staff-service.ts';
import { adjustmentByKey, checkoutOfAdjustmentKey } from '../orders/order-staff-repository.ts';
import type { StaffOrderDeps } from '../staff-deps.ts';
import {
  applyPayment,
  lockCheckoutOrders,
  mailReceipt,
  ordersPayable,
  settleCheckout,
} from './apply-payment.ts';
import { apiBalance } from './ledger.ts';
import {
  balanceOf,
  checkoutWithCreditOf,
  latestAppliedPayment,
  lockCheckoutFamily,
  mainCheckoutOf,
} from './ledger-repository.ts';
import { insertAdjustment } from './payment-repository.ts';

const WRITE_OFF_REFUSALS: Record<WriteOffRefusal, string> = {
  nothing_due: m.writeOffNothingDue,
  nothing_received: m.writeOffNothingReceived,
  above_balance: m.writeOffAboveBalance,
  above_limit: m.writeOffAboveLimit,
};

/**
 * Staff's payment desk (decision 072): recording a bank transfer, writing off a shortfall, recording a credit
 * sent back; each appended to the ledger and audited under the checkout's lock. Part of the staff order service
 * (staff-service.ts).
 */
export function paymentDesk(deps: StaffOrderDeps) {
  const { db } = deps;
  const applyDeps = {
    db,
    mailer: deps.mailer,
    log: deps.log,
    publicUrl: deps.publicUrl,
    staffEmail: deps.staffEmail,
  };
  return {
    /**
     * A bank transfer arrived quoting `reference`: counted whatever its amount (decision 072). It is recorded once
     * per bank transfer id, else per Idempotency-Key; with neither, the reference itself names the first transfer,
     * and a further one needs an id (so a retried request never counts twice).
     */
    async recordBankTransfer(
      staffId: string,
      input: { reference: string; amount: number; currency: string; transferId?: string | undefined },
      idempotencyKey?: string,
    ) {
      const checkout = await findCheckoutByReference(db, input.reference);
      if (!checkout) throw notFound(m.referenceNotFound);
      const providerRef = input.transferId ?? (idempotencyKey ? `key:${idempotencyKey}` : checkout.reference);
      const result = await applyPayment(applyDeps, {
        checkoutId: checkout.id,
        provider: 'bank_transfer',
        providerRef,
        amount: input.amount,
        currency: input.currency,
        recordedBy: staffId,
      });
      if (result.outcome === 'duplicate' && !result.sameAmount) {
        // Without an id, the reference names one transfer: another amount is another transfer, which needs its id.
        if (providerRef === checkout.reference)
          throw badRequest(m.transferIdRequired, { errors: { transferId: m.transferIdRequired } });
        throw conflict(m.paymentDifferentAmount, { code: 'TRANSFER_ID_REUSED' });
      }
      return result;
    },

    /**
     * Accounts staff settle a small shortfall with a reason (decision 072): at most the balance due and the limit in
     * Settings, only once something was received. Appended to the ledger and audited in one transaction under the
     * checkout's lock; when the balance reaches zero the checkout is settled and the invoice issued. A retried
     * request with the same Idempotency-Key answers the same without writing again.
     */
    async writeOff(staffId: string, orderId: string, input: WriteOffInput, idempotencyKey?: string) {
      checkOrderId(orderId);
      const main = await mainCheckoutOf(db, orderId);
      if (!main) throw conflict(m.writeOffNothingReceived, { code: 'NOTHING_RECEIVED' });
      const limit = await deps.writeOffLimit();
      const done = await db.transaction(async (tx) => {
        const checkout = (await lockCheckoutFamily(tx, main.id))!;
        if (idempotencyKey && (await adjustmentByKey(tx, checkout.id, 'write_off', idempotencyKey))) {
          return { checkout, balance: await balanceOf(tx, checkout), paid: null };
        }
        const orders = await lockCheckoutOrders(tx, checkout);
        if (!ordersPayable(checkout, orders)) throw conflict(m.writeOffNothingDue, { code: 'NOTHING_DUE' });
        const before = await balanceOf(tx, checkout);
        const refusal = writeOffRefusal(before, input.amount, limit);
        if (refusal)
          throw conflict(WRITE_OFF_REFUSALS[refusal], { code: `WRITE_OFF_${refusal.toUpperCase()}` });
        await insertAdjustment(tx, {
          checkout,
          kind: 'write_off',
          amount: input.amount,
          reason: input.reason,
          staffId,
          idempotencyKey: idempotencyKey ?? null,
        });
        const balance = await balanceOf(tx, checkout);
        await recordStaffAction(tx, {
          staffId,
          action: 'write_off_balance',
          orderId,
          userId: checkout.user_id,
          reason: input.reason,
          details: {
            reference: checkout.reference,
            amount: input.amount,
            currency: checkout.currency,
            limit,
            balanceDue: balance.balanceDue,
          },
        });
        if (balance.balanceDue > 0) return { checkout, balance, paid: null };
        const paymentId = (await latestAppliedPayment(tx, checkout.id))!;
        const paid = await settleCheckout(tx, checkout, orders, {
          actorId: staffId,
          reason: input.reason,
          provider: 'bank_transfer',
          paymentId,
          credit: 0,
        });
        return { checkout: (await findCheckout(tx, checkout.id))!, balance, paid };
      });
      if (done.paid) await mailReceipt(applyDeps, done.paid);
      const invoiceNumber = (await findCheckout(db, done.checkout.id))!.invoice_number;
      return {
        message: invoiceNumber ? m.writeOffSettled : m.writeOffRecorded,
        data: { balance: apiBalance(done.checkout, done.balance), invoiceNumber },
      };
    },

    /**
     * Records an overpayment's credit sent back to the buyer from the bank (decision 072): at most the credit, once
     * per Idempotency-Key, appended and audited under the checkout's lock.
     */
    async refundCredit(
      staffId: string,
      orderId: string,
      input: { amount: number; reason: string },
      idempotencyKey?: string,
    ) {
      checkOrderId(orderId);
      const found =
        (await checkoutWithCreditOf(db, orderId)) ??
        (idempotencyKey
          ? await checkoutOfAdjustmentKey(db, orderId, 'credit_refund', idempotencyKey)
          : undefined);
      if (!found) throw conflict(m.noCredit, { code: 'NO_CREDIT' });
      const done = await db.transaction(async (tx) => {
        const checkout = (await lockCheckoutFamily(tx, found.id))!;
        if (idempotencyKey && (await adjustmentByKey(tx, checkout.id, 'credit_refund', idempotencyKey))) {
          return { checkout, balance: await balanceOf(tx, checkout) };
        }
        const before = await balanceOf(tx, checkout);
        if (before.credit === 0) throw conflict(m.noCredit, { code: 'NO_CREDIT' });
        if (!creditRefundAllowed(before, input.amount))
          throw conflict(m.creditTooLarge, { code: 'CREDIT_TOO_LARGE' });
        await insertAdjustment(tx, {
          checkout,
          kind: 'credit_refund',
          amount: input.amount,
          reason: input.reason,
          staffId,
          idempotencyKey: idempotencyKey ?? null,
        });
        await recordStaffAction(tx, {
          staffId,
          action: 'refund_credit',
          orderId,
          userId: checkout.user_id,
          reason: input.reason,
          details: { reference: checkout.reference, amount: input.amount, currency: checkout.currency },
        });
        return { checkout, balance: await balanceOf(tx, checkout) };
      });
      return {
        message: m.creditRefunded,
        data: {
          balance: apiBalance(done.checkout, done.balance),
          invoiceNumber: done.checkout.invoice_number,
        },
      };
    },
  };
}
