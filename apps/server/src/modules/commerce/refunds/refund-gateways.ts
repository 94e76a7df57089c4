import type { PaymentProvider } from '@knotwork/shared/schemas/payments';
import type { RefundGateway } from './refunds.ts';

const registry = new WeakMap<object, Partial<Record<PaymentProvider, RefundGateway>>>();

/**
 * The refund gateways of one app (keyed by its `app.ctx`, which every encapsulated plugin shares). A provider module
 * (Stripe, PayPal) sets its own at registration: `refundGateways(app.ctx).stripe = ...`; the staff refund route reads
 * the record when a refund is asked for, so the order of registration does not matter. Bank transfers need none.
 */
export function refundGateways(ctx: object): Partial<Record<PaymentProvider, RefundGateway>> {
  let found = registry.get(ctx);
  if (!found) registry.set(ctx, (found = {}));
  return found;
}
