import type { Language } from '@knotwork/shared/constants/languages';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { paymentMessages as m, type PaymentProvider } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { rows } from '../../db/raw.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findCheckout, lockOrders, checkoutTotal, type CheckoutDbRow } from './checkout-repository.ts';
import { buyerOf, insertInvoice, nextDocumentNumber, type InvoiceSnapshot } from './documents-repository.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { auditOrderAction } from './staff-audit.ts';
import { moveOrder } from './order-transitions.ts';
import { paymentMails, paymentWebPaths, sendAfterCommit } from './payment-mails.ts';
import { orderShares } from './quote.ts';

/** A payment as a provider (or staff, for a bank transfer) reports it. */
export interface PaymentReport {
  checkoutId: string;
  provider: PaymentProvider;
  /** The provider's id of the payment (Stripe PaymentIntent, PayPal capture, the bank's transfer id): unique per provider. */
  providerRef: string;
  amount: number;
  currency: string;
  /** The staff member who recorded it (bank transfers); null for a provider's report. */
  recordedBy?: string | null;
  /**
   * Runs first inside the paying transaction, so its writes commit or roll back with the state change: a webhook
   * handler records the provider's event id here (dedupe in the same transaction).
   */
  inTransaction?: (tx: Db) => Promise<void>;
}

export type Refusal = 'amount_mismatch' | 'not_payable';
export type ApplyOutcome =
  | { outcome: 'paid'; paymentId: string; invoiceNumber: string; checkoutId: string }
  | { outcome: 'duplicate'; paymentId: string; status: 'applied' | 'refused'; checkoutId: string }
  | { outcome: 'refused'; paymentId: string; refusal: Refusal; checkoutId: string };

export interface ApplyPaymentDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  staffEmail: string;
}

type AfterCommit =
  | { kind: 'paid'; snapshot: InvoiceSnapshot; userId: string; firstName: string; language: Language; orderId: string }
  | { kind: 'refused'; checkout: CheckoutDbRow; refusal: Refusal }
  | null;

/**
 * Applies a reported payment, whoever reports it (a staff member for a bank transfer; the Stripe and PayPal
 * webhooks and captures later): in one transaction under the checkout's row lock, exactly once per
 * (provider, providerRef). The amount and currency must equal the checkout's frozen total, and every order must
 * still await payment; otherwise the payment is kept as refused, nothing is paid and staff are told. When it
 * applies, every order of the checkout moves to paid (with its frozen share of the quote and an order event), the
 * checkout's other open attempts are superseded, a fixed-price rug is sold, and the invoice takes the next number of
 * the gapless sequence, all in the same transaction. The receipt with the PDF invoice is mailed after commit.
 */
