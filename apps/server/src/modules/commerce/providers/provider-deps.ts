import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../app-context.ts';
import type { Config } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import type { ApplyPaymentDeps } from '../payments/apply-payment.ts';
import type { RefundGateways } from '../refunds/refund-gateways.ts';

/** What the Stripe and PayPal services and webhooks use, passed in by the composition root (services.ts). */
export interface ProviderDeps {
  db: Db;
  config: Config;
  /** The house settings (checkout pricing reads the shipping and premium settings). */
  settings: AppContext['settings'];
  log: FastifyBaseLogger;
  /** What `applyPayment` needs: the database, the mailer, the site and staff addresses. */
  payments: ApplyPaymentDeps;
  /** The app's refund gateways: a provider registers its own; a refund the provider reports goes through them. */
  refundGateways: RefundGateways;
}
