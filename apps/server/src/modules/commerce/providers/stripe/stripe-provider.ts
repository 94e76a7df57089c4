import type { FastifyInstance } from 'fastify';
import { stripeConfigured } from '../../../../config/payment-env.ts';
import { refundGateways } from '../../refunds/refund-gateways.ts';
import { createStripeClient } from './stripe-client.ts';
import { createStripeService } from './stripe-service.ts';
import { STAFF_REFUND_MARK } from './stripe-webhook.ts';

/**
 * Stripe for this app, or null without STRIPE_SECRET_KEY (its routes then answer 404): the client, the service the
 * routes use, and the card refund gateway staff refunds go through. Built once, in the composition root.
 */
export function createStripeProvider(app: FastifyInstance) {
  const { config } = app.ctx;
  if (!stripeConfigured(config)) return null;
  const stripe = createStripeClient(config);
  refundGateways(app.ctx).stripe = async ({ providerRef, amount, idempotencyKey }) => {
    const refund = await stripe.refunds.create(
      { payment_intent: providerRef, amount, metadata: { [STAFF_REFUND_MARK]: 'staff' } },
      { idempotencyKey: `knotwork-${idempotencyKey}` },
    );
    return { refundRef: refund.id };
  };
  return { stripe, service: createStripeService(app, stripe) };
}
export type StripeProvider = NonNullable<ReturnType<typeof createStripeProvider>>;
