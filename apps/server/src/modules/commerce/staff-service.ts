import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { paymentMessages as m, type PaymentProvider } from '@knotwork/shared/schemas/payments';
import type { z } from 'zod';
import type { taxRateInputSchema } from '@knotwork/shared/schemas/admin-orders';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { isoFromMs, isUuid, num, rows } from '../../db/raw.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  creditRefundAllowed,
  writeOffRefusal,
  type WriteOffRefusal,
} from '@knotwork/shared/payments/balance';
import type { WriteOffInput } from '@knotwork/shared/schemas/admin-orders';
import {
  applyPayment,
  lockCheckoutOrders,
  mailReceipt,
  ordersPayable,
  settleCheckout,
} from './payments/apply-payment.ts';
import { findCheckout, findCheckoutByReference } from './checkout/checkout-repository.ts';
import {
  apiBalance,
  balanceOf,
  checkoutWithCreditOf,
  latestAppliedPayment,
  lockCheckoutFamily,
  mainCheckoutOf,
} from './payments/ledger.ts';
import { buyerOf } from './documents/documents-repository.ts';
import { renderCreditNotePdf } from './documents/invoice-pdf.ts';
import { orderDetail } from './orders/order-detail.ts';
import { moveOrder } from './orders/order-transitions.ts';
import { paymentMails, paymentWebPaths, sendAfterCommit } from './payment-mails.ts';
import { refundOrder, type RefundGateway } from './refunds/refunds.ts';
import { latestOfferOfOrder } from './second-chance/second-chance-service.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import {
  adjustmentByKey,
  adjustmentsOfOrder,
  checkoutOfAdjustmentKey,
  listOrders,
  paymentsOfOrder,
  refundsOfOrder,
} from './orders/order-staff-repository.ts';

const WRITE_OFF_REFUSALS: Record<WriteOffRefusal, string> = {
  nothing_due: m.writeOffNothingDue,
  nothing_received: m.writeOffNothingReceived,
  above_balance: m.writeOffAboveBalance,
  above_limit: m.writeOffAboveLimit,
};

export interface StaffOrderDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  staffEmail: string;
  mediaBaseUrl: string;
  /** Refunds through the card and PayPal providers, when configured (decision 025). */
  refundGateways?: Partial<Record<PaymentProvider, RefundGateway>>;
  /** The most accounts staff may write off, in cents (house Settings, decision 072). */
  writeOffLimit: () => Promise<number>;
}

type TaxRateInput = z.infer<typeof taxRateInputSchema>;

