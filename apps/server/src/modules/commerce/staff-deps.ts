import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RefundGateway } from './refunds/refunds.ts';

/** What the staff order service (staff-service.ts) and each of its parts is built with. */
export interface StaffOrderDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  staffEmail: string;
  mediaBaseUrl: string;
  /** Refunds through the card and PayPal providers, when configured (decision 025). */
  refundGateways?: Partial<Record<PaymentProvider, RefundGateway>>;
  /** The most accounts staff may write off, in cents (house Settings, decision 072). */
  writeOffLimit: () => Promise<number>;
}
