import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { paymentProviderMessages as pm } from '@knotwork/shared/schemas/payment-providers';
import type { CheckoutRequest } from '@knotwork/shared/schemas/payments';
import { HttpError, conflict, notFound } from '../../../../lib/http-error.ts';
import { applyPayment, type ApplyPaymentDeps } from '../../payments/apply-payment.ts';
import type { ProviderDeps } from '../provider-deps.ts';
import { checkoutPricing, openCheckout } from '../../checkout/checkout-service.ts';
import { maskCard } from '../../../auth/user-mapper.ts';
import {
  providerOrderOf,
  savedCardOf,
  setProviderOrder,
  setSavedCard,
  setStripeCustomer,
} from '../provider-repository.ts';
import { intentStatus, stripeKeys, type IntentStatus } from './stripe-client.ts';
import { webPaths } from '@knotwork/shared/constants/web-paths';

/** A provider that cannot be reached or refuses our call: 502, nothing charged (the retry sends the same key). */
export function providerFailure(log: FastifyBaseLogger, err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  log.error({ err }, 'payment provider call failed');
  return new HttpError(502, pm.providerError);
}

/** A succeeded PaymentIntent applied to its checkout (the webhook's later report of it is then a duplicate). */
export function applySucceededIntent(
  payments: ApplyPaymentDeps,
  checkoutId: string,
  intent: Stripe.PaymentIntent,
) {
  return applyPayment(payments, {
    checkoutId,
    provider: 'stripe',
    providerRef: intent.id,
    amount: intent.amount_received,
    currency: intent.currency,
  });
}

export function createStripeService(deps: ProviderDeps, stripe: Stripe) {
  const { db, config, log } = deps;

  async function customerOf(userId: string): Promise<string> {
    const saved = await savedCardOf(db, userId);
    if (!saved) throw notFound(pm.noSavedCard);
    if (saved.stripe_customer_id) return saved.stripe_customer_id;
    const customer = await stripe.customers.create(
      { email: saved.email, metadata: { userId } },
      { idempotencyKey: stripeKeys.customer(userId) },
    );
    return setStripeCustomer(db, userId, customer.id);
  }

  return {
    /**
     * Opens (or finds) the checkout, then creates its one PaymentIntent for the server's total, keyed on the
     * checkout id. With the saved card the server confirms it; a succeeded intent is applied at once (the webhook
     * that follows is then a duplicate), otherwise the webhook marks the orders paid.
     */
    async createPaymentIntent(userId: string, req: CheckoutRequest, useSavedCard: boolean) {
      const saved = useSavedCard ? await savedCardOf(db, userId) : undefined;
      if (useSavedCard && !saved?.stripe_payment_method_id)
        throw conflict(pm.noSavedCard, { code: 'NO_SAVED_CARD' });
      const pricing = await checkoutPricing(deps.settings, config.CURRENCY);
      const checkout = await db.transaction((tx) => openCheckout(tx, userId, req, 'stripe', pricing));
      const amount = Number(checkout.total);
      try {
        const existing = await providerOrderOf(db, checkout.id);
        let intent = existing
          ? await stripe.paymentIntents.retrieve(existing)
          : await stripe.paymentIntents.create(
              {
                amount,
                currency: checkout.currency.toLowerCase(),
                automatic_payment_methods: { enabled: true },
                description: `Knotwork ${checkout.reference}`,
                metadata: { checkoutId: checkout.id, reference: checkout.reference },
              },
              { idempotencyKey: stripeKeys.paymentIntent(checkout.id) },
            );
        if (!existing) await setProviderOrder(db, checkout.id, intent.id);
        if (
          useSavedCard &&
          saved?.stripe_payment_method_id &&
          intentStatus(intent.status) === 'requires_payment_method'
        ) {
          const customer = saved.stripe_customer_id!;
          if (intent.customer !== customer) {
            intent = await stripe.paymentIntents.update(
              intent.id,
              { customer },
              { idempotencyKey: stripeKeys.attachCustomer(checkout.id, customer) },
            );
          }
          intent = await stripe.paymentIntents.confirm(
            intent.id,
            {
              payment_method: saved.stripe_payment_method_id,
              return_url: new URL(webPaths.paymentSuccess.href(), config.PUBLIC_URL).toString(),
            },
            { idempotencyKey: stripeKeys.confirmSaved(checkout.id, saved.stripe_payment_method_id) },
          );
        }
        if (intent.status === 'succeeded') await applySucceededIntent(deps.payments, checkout.id, intent);
        const status: IntentStatus = intentStatus(intent.status);
        return { checkoutId: checkout.id, clientSecret: intent.client_secret ?? '', status };
      } catch (err) {
        throw providerFailure(log, err);
      }
    },

    async setupIntent(userId: string) {
      try {
        const customer = await customerOf(userId);
        const intent = await stripe.setupIntents.create({
          customer,
          usage: 'off_session',
          automatic_payment_methods: { enabled: true },
        });
        return { clientSecret: intent.client_secret ?? '' };
      } catch (err) {
        throw providerFailure(log, err);
      }
    },

    /** Stores the card a confirmed SetupIntent of this buyer's customer holds: ids, brand and last four only. */
    async saveCard(userId: string, setupIntentId: string) {
      const saved = await savedCardOf(db, userId);
      let intent: Stripe.SetupIntent;
      try {
        intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) throw notFound(pm.noSavedCard);
        throw providerFailure(log, err);
      }
      const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
      // Someone else's SetupIntent answers like a missing one.
      if (!saved?.stripe_customer_id || customer !== saved.stripe_customer_id) throw notFound(pm.noSavedCard);
      const method = intent.payment_method;
      if (intent.status !== 'succeeded' || !method || typeof method === 'string' || !method.card) {
        throw conflict(pm.cardNotReady, { code: 'CARD_NOT_READY' });
      }
      const previous = saved.stripe_payment_method_id;
      await setSavedCard(db, userId, {
        paymentMethodId: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
      });
      if (previous && previous !== method.id)
        await stripe.paymentMethods
          .detach(previous)
          .catch((err: unknown) => log.warn({ err }, 'old card not detached'));
      return { cardNumber: maskCard(method.card.last4, method.card.brand)! };
    },

    async deleteCard(userId: string) {
      const saved = await savedCardOf(db, userId);
      if (!saved?.stripe_payment_method_id) throw notFound(pm.noSavedCard);
      try {
        await stripe.paymentMethods.detach(saved.stripe_payment_method_id);
      } catch (err) {
        // Already detached at Stripe: forgetting it here is what the buyer asked for.
        if ((err as { code?: string }).code !== 'resource_missing') throw providerFailure(log, err);
      }
      await setSavedCard(db, userId, null);
    },
  };
}
export type StripeService = ReturnType<typeof createStripeService>;