/** The staff side of orders (decision 025): every change through the state machine, audited in its transaction. */
export function createStaffOrderService(deps: StaffOrderDeps) {
  const { db } = deps;
  const orderUrl = (id: string) => new URL(paymentWebPaths.order(id), deps.publicUrl).toString();
  const view = (orderId: string) => orderDetail(db, orderId, { userId: '', staff: true }, deps.mediaBaseUrl);
  const publicView = async (orderId: string) => {
    const { userId: _u, ...data } = await view(orderId);
    return data;
  };
  const checkId = (id: string) => {
    if (!isUuid(id)) throw notFound(m.orderNotFound);
  };

  async function simpleMove(
    staffId: string,
    orderId: string,
    to: 'delivered' | 'cancelled',
    action: 'deliver_order' | 'cancel_order',
    reason: string | null,
  ) {
    checkId(orderId);
    await db.transaction(async (tx) => {
      // Checkouts before the order, in the order applyPayment takes them, so a cancel racing a payment cannot deadlock.
      await tx.execute(
        sql`select id from checkouts where status = 'open' and order_ids @> array[${orderId}::uuid] order by id for update`,
      );
      await moveOrder(tx, {
        orderId,
        to,
        actorId: staffId,
        reason,
        set:
          to === 'delivered' ? sql`delivered_at = clock_timestamp()` : sql`cancelled_at = clock_timestamp()`,
      });
      if (to === 'cancelled') {
        // A bank transfer quoting an old reference is then refused (not payable) and staff are told.
        await tx.execute(sql`update checkouts set status = 'superseded', updated_at = clock_timestamp()
          where status = 'open' and order_ids @> array[${orderId}::uuid]`);
      }
      await recordStaffAction(tx, { staffId, action, orderId, reason });
    });
    return publicView(orderId);
  }

  return {
    list: (q: Parameters<typeof listOrders>[1]) => listOrders(db, q),

    async detail(orderId: string) {
      checkId(orderId);
      const { userId, ...order } = await view(orderId);
      const [buyer, payments, adjustments, refunds, secondChance, limit] = await Promise.all([
        buyerOf(db, userId),
        paymentsOfOrder(db, orderId),
        adjustmentsOfOrder(db, orderId),
        refundsOfOrder(db, orderId),
        latestOfferOfOrder(db, orderId),
        deps.writeOffLimit(),
      ]);
      const due = order.status === 'awaiting_payment' && order.balance ? order.balance.balanceDue : 0;
      return {
        ...order,
        buyer: { id: userId, name: buyer.name, email: buyer.email },
        payments,
        adjustments,
        writeOffLimit: Math.min(limit, due),
        refunds,
        secondChance,
      };
    },

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
      const result = await applyPayment(
        { db, mailer: deps.mailer, log: deps.log, publicUrl: deps.publicUrl, staffEmail: deps.staffEmail },
        {
          checkoutId: checkout.id,
          provider: 'bank_transfer',
          providerRef,
          amount: input.amount,
          currency: input.currency,
          recordedBy: staffId,
        },
      );
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
      checkId(orderId);
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
        await tx.execute(
          sql`insert into payment_adjustments (checkout_id, kind, amount, currency, reason, staff_id, idempotency_key)
              values (${checkout.id}::uuid, 'write_off', ${input.amount}, ${checkout.currency}, ${input.reason}, ${staffId}::uuid, ${idempotencyKey ?? null})`,
        );
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
      if (done.paid)
        await mailReceipt(
          { db, mailer: deps.mailer, log: deps.log, publicUrl: deps.publicUrl, staffEmail: deps.staffEmail },
          done.paid,
        );
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
      checkId(orderId);
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
        await tx.execute(
          sql`insert into payment_adjustments (checkout_id, kind, amount, currency, reason, staff_id, idempotency_key)
              values (${checkout.id}::uuid, 'credit_refund', ${input.amount}, ${checkout.currency}, ${input.reason}, ${staffId}::uuid, ${idempotencyKey ?? null})`,
        );
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

    async ship(staffId: string, orderId: string, input: { carrier: string; trackingNumber: string }) {
      checkId(orderId);
      const userId = await db.transaction(async (tx) => {
        await moveOrder(tx, {
          orderId,
          to: 'shipped',
          actorId: staffId,
          reason: `${input.carrier} ${input.trackingNumber}`,
          set: sql`carrier = ${input.carrier}, tracking_number = ${input.trackingNumber}, shipped_at = clock_timestamp()`,
        });
        const [o] = await rows<{ user_id: string }>(
          tx,
          sql`select user_id from orders where id = ${orderId}::uuid`,
        );
        await recordStaffAction(tx, {
          staffId,
          action: 'ship_order',
          orderId,
          userId: o!.user_id,
          details: input,
        });
        return o!.user_id;
      });
      const order = await publicView(orderId);
      const buyer = await buyerOf(db, userId);
      await sendAfterCommit(deps.mailer, deps.log, {
        to: buyer.email,
        ...paymentMails.shipped({
          firstName: buyer.firstName,
          rugTitle: order.rug.title,
          ...input,
          orderUrl: orderUrl(orderId),
          language: buyer.language,
        }),
      });
      return order;
    },

    deliver: (staffId: string, orderId: string, reason: string | null) =>
      simpleMove(staffId, orderId, 'delivered', 'deliver_order', reason),
    cancel: (staffId: string, orderId: string, reason: string) =>
      simpleMove(staffId, orderId, 'cancelled', 'cancel_order', reason),

    async refund(staffId: string, orderId: string, input: { amount: number; reason: string }) {
      checkId(orderId);
      const done = await refundOrder(db, deps.refundGateways ?? {}, { staffId, orderId, ...input });
      if (!done) throw new Error('a staff refund is never a replay');
      try {
        const pdf = await renderCreditNotePdf(done.snapshot);
        // In the buyer's language, as the invoice mail is; the note itself carries the house's letterhead.
        await sendAfterCommit(deps.mailer, deps.log, {
          to: done.snapshot.buyer.email,
          ...paymentMails.refunded({
            firstName: done.buyerFirstName,
            amount: done.snapshot.amount,
            currency: done.snapshot.currency,
            rugTitle: done.snapshot.rugTitle,
            creditNote: done.snapshot.number,
            orderUrl: orderUrl(orderId),
            language: done.snapshot.language,
          }),
          attachments: [
            { filename: `${done.snapshot.number}.pdf`, content: pdf, contentType: 'application/pdf' },
          ],
        });
      } catch (err) {
        deps.log.error({ err }, 'credit note mail not sent');
      }
      return { order: await publicView(orderId), creditNoteNumber: done.snapshot.number };
    },

    /** Puts a rug whose sale fell through back on the shelf (then a new lot or a fixed price, through the admin API). */
    async relist(staffId: string, orderId: string, reason: string | null) {
      checkId(orderId);
      await db.transaction(async (tx) => {
        const [o] = await rows<{ rug_id: string; status: string; live: boolean }>(
          tx,
          sql`select o.rug_id, o.status,
                exists (select 1 from orders x where x.rug_id = o.rug_id and x.status not in ('cancelled', 'expired')) or
                exists (select 1 from second_chance_offers s where s.order_id = o.id and s.status = 'pending') as live
              from orders o where o.id = ${orderId}::uuid`,
        );
        if (!o) throw notFound(m.orderNotFound);
        await tx.execute(sql`select id from rugs where id = ${o.rug_id}::uuid for update`);
        if (o.live || (o.status !== 'cancelled' && o.status !== 'expired'))
          throw conflict(m.rugNotRelistable, { code: 'RUG_NOT_RELISTABLE' });
        await tx.execute(
          sql`update rugs set status = 'available', updated_at = clock_timestamp() where id = ${o.rug_id}::uuid`,
        );
        await recordStaffAction(tx, { staffId, action: 'relist_rug', orderId, reason });
      });
      return publicView(orderId);
    },

    async taxRates() {
      const found = await rows<{
        id: string;
        country: string;
        state: string | null;
        rate_bp: number;
        applies_to: 'premium_and_shipping' | 'whole';
        updated_ms: string | number;
      }>(
        db,
        sql`select id, country, state, rate_bp, applies_to, extract(epoch from updated_at) * 1000 as updated_ms from tax_rates order by country, state nulls first`,
      );
      return found.map((r) => ({
        id: r.id,
        country: r.country,
        state: r.state,
        rateBp: num(r.rate_bp),
        appliesTo: r.applies_to,
        updatedAt: isoFromMs(r.updated_ms),
      }));
    },

    /** Sets the rate of one destination (country, or country and state), replacing any earlier one. */
    async setTaxRate(staffId: string, input: TaxRateInput) {
      const state = input.state ?? null;
      const id = await db.transaction(async (tx) => {
        const [row] = await rows<{ id: string }>(
          tx,
          sql`insert into tax_rates (country, state, rate_bp, applies_to) values (${input.country}, ${state}, ${input.rateBp}, ${input.appliesTo})
              on conflict (country, coalesce(state, '')) do update set rate_bp = excluded.rate_bp, applies_to = excluded.applies_to, updated_at = clock_timestamp()
              returning id`,
        );
        await recordStaffAction(tx, { staffId, action: 'set_tax_rate', details: { ...input, state } });
        return row!.id;
      });
      return (await this.taxRates()).find((r) => r.id === id)!;
    },

    async deleteTaxRate(staffId: string, id: string) {
      if (!isUuid(id)) throw notFound(m.taxRateNotFound);
      await db.transaction(async (tx) => {
        const [gone] = await rows<{ country: string; state: string | null }>(
          tx,
          sql`delete from tax_rates where id = ${id}::uuid returning country, state`,
        );
        if (!gone) throw notFound(m.taxRateNotFound);
        await recordStaffAction(tx, { staffId, action: 'delete_tax_rate', details: gone });
      });
    },
  };
}
export type StaffOrderService = ReturnType<typeof createStaffOrderService>;
