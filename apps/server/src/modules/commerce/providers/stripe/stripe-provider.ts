import { stripeConfigured } from '../../../../config/payment-env.ts';
import type { ProviderDeps } from '../provider-deps.ts';
import { createStripeClient } from './stripe-client.ts';
import { createStripeService } from './stripe-service.ts';
import { STAFF_REFUND_MARK } from './stripe-webhook.ts';

/**
 * Stripe for this app, or null without STRIPE_SECRET_KEY (its routes then answer 404): the client, the service the
 * routes use, and the card refund gateway staff refunds go through. Built once, in the composition root.
 */
export function createStripeProvider(deps: ProviderDeps) {
  if (!stripeConfigured(deps.config)) return null;
  const stripe = createStripeClient(deps.config);
  deps.refundGateways.stripe = async ({ providerRef, amount, idempotencyKey }) => {
    const refund = await stripe.refunds.create(
      { payment_intent: providerRef, amount, metadata: { [STAFF_REFUND_MARK]: 'staff' } },
      { idempotencyKey: `knotwork-${idempotencyKey}` },
    );
    return { refundRef: refund.id };
  };
  return { stripe, service: createStripeService(deps, stripe), deps };
}
export type StripeProvider = NonNullable<ReturnType<typeof createStripeProvider>>;
