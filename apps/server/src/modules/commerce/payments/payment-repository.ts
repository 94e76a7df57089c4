import { sql } from 'drizzle-orm';
import type { PaymentProvider } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/raw.ts';
import type { CheckoutDbRow } from '../checkout/checkout-repository.ts';

export type Refusal = 'amount_mismatch' | 'currency_mismatch' | 'not_payable';

/** The applied payment recorded under a provider's reference, if any. */
export async function appliedPaymentByRef(
  tx: Db,
  provider: PaymentProvider,
  providerRef: string,
): Promise<{ id: string; checkout_id: string; amount: string | number; currency: string } | undefined> {
  const [seen] = await rows<{ id: string; checkout_id: string; amount: string | number; currency: string }>(
    tx,
    sql`select id, checkout_id, amount, currency from payments
        where provider = ${provider} and provider_ref = ${providerRef} and status = 'applied'`,
  );
  return seen;
}

/**
 * Appends a reported payment, applied or refused. A concurrent report of the same payment on another checkout
 * waits on the unique index, then does nothing: undefined then (an applied one under that reference exists).
 */
export async function insertPayment(
  tx: Db,
  p: {
    checkoutId: string;
    provider: PaymentProvider;
    providerRef: string;
    amount: number;
    currency: string;
    refusal: Refusal | null;
    recordedBy: string | null;
  },
): Promise<string | undefined> {
  const [payment] = await rows<{ id: string }>(
    tx,
    sql`insert into payments (checkout_id, provider, provider_ref, amount, currency, status, refusal, recorded_by)
        values (${p.checkoutId}::uuid, ${p.provider}, ${p.providerRef}, ${p.amount}, ${p.currency},
          ${p.refusal ? 'refused' : 'applied'}, ${p.refusal}, ${p.recordedBy}::uuid)
        on conflict (provider, provider_ref) where status = 'applied' do nothing
        returning id`,
  );
  return payment?.id;
}

/** Appends a write-off or a credit refund to a checkout's ledger (never edited). */
export async function insertAdjustment(
  tx: Db,
  a: {
    checkout: CheckoutDbRow;
    kind: 'write_off' | 'credit_refund';
    amount: number;
    reason: string;
    staffId: string;
    idempotencyKey: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into payment_adjustments (checkout_id, kind, amount, currency, reason, staff_id, idempotency_key)
        values (${a.checkout.id}::uuid, ${a.kind}, ${a.amount}, ${a.checkout.currency}, ${a.reason}, ${a.staffId}::uuid, ${a.idempotencyKey})`,
  );
}
