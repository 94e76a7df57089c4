import type { Language } from '@knotwork/shared/constants/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../app-context.ts';
import { paymentMessages as m, type PaymentProvider } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/http-error.ts';
import { num } from '../../../db/raw.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Balance } from '@knotwork/shared/payments/balance';
import type { PaymentBalance } from '@knotwork/shared/schemas/payments';
import {
  findCheckout,
  lockFixedPriceRugs,
  lockOrders,
  checkoutTotal,
  markCheckoutPaid,
  supersedeOtherOpenCheckouts,
  type CheckoutDbRow,
  type PayableOrderRow,
} from '../checkout/checkout-repository.ts';
import { apiBalance } from './ledger.ts';
import { balanceOf, dueDateOf, lockCheckoutFamily } from './ledger-repository.ts';
import { appliedPaymentByRef, insertPayment, type Refusal } from './payment-repository.ts';
import {
  buyerOf,
  documentIssuedAt,
  insertInvoice,
  nextDocumentNumber,
  type InvoiceSnapshot,
} from '../documents/documents-repository.ts';
import { renderInvoicePdf } from '../documents/invoice-pdf.ts';
import { recordStaffAction } from '../../audit/audit-writer.ts';
import { moveOrder } from '../orders/order-transitions.ts';
import { paymentMails, paymentWebPaths, sendAfterCommit } from '../payment-mails.ts';
import { orderShares } from '../checkout/quote.ts';
import { PAYMENT_DUE_MS } from '../orders/pricing.ts';
import { keepFixedPriceHolds, markRugSold } from '../orders/order-repository.ts';

export type { Refusal } from './payment-repository.ts';

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

interface Ids {
  paymentId: string;
  checkoutId: string;
  /** The checkout's money after this report. */
  balance: PaymentBalance;
}
export type ApplyOutcome =
  | (Ids & { outcome: 'paid'; invoiceNumber: string })
  | (Ids & { outcome: 'partial' | 'credit' })
  /** Already recorded under this provider reference: nothing changed. `sameAmount` false: the replay differs. */
  | (Ids & { outcome: 'duplicate'; status: 'applied'; sameAmount: boolean })
  | (Ids & { outcome: 'refused'; refusal: Refusal });

export interface ApplyPaymentDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  staffEmail: string;
}

/** What a settled checkout mails after commit: the receipt with the invoice. */
export interface PaidMail {
  snapshot: InvoiceSnapshot;
  firstName: string;
  language: Language;
  orderId: string;
  /** Received above the total: told to the buyer and to staff (a credit to refund). */
  credit: number;
}

type AfterCommit =
  | ({ kind: 'paid' } & PaidMail)
  | { kind: 'partial' | 'credit'; checkout: CheckoutDbRow; balance: Balance; amount: number; dueAt: Date }
  | { kind: 'refused'; checkout: CheckoutDbRow; refusal: Refusal }
  | null;

/**
 * Settles a checkout whose balance reached zero, in the caller's transaction under the checkout family's lock
 * (ledger.ts) and the orders' row locks: every order moves to paid with its frozen share of the quote, the
 * checkout's other open attempts are superseded, a fixed-price rug is sold, and the invoice takes the next number
 * of the gapless sequence (one per checkout: invoices.checkout_id is unique).
 */
export async function settleCheckout(
  tx: Db,
  checkout: CheckoutDbRow,
  orders: readonly PayableOrderRow[],
  by: {
    actorId: string | null;
    reason: string;
    provider: PaymentProvider;
    paymentId: string;
    credit: number;
  },
): Promise<PaidMail> {
  const shares = orderShares(checkout.quote);
  for (const order of orders) {
    const share = shares.get(order.id)!;
    await moveOrder(tx, {
      orderId: order.id,
      to: 'paid',
      actorId: by.actorId,
      reason: by.reason,
      set: {
        paidAt: 'now',
        payment: {
          checkoutId: checkout.id,
          shippingMethod: checkout.shipping_method,
          shippingAmount: share.shipping,
          shippingAddress: checkout.shipping_address,
          taxAmount: share.tax,
          total: share.total,
        },
      },
    });
    // A fixed-price rug leaves the shop once paid (auction and buy-now rugs were sold when their lot closed).
    if (order.kind === 'fixed_price') await markRugSold(tx, order.rug_id);
  }
  await markCheckoutPaid(tx, checkout.id);
  await supersedeOtherOpenCheckouts(tx, checkout);
  const number = await nextDocumentNumber(tx, 'invoice');
  const buyer = await buyerOf(tx, checkout.user_id);
  const snapshot: InvoiceSnapshot = {
    number,
    issuedAt: await documentIssuedAt(tx),
    reference: checkout.reference,
    provider: by.provider,
    buyer: { name: buyer.name, email: buyer.email },
    shippingMethod: checkout.shipping_method,
    shippingAddress: checkout.shipping_address,
    quote: checkout.quote,
  };
  await insertInvoice(tx, {
    number,
    checkoutId: checkout.id,
    paymentId: by.paymentId,
    userId: checkout.user_id,
    snapshot,
  });
  return {
    snapshot,
    firstName: buyer.firstName,
    language: buyer.language,
    orderId: orders[0]!.id,
    credit: by.credit,
  };
}

