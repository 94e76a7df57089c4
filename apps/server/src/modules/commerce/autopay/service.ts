import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { isLanguage } from '@knotwork/shared/constants/languages';
import {
  autopayMessages as m,
  type AutopayAttemptOutcome,
  type AutopayPreference,
  type AutopaySettings,
  type OrderAutopay,
} from '@knotwork/shared/schemas/autopay';
import type { Db } from '../../../db/client.ts';
import { isUuid, num, numOrNull } from '../../../db/raw.ts';
import { HttpError, conflict, notFound } from '../../../lib/http-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { notify, type DeliverNotifications, type PendingNotification } from '../../notifications/notifier.ts';
import { checkoutPricing, openCheckout, type CheckoutPricing } from '../checkout/checkout-service.ts';
import type { CheckoutDbRow } from '../checkout/checkout-repository.ts';
import type { ApplyPaymentDeps } from '../payments/apply-payment.ts';
import { applySucceededIntent } from '../providers/stripe/stripe-service.ts';
import { paymentWebPaths, sendAfterCommit } from '../payment-mails.ts';
import { providerOrderOf, setProviderOrder } from '../providers/provider-repository.ts';
import type { SettingsService } from '../../house-settings/service.ts';
import { autopayFailedMail, autopayFailedNotice, type FailedAttempt } from './notices.ts';
import { autopayRepository as repo, type ClaimedRow, type OrderFactsRow } from './repository.ts';

const HOUR_MS = 3_600_000;
/**
 * After a failed attempt, the next comes this long after it: the second a day after the first, the third two days
 * after that (+24 h and +72 h from the first, decision 096). Never later than an hour before the order's due date;
 * when that leaves no time, autopay stops and the buyer pays on the site.
 */
export const AUTOPAY_RETRY_HOURS = [24, 48] as const;
/** Stripe could not be reached, or its answer was lost: the same attempt (the same Idempotency-Key) again soon. */
const UNREACHABLE_RETRY_MS = 5 * 60_000;
/** An intent the bank is still processing (the buyer paid on the site a moment ago): look again later. */
const PROCESSING_RETRY_MS = 15 * 60_000;

/** The Idempotency-Key of an order's attempt n: every call of that attempt (a retry, a second process) sends it. */
export const autopayKey = (orderId: string, attempt: number) => `knotwork-autopay-${orderId}-${attempt}`;

/** Autopay applies to invoices of a sale: a fixed-price purchase is paid at checkout within its 15-minute hold. */
const eligibleKind = (kind: string) => kind === 'auction' || kind === 'buy_now';

export interface AutopayDeps {
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  deliver: DeliverNotifications;
  publicUrl: string;
  currency: string;
  settings: SettingsService;
  /** What apply-payment needs: a successful charge is applied through it, like the webhook's report of it. */
  payments: ApplyPaymentDeps;
  /** The official SDK (the stand-in in tests); null without STRIPE_SECRET_KEY: nothing is charged. */
  stripe: Stripe | null;
}

/** A Stripe error as the SDK throws it. */
interface StripeErrorLike {
  type?: string;
  code?: string;
  decline_code?: string;
  raw?: { payment_intent?: { id?: string }; decline_code?: string };
}
const isCardError = (e: StripeErrorLike) => e.type === 'StripeCardError' || e.type === 'card_error';

/** What one claimed attempt came to, for the job's report and the tests. */
export type ChargeResult = AutopayAttemptOutcome | 'settled' | 'later';

/**
 * Autopay (issue 29 §4, decision 096). The buyer's account-level choice enrols each new auction or buy-now order;
 * the job charges it off-session `delayHours` after the invoice (Settings) through the same checkout and apply-payment
 * path as a card payment on the site, so a webhook reporting the same PaymentIntent finds it applied. A charge the
 * bank wants the buyer for (SCA) or declines tells them (bell and e-mail, with a link to pay on the site) and is
 * retried on AUTOPAY_RETRY_HOURS; the buyer can switch it off and on again per order while nothing is in flight.
 */
