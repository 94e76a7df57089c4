import type { PaymentProvider } from '@knotwork/shared/schemas/payments';
import type { RefundGateway } from './refunds.ts';

/**
 * The refund gateways of one app, one per card or PayPal provider the house configured (bank transfers need none).
 * The composition root (services.ts) makes the one object; a provider (providers/stripe, providers/paypal) sets its
 * own when it is built, and the staff refund and the reported refunds read it when a refund is asked for.
 */
export type RefundGateways = Partial<Record<PaymentProvider, RefundGateway>>;