/** Whether a checkout's orders can still be paid through it (all there, the buyer's, awaiting payment). */
export function ordersPayable(checkout: CheckoutDbRow, orders: readonly PayableOrderRow[]): boolean {
  return (
    checkout.status === 'open' &&
    orders.length === checkout.order_ids.length &&
    orders.every((o) => o.status === 'awaiting_payment' && o.user_id === checkout.user_id)
  );
}

/** Locks a checkout's fixed-price rugs then its orders, in the order buy now takes them (rug, then order). */
export async function lockCheckoutOrders(tx: Db, checkout: CheckoutDbRow): Promise<PayableOrderRow[]> {
  await lockFixedPriceRugs(tx, checkout.order_ids);
  return lockOrders(tx, checkout.order_ids);
}

/**
 * Applies a reported payment, whoever reports it (a staff member for a bank transfer; the Stripe and PayPal
 * webhooks and captures): in one transaction under the checkout's row lock, exactly once per applied
 * (provider, providerRef). Decision 072: a bank transfer counts whatever its amount: short, it leaves a balance
 * due (partial); several add up; above the total, the rest is a credit to refund; on a checkout already paid, all
 * of it is credit. A card or PayPal payment must still equal the balance due. A payment in another currency, or
 * for orders no longer payable, is kept as refused (nothing counted, staff told) and does not hold its reference:
 * the right record afterwards is never taken for "already recorded". When the balance reaches zero the checkout
 * is settled (settleCheckout) and the receipt with the invoice is mailed after commit.
 */
export async function applyPayment(deps: ApplyPaymentDeps, report: PaymentReport): Promise<ApplyOutcome> {
  const { result, after } = await deps.db.transaction(
    async (tx): Promise<{ result: ApplyOutcome; after: AfterCommit }> => {
      if (report.inTransaction) await report.inTransaction(tx);
      const checkout = await lockCheckoutFamily(tx, report.checkoutId);
      if (!checkout) throw notFound(m.checkoutNotFound);
      const currency = report.currency.toUpperCase();
      const seenApplied = async () => {
        const seen = await appliedPaymentByRef(tx, report.provider, report.providerRef);
        if (!seen) return undefined;
        const on = seen.checkout_id === checkout.id ? checkout : (await findCheckout(tx, seen.checkout_id))!;
        const result: ApplyOutcome = {
          outcome: 'duplicate',
          status: 'applied',
          paymentId: seen.id,
          checkoutId: seen.checkout_id,
          sameAmount: num(seen.amount) === report.amount && seen.currency === currency,
          balance: apiBalance(on, await balanceOf(tx, on)),
        };
        return { result, after: null };
      };
      const seen = await seenApplied();
      if (seen) return seen;

      const orders = await lockCheckoutOrders(tx, checkout);
      const before = await balanceOf(tx, checkout);
      let refusal: Refusal | null = null;
      if (currency !== checkout.currency.toUpperCase()) refusal = 'currency_mismatch';
      else if (
        checkout.status === 'superseded' ||
        (checkout.status === 'open' && !ordersPayable(checkout, orders))
      )
        refusal = 'not_payable';
      else if (
        report.provider !== 'bank_transfer' &&
        (checkout.status !== 'open' || report.amount !== before.balanceDue)
      )
        refusal = 'amount_mismatch';
      // A concurrent report of the same payment on another checkout waits on the unique index, then does nothing.
      const paymentId = await insertPayment(tx, {
        checkoutId: checkout.id,
        provider: report.provider,
        providerRef: report.providerRef,
        amount: report.amount,
        currency,
        refusal,
        recordedBy: report.recordedBy ?? null,
      });
      if (!paymentId) return (await seenApplied())!;
      const balance = refusal ? before : await balanceOf(tx, checkout);
      const settles = !refusal && checkout.status === 'open' && balance.balanceDue === 0;
      const outcome = refusal
        ? 'refused'
        : settles
          ? 'paid'
          : checkout.status === 'paid'
            ? 'credit'
            : 'partial';
      if (report.recordedBy) {
        await recordStaffAction(tx, {
          staffId: report.recordedBy,
          action: 'record_bank_transfer',
          orderId: checkout.order_ids[0] ?? null,
          userId: checkout.user_id,
          details: {
            reference: checkout.reference,
            providerRef: report.providerRef,
            amount: report.amount,
            currency,
            outcome,
            refusal,
            balanceDue: balance.balanceDue,
            credit: balance.credit,
          },
        });
      }
      const ids = { paymentId, checkoutId: checkout.id, balance: apiBalance(checkout, balance) };
      if (refusal)
        return {
          result: { ...ids, outcome: 'refused', refusal },
          after: { kind: 'refused', checkout, refusal },
        };
      if (!settles) {
        const kind = outcome === 'credit' ? 'credit' : 'partial';
        // Money is in: a part-paid fixed-price rug is not released by its hold running out while the rest comes.
        if (kind === 'partial') await keepFixedPriceHolds(tx, checkout.order_ids, PAYMENT_DUE_MS);
        return {
          result: { ...ids, outcome: kind },
          after: { kind, checkout, balance, amount: report.amount, dueAt: await dueDateOf(tx, checkout) },
        };
      }
      const paid = await settleCheckout(tx, checkout, orders, {
        actorId: report.recordedBy ?? null,
        reason: `${report.provider} ${report.providerRef}`,
        provider: report.provider,
        paymentId,
        credit: balance.credit,
      });
      const settled = (await findCheckout(tx, checkout.id))!;
      return {
        result: {
          ...ids,
          balance: apiBalance(settled, balance),
          outcome: 'paid',
          invoiceNumber: paid.snapshot.number,
        },
        after: { kind: 'paid', ...paid },
      };
    },
  );

  if (after?.kind === 'paid') await mailReceipt(deps, after);
  else if (after?.kind === 'partial' || after?.kind === 'credit') await mailBalance(deps, after, report);
  else if (after?.kind === 'refused') {
    const content = paymentMails.paymentProblem({
      reference: after.checkout.reference,
      provider: report.provider,
      providerRef: report.providerRef,
      amount: report.amount,
      currency: report.currency,
      expected: checkoutTotal(after.checkout),
      expectedCurrency: after.checkout.currency,
      problem:
        after.refusal === 'currency_mismatch'
          ? 'its currency differs from the checkout\u2019s'
          : after.refusal === 'amount_mismatch'
            ? 'the amount differs from the balance due'
            : 'the orders are no longer awaiting payment',
    });
    await sendAfterCommit(deps.mailer, deps.log, { to: deps.staffEmail, ...content });
  }
  return result;
}

