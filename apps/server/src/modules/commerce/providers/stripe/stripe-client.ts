import Stripe from 'stripe';
import type { Config } from '../../../../config/env.ts';

/**
 * The official SDK, pointed at STRIPE_API_URL when set (the tests' local fake). Its own retries resend the same
 * Idempotency-Key, so a retried create or refund never charges twice.
 */
export function createStripeClient(config: Config): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  };
  if (config.STRIPE_API_URL) {
    const url = new URL(config.STRIPE_API_URL);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(config.STRIPE_SECRET_KEY!, options);
}

/** Idempotency keys derived from our checkout attempt: the same attempt always sends the same key. */
export const stripeKeys = {
  paymentIntent: (checkoutId: string) => `knotwork-checkout-${checkoutId}-intent`,
  confirmSaved: (checkoutId: string, paymentMethodId: string) =>
    `knotwork-checkout-${checkoutId}-confirm-${paymentMethodId}`,
  attachCustomer: (checkoutId: string, customerId: string) =>
    `knotwork-checkout-${checkoutId}-customer-${customerId}`,
  customer: (userId: string) => `knotwork-user-${userId}-customer`,
};

export type IntentStatus = 'requires_payment_method' | 'requires_action' | 'succeeded' | 'processing';

/** Stripe's statuses folded into the four the checkout page acts on. */
export function intentStatus(status: Stripe.PaymentIntent.Status): IntentStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'requires_action') return 'requires_action';
  if (status === 'processing' || status === 'requires_capture') return 'processing';
  return 'requires_payment_method';
}