export function createAutopayService(deps: AutopayDeps) {
  const { db, log, stripe } = deps;
  const autopaySettings = async (): Promise<AutopaySettings> => (await deps.settings.get()).autopay;

  async function orderOf(userId: string, orderId: string): Promise<OrderFactsRow> {
    const order = isUuid(orderId) ? await repo.orderFacts(db, orderId) : undefined;
    // Another buyer's order answers like a missing one: ids cannot be probed.
    if (!order || order.user_id !== userId) throw notFound(m.orderNotFound);
    return order;
  }

  /** Whether the buyer's preference enrols this order (the job does so within a second; the page says so at once). */
  const enrolledByPreference = (o: OrderFactsRow) =>
    o.pref_enabled === true &&
    o.pref_enabled_ms !== null &&
    num(o.created_ms) >= num(o.pref_enabled_ms) &&
    o.status === 'awaiting_payment' &&
    eligibleKind(o.kind);

  async function view(o: OrderFactsRow, delayHours: number): Promise<OrderAutopay> {
    const [row, attempts] = await Promise.all([repo.schedule(db, o.id), repo.attempts(db, o.id)]);
    const unpaid = o.status === 'awaiting_payment';
    const eligible = eligibleKind(o.kind) && unpaid;
    let state: OrderAutopay['state'];
    let nextAttemptAt: string | null = null;
    let enabled = false;
    if (!row) {
      if (enrolledByPreference(o)) {
        state = 'scheduled';
        enabled = true;
        nextAttemptAt = new Date(
          Math.max(num(o.created_ms) + delayHours * HOUR_MS, Date.now()),
        ).toISOString();
      } else state = eligible && o.card_on_file ? 'off' : 'unavailable';
    } else {
      enabled = row.enabled;
      const paid = o.status === 'paid' || attempts.some((a) => a.outcome === 'succeeded');
      if (paid) state = 'paid';
      else if (!unpaid) state = 'unavailable';
      else if (row.state === 'failed') state = 'failed';
      else if (row.state === 'charging') state = 'charging';
      else if (!row.enabled) state = 'off';
      else state = row.attempts > 0 ? 'retrying' : 'scheduled';
      if (state === 'scheduled' || state === 'retrying' || state === 'off')
        nextAttemptAt = new Date(num(row.next_attempt_ms)).toISOString();
    }
    const canSwitch =
      eligible && (state === 'scheduled' || state === 'retrying' || (state === 'off' && o.card_on_file));
    return {
      orderId: o.id,
      state,
      enabled,
      canSwitch,
      nextAttemptAt,
      attempts: attempts.map((a) => ({
        attempt: a.attempt,
        outcome: a.outcome,
        declineCode: a.decline_code,
        paymentIntentId: a.payment_intent_id,
        amountCents: numOrNull(a.amount_cents),
        currency: a.currency,
        nextAttemptAt: a.next_attempt_ms === null ? null : new Date(num(a.next_attempt_ms)).toISOString(),
        createdAt: new Date(num(a.created_ms)).toISOString(),
      })),
    };
  }

  /** When the attempt after a failed attempt `n` falls due, or null when none is left before the due date. */
  function nextAttemptAfter(attempt: number, dueMs: number): Date | null {
    const hours = AUTOPAY_RETRY_HOURS[attempt - 1];
    if (hours === undefined) return null;
    const at = Math.min(Date.now() + hours * HOUR_MS, dueMs - HOUR_MS);
    return at > Date.now() + PROCESSING_RETRY_MS ? new Date(at) : null;
  }

  /** Records the outcome; a failure tells the buyer (bell in the same transaction, e-mail after) once per attempt. */
  async function record(
    c: ClaimedRow,
    outcome: AutopayAttemptOutcome,
    details: {
      declineCode?: string | null;
      intent?: Stripe.PaymentIntent | null;
      intentId?: string | null;
      checkout?: CheckoutDbRow | null;
    } = {},
  ): Promise<AutopayAttemptOutcome> {
    const nextAt = outcome === 'succeeded' ? null : nextAttemptAfter(c.attempt, num(c.due_ms));
    const intentId = details.intent?.id ?? details.intentId ?? null;
    const checkout = details.checkout ?? null;
    // Read before the transaction: PGlite has one connection.
    const about = outcome === 'succeeded' ? undefined : await repo.notice(db, c.order_id);
    const told = await db.transaction(async (tx) => {
      const fresh = await repo.recordAttempt(tx, {
        orderId: c.order_id,
        attempt: c.attempt,
        idempotencyKey: autopayKey(c.order_id, c.attempt),
        outcome,
        declineCode: details.declineCode ?? null,
        paymentIntentId: intentId,
        checkoutId: checkout?.id ?? null,
        amountCents: checkout ? num(checkout.total) : null,
        currency: checkout?.currency ?? null,
        nextAt,
      });
      if (!fresh || !about || outcome === 'succeeded') return null;
      const failed: FailedAttempt = {
        orderId: c.order_id,
        rugId: about.rug_id,
        rugTitle: about.rug_title,
        lotNumber: about.lot_number === null ? null : num(about.lot_number),
        amount: checkout ? num(checkout.total) : num(about.item_price),
        currency: checkout?.currency ?? about.currency,
        outcome,
        nextAt,
      };
      const pending: PendingNotification = await notify(tx, c.user_id, autopayFailedNotice(failed));
      return { failed, pending, about };
    });
    if (told) {
      await deps.deliver([told.pending]);
      await sendAfterCommit(deps.mailer, log, {
        to: told.about.email,
        ...autopayFailedMail({
          ...told.failed,
          firstName: told.about.first_name,
          language: isLanguage(told.about.language) ? told.about.language : 'en',
          payUrl: new URL(paymentWebPaths.checkout([c.order_id]), deps.publicUrl).toString(),
        }),
      });
    }
    return outcome;
  }

  /** A succeeded intent goes through apply-payment (once per intent: the webhook's report of it is then a duplicate). */
  async function applied(c: ClaimedRow, intent: Stripe.PaymentIntent, checkout: CheckoutDbRow) {
    await applySucceededIntent(deps.payments, checkout.id, intent);
    return record(c, 'succeeded', { intent, checkout });
  }

  /**
   * One claimed attempt. The checkout is the one the buyer would get on the site for this order, courier to their
   * default address, so a PaymentIntent already on it (an earlier attempt, or the buyer paying on the site) is
   * confirmed again rather than a second one created: one intent can succeed once.
   */
  async function chargeOne(
    stripeClient: Stripe,
    c: ClaimedRow,
    pricing: CheckoutPricing,
  ): Promise<ChargeResult> {
    if (c.order_status !== 'awaiting_payment') {
      await repo.release(db, c.order_id, new Date(), 'done');
      return 'settled';
    }
    if (!c.stripe_payment_method_id || !c.stripe_customer_id) return record(c, 'no_card');
    if (!c.address_id) return record(c, 'no_address');
    let checkout: CheckoutDbRow;
    try {
      checkout = await db.transaction((tx) =>
        openCheckout(
          tx,
          c.user_id,
          { orderIds: [c.order_id], shippingMethod: 'courier', addressId: c.address_id! },
          'stripe',
          pricing,
        ),
      );
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500)
        return record(c, 'checkout_refused', { declineCode: err.extra.code ?? String(err.statusCode) });
      throw err;
    }
    const key = autopayKey(c.order_id, c.attempt);
    const paymentMethod = c.stripe_payment_method_id;
    const customer = c.stripe_customer_id;
    let intent: Stripe.PaymentIntent;
    try {
      const existingId = await providerOrderOf(db, checkout.id);
      const existing = existingId ? await stripeClient.paymentIntents.retrieve(existingId) : null;
      if (existing?.status === 'succeeded') return await applied(c, existing, checkout);
      if (existing && (existing.status === 'processing' || existing.status === 'requires_capture')) {
        await repo.release(db, c.order_id, new Date(Date.now() + PROCESSING_RETRY_MS));
        return 'later';
      }
      if (existing && existing.status !== 'canceled') {
        if (existing.customer !== customer)
          await stripeClient.paymentIntents.update(
            existing.id,
            { customer },
            { idempotencyKey: `${key}-customer` },
          );
        intent = await stripeClient.paymentIntents.confirm(
          existing.id,
          { payment_method: paymentMethod, off_session: true },
          { idempotencyKey: key },
        );
      } else {
        intent = await stripeClient.paymentIntents.create(
          {
            amount: num(checkout.total),
            currency: checkout.currency.toLowerCase(),
            customer,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            // The saved card only: nobody is there to follow a redirect.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: `Knotwork ${checkout.reference} (autopay)`,
            metadata: {
              checkoutId: checkout.id,
              reference: checkout.reference,
              orderId: c.order_id,
              autopayAttempt: String(c.attempt),
            },
          },
          { idempotencyKey: key },
        );
        await setProviderOrder(db, checkout.id, intent.id);
      }
    } catch (err) {
      const e = err as StripeErrorLike;
      if (isCardError(e)) {
        const intentId = e.raw?.payment_intent?.id ?? null;
        // The buyer confirms this same intent on the site (the checkout page finds it on the checkout).
        if (intentId) await setProviderOrder(db, checkout.id, intentId);
        const needsBuyer = e.code === 'authentication_required';
        return record(c, needsBuyer ? 'requires_action' : 'declined', {
          declineCode: needsBuyer ? null : (e.decline_code ?? e.raw?.decline_code ?? e.code ?? null),
          intentId,
          checkout,
        });
      }
      log.warn(
        { err, order: c.order_id, attempt: c.attempt },
        'autopay: Stripe not reached; the same attempt again later',
      );
      await repo.release(db, c.order_id, new Date(Date.now() + UNREACHABLE_RETRY_MS));
      return 'later';
    }
    if (intent.status === 'succeeded') return applied(c, intent, checkout);
    if (intent.status === 'processing') {
      await repo.release(db, c.order_id, new Date(Date.now() + PROCESSING_RETRY_MS));
      return 'later';
    }
    if (intent.status === 'requires_action') return record(c, 'requires_action', { intent, checkout });
    return record(c, 'declined', {
      intent,
      checkout,
      declineCode: intent.last_payment_error?.decline_code ?? null,
    });
  }

  return {
    async preference(userId: string): Promise<AutopayPreference> {
      const [row, settings] = await Promise.all([repo.preference(db, userId), autopaySettings()]);
      return {
        enabled: row?.enabled ?? false,
        cardOnFile: row?.card_on_file ?? false,
        delayHours: settings.delayHours,
      };
    },

    async setPreference(userId: string, enabled: boolean): Promise<AutopayPreference> {
      const row = await repo.preference(db, userId);
      if (enabled && !row?.card_on_file) throw conflict(m.cardRequired, { code: 'NO_SAVED_CARD' });
      await repo.setPreference(db, userId, enabled);
      return this.preference(userId);
    },

    async forOrder(userId: string, orderId: string): Promise<OrderAutopay> {
      const order = await orderOf(userId, orderId);
      return view(order, (await autopaySettings()).delayHours);
    },

    /** Staff's view of any order (the staff route checks the ability). */
    async forStaff(orderId: string): Promise<OrderAutopay> {
      const order = isUuid(orderId) ? await repo.orderFacts(db, orderId) : undefined;
      if (!order) throw notFound(m.orderNotFound);
      return view(order, (await autopaySettings()).delayHours);
    },

    /** The buyer's per-order switch: off stops it; on again while the order is unpaid and nothing is in flight. */
    async switchOrder(userId: string, orderId: string, enabled: boolean): Promise<OrderAutopay> {
      const order = await orderOf(userId, orderId);
      const { delayHours } = await autopaySettings();
      if (!eligibleKind(order.kind)) throw conflict(m.notEligible, { code: 'AUTOPAY_NOT_ELIGIBLE' });
      if (order.status !== 'awaiting_payment') throw conflict(m.notPayable, { code: 'ORDER_NOT_PAYABLE' });
      if (enabled && !order.card_on_file) throw conflict(m.cardRequired, { code: 'NO_SAVED_CARD' });
      const changed = await repo.switchOrder(db, { id: order.id, userId }, enabled, delayHours);
      if (!changed) {
        const row = await repo.schedule(db, order.id);
        if (row?.state === 'charging') throw conflict(m.charging, { code: 'AUTOPAY_CHARGING' });
        throw conflict(m.finished, { code: 'AUTOPAY_FINISHED' });
      }
      return view(order, delayHours);
    },

    /**
     * The job: enrol new orders, close schedules whose order was paid some other way, then charge what is due, a
     * batch at a time (claimed under `for update skip locked`, so concurrent runs share the work, never an order).
     * Answers how many attempts ended, by outcome.
     */
    async runDue(batchSize = 25, maxBatches = 10): Promise<Partial<Record<ChargeResult, number>>> {
      const report: Partial<Record<ChargeResult, number>> = {};
      if (!stripe) return report;
      const settings = await deps.settings.get();
      const pricing = await checkoutPricing(deps.settings, deps.currency);
      await repo.enrol(db, settings.autopay.delayHours, batchSize * maxBatches);
      await repo.finishSettled(db);
      for (let i = 0; i < maxBatches; i += 1) {
        const claimed = await repo.claimDue(db, batchSize);
        for (const c of claimed) {
          let result: ChargeResult;
          try {
            result = await chargeOne(stripe, c, pricing);
          } catch (err) {
            log.error({ err, order: c.order_id }, 'autopay attempt failed; tried again later');
            await repo.release(db, c.order_id, new Date(Date.now() + UNREACHABLE_RETRY_MS));
            result = 'later';
          }
          report[result] = (report[result] ?? 0) + 1;
        }
        if (claimed.length < batchSize) break;
      }
      return report;
    },
  };
}
export type AutopayService = ReturnType<typeof createAutopayService>;
