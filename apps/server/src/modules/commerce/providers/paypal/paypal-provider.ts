import { paypalConfigured } from '../../../../config/payment-env.ts';
import type { ProviderDeps } from '../provider-deps.ts';
import { createPaypalClient } from './paypal-client.ts';
import { createPaypalService } from './paypal-service.ts';

/**
 * PayPal for this app, or null without PAYPAL_CLIENT_ID (its routes then answer 404): the REST client, the service
 * the routes use, and the refund gateway staff refunds go through. Built once, in the composition root.
 */
export function createPaypalProvider(deps: ProviderDeps) {
  if (!paypalConfigured(deps.config)) return null;
  const paypal = createPaypalClient(deps.config);
  deps.refundGateways.paypal = async ({ providerRef, amount, currency, idempotencyKey }) => {
    const refund = await paypal.refundCapture(providerRef, { amount, currency, idempotencyKey });
    return { refundRef: refund.id };
  };
  return { paypal, service: createPaypalService(deps, paypal), deps };
}
export type PaypalProvider = NonNullable<ReturnType<typeof createPaypalProvider>>;