export async function applyPayment(deps: ApplyPaymentDeps, report: PaymentReport): Promise<ApplyOutcome> {
  const { result, after } = await deps.db.transaction(async (tx): Promise<{ result: ApplyOutcome; after: AfterCommit }> => {
    if (report.inTransaction) await report.inTransaction(tx);
    const unlocked = await findCheckout(tx, report.checkoutId);
    if (!unlocked) throw notFound(m.checkoutNotFound);
    // Every checkout this payment may supersede is locked first, in id order, before any order row: the same order
    // as a cancel (staff-service.ts) and any other payment, so two of them racing over shared orders cannot deadlock.
    await tx.execute(
      sql`select id from checkouts where id = ${unlocked.id}::uuid or (status = 'open' and order_ids && ${sql.param(unlocked.order_ids)}::uuid[])
          order by id for update`,
    );
    const checkout = (await findCheckout(tx, report.checkoutId))!;
    const [seen] = await rows<{ id: string; status: 'applied' | 'refused'; checkout_id: string }>(
      tx,
      sql`select id, status, checkout_id from payments where provider = ${report.provider} and provider_ref = ${report.providerRef}`,
    );
    if (seen) return { result: { outcome: 'duplicate', paymentId: seen.id, status: seen.status, checkoutId: seen.checkout_id }, after: null };

    // A fixed-price rug before its order, as buy now takes them (it locks the rug, then expires a lapsed hold).
    await tx.execute(
      sql`select r.id from rugs r join orders o on o.rug_id = r.id
          where o.id = any(${sql.param(checkout.order_ids)}::uuid[]) and o.kind = 'fixed_price' order by r.id for update of r`,
    );
    const orders = await lockOrders(tx, checkout.order_ids);
    let refusal: Refusal | null = null;
    if (report.amount !== checkoutTotal(checkout) || report.currency.toUpperCase() !== checkout.currency.toUpperCase()) {
      refusal = 'amount_mismatch';
    } else if (
      checkout.status !== 'open' ||
      orders.length !== checkout.order_ids.length ||
      orders.some((o) => o.status !== 'awaiting_payment' || o.user_id !== checkout.user_id)
    ) {
      refusal = 'not_payable';
    }
    // A concurrent report of the same payment on another checkout waits on the unique index, then does nothing.
    const [payment] = await rows<{ id: string }>(
      tx,
      sql`insert into payments (checkout_id, provider, provider_ref, amount, currency, status, refusal, recorded_by)
          values (${checkout.id}::uuid, ${report.provider}, ${report.providerRef}, ${report.amount}, ${report.currency.toUpperCase()},
            ${refusal ? 'refused' : 'applied'}, ${refusal}, ${report.recordedBy ?? null}::uuid)
          on conflict (provider, provider_ref) do nothing
          returning id`,
    );
    if (!payment) {
      const [other] = await rows<{ id: string; status: 'applied' | 'refused'; checkout_id: string }>(
        tx,
        sql`select id, status, checkout_id from payments where provider = ${report.provider} and provider_ref = ${report.providerRef}`,
      );
      return { result: { outcome: 'duplicate', paymentId: other!.id, status: other!.status, checkoutId: other!.checkout_id }, after: null };
    }
    if (report.recordedBy) {
      await auditOrderAction(tx, {
        staffId: report.recordedBy,
        action: 'record_bank_transfer',
        orderId: checkout.order_ids[0] ?? null,
        userId: checkout.user_id,
        details: { reference: checkout.reference, providerRef: report.providerRef, amount: report.amount, currency: report.currency, refusal },
      });
    }
    if (refusal) {
      return { result: { outcome: 'refused', paymentId: payment.id, refusal, checkoutId: checkout.id }, after: { kind: 'refused', checkout, refusal } };
    }

    const shares = orderShares(checkout.quote);
    const address = checkout.shipping_address === null ? null : JSON.stringify(checkout.shipping_address);
    for (const order of orders) {
      const share = shares.get(order.id)!;
      await moveOrder(tx, {
        orderId: order.id,
        to: 'paid',
        actorId: report.recordedBy ?? null,
        reason: `${report.provider} ${report.providerRef}`,
        set: sql`paid_at = clock_timestamp(), checkout_id = ${checkout.id}::uuid, shipping_method = ${checkout.shipping_method},
          shipping_amount = ${share.shipping}, shipping_address = ${address}::jsonb, tax_amount = ${share.tax}, total = ${share.total}`,
      });
      // A fixed-price rug leaves the shop once paid (auction and buy-now rugs were sold when their lot closed).
      if (order.kind === 'fixed_price') {
        await tx.execute(sql`update rugs set status = 'sold', updated_at = clock_timestamp() where id = ${order.rug_id}::uuid`);
      }
    }
    await tx.execute(
      sql`update checkouts set status = 'paid', paid_at = clock_timestamp(), updated_at = clock_timestamp() where id = ${checkout.id}::uuid`,
    );
    await tx.execute(
      sql`update checkouts set status = 'superseded', updated_at = clock_timestamp()
          where status = 'open' and id <> ${checkout.id}::uuid and order_ids && ${sql.param(checkout.order_ids)}::uuid[]`,
    );
    const number = await nextDocumentNumber(tx, 'invoice');
    const buyer = await buyerOf(tx, checkout.user_id);
    const [now] = await rows<{ at: string }>(tx, sql`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`);
    const snapshot: InvoiceSnapshot = {
      number,
      issuedAt: now!.at,
      reference: checkout.reference,
      provider: report.provider,
      buyer: { name: buyer.name, email: buyer.email },
      shippingMethod: checkout.shipping_method,
      shippingAddress: checkout.shipping_address,
      quote: checkout.quote,
    };
    await insertInvoice(tx, { number, checkoutId: checkout.id, paymentId: payment.id, userId: checkout.user_id, snapshot });
    return {
      result: { outcome: 'paid', paymentId: payment.id, invoiceNumber: number, checkoutId: checkout.id },
      after: { kind: 'paid', snapshot, userId: checkout.user_id, firstName: buyer.firstName, language: buyer.language, orderId: orders[0]!.id },
    };
  });

  if (after?.kind === 'paid') {
    const { snapshot } = after;
    try {
      const pdf = await renderInvoicePdf(snapshot);
      const content = paymentMails.paymentReceived({
        firstName: after.firstName,
        invoiceNumber: snapshot.number,
        total: snapshot.quote.total,
        currency: snapshot.quote.currency,
        orderUrl: new URL(paymentWebPaths.order(after.orderId), deps.publicUrl).toString(),
        collect: snapshot.shippingMethod === 'collect',
        language: after.language,
      });
      await sendAfterCommit(deps.mailer, deps.log, {
        to: snapshot.buyer.email,
        ...content,
        attachments: [{ filename: `${snapshot.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
      });
    } catch (err) {
      deps.log.error({ err, invoice: snapshot.number }, 'receipt not sent');
    }
  } else if (after?.kind === 'refused') {
    const content = paymentMails.paymentProblem({
      reference: after.checkout.reference,
      provider: report.provider,
      providerRef: report.providerRef,
      amount: report.amount,
      currency: report.currency,
      expected: checkoutTotal(after.checkout),
      expectedCurrency: after.checkout.currency,
      problem: after.refusal === 'amount_mismatch' ? 'the amount or currency differs from the checkout' : 'the orders are no longer awaiting payment',
    });
    await sendAfterCommit(deps.mailer, deps.log, { to: deps.staffEmail, ...content });
  }
  return result;
}

/** The dependencies of `applyPayment` from an app (what a provider's webhook or capture route passes). */
export function applyPaymentDeps(app: FastifyInstance): ApplyPaymentDeps {
  const { db, mailer, config } = app.ctx;
  return { db, mailer, log: app.log, publicUrl: config.PUBLIC_URL, staffEmail: config.STAFF_EMAIL };
}