/** The receipt with the PDF invoice, after commit; an overpayment's credit is told to the buyer and to staff. */
export async function mailReceipt(deps: ApplyPaymentDeps, paid: PaidMail): Promise<void> {
  const { snapshot } = paid;
  try {
    const pdf = await renderInvoicePdf(snapshot);
    const content = paymentMails.paymentReceived({
      firstName: paid.firstName,
      invoiceNumber: snapshot.number,
      total: snapshot.quote.total,
      currency: snapshot.quote.currency,
      orderUrl: new URL(paymentWebPaths.order(paid.orderId), deps.publicUrl).toString(),
      collect: snapshot.shippingMethod === 'collect',
      credit: paid.credit,
      language: paid.language,
    });
    await sendAfterCommit(deps.mailer, deps.log, {
      to: snapshot.buyer.email,
      ...content,
      attachments: [{ filename: `${snapshot.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (err) {
    deps.log.error({ err, invoice: snapshot.number }, 'receipt not sent');
  }
  if (paid.credit > 0) {
    await sendAfterCommit(deps.mailer, deps.log, {
      to: deps.staffEmail,
      ...paymentMails.creditToRefund({
        reference: snapshot.reference,
        credit: paid.credit,
        currency: snapshot.quote.currency,
      }),
    });
  }
}

/** A transfer that left a balance due (the buyer is told what is left and by when), or arrived after the total. */
async function mailBalance(
  deps: ApplyPaymentDeps,
  after: {
    kind: 'partial' | 'credit';
    checkout: CheckoutDbRow;
    balance: Balance;
    amount: number;
    dueAt: Date;
  },
  report: PaymentReport,
): Promise<void> {
  const buyer = await buyerOf(deps.db, after.checkout.user_id);
  const orderUrl = new URL(paymentWebPaths.order(after.checkout.order_ids[0]!), deps.publicUrl).toString();
  const common = {
    firstName: buyer.firstName,
    language: buyer.language,
    currency: after.checkout.currency,
    amount: after.amount,
    orderUrl,
  };
  const content =
    after.kind === 'partial'
      ? paymentMails.partialPayment({
          ...common,
          reference: after.checkout.reference,
          received: after.balance.received,
          balanceDue: after.balance.balanceDue,
          dueAt: after.dueAt,
        })
      : paymentMails.paymentAsCredit({ ...common, credit: after.balance.credit });
  await sendAfterCommit(deps.mailer, deps.log, { to: buyer.email, ...content });
  if (after.kind === 'credit') {
    await sendAfterCommit(deps.mailer, deps.log, {
      to: deps.staffEmail,
      ...paymentMails.creditToRefund({
        reference: after.checkout.reference,
        credit: after.balance.credit,
        currency: after.checkout.currency,
        providerRef: report.providerRef,
      }),
    });
  }
}

/** The dependencies of `applyPayment` from the app's context (the composition root passes them to the providers). */
export function applyPaymentDeps(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  log: FastifyBaseLogger,
): ApplyPaymentDeps {
  const { db, mailer, config } = ctx;
  return { db, mailer, log, publicUrl: config.PUBLIC_URL, staffEmail: config.STAFF_EMAIL };
}
