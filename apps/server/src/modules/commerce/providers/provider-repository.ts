import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { num, rows } from '../../../db/raw.ts';

export type ProviderName = 'stripe' | 'paypal';

/** A replayed webhook: its event id is already recorded. Thrown inside the paying transaction to roll it back. */
export class DuplicateEvent extends Error {}

/**
 * Records a provider event id; false when it was already recorded. A concurrent delivery of the same event waits
 * on the primary key until the first transaction ends, then sees it.
 */
export async function recordEvent(
  tx: Db,
  provider: ProviderName,
  eventId: string,
  type: string,
): Promise<boolean> {
  const inserted = await rows<{ event_id: string }>(
    tx,
    sql`insert into webhook_events (provider, event_id, type) values (${provider}, ${eventId}, ${type})
        on conflict do nothing returning event_id`,
  );
  return inserted.length > 0;
}

/** The hook for `applyPayment`'s `inTransaction`: the event id is recorded with the state change, or not at all. */
export const recordEventOrThrow =
  (provider: ProviderName, eventId: string, type: string) => async (tx: Db) => {
    if (!(await recordEvent(tx, provider, eventId, type))) throw new DuplicateEvent(eventId);
  };

export async function providerOrderOf(db: Db, checkoutId: string): Promise<string | null> {
  const [row] = await rows<{ provider_order_id: string | null }>(
    db,
    sql`select provider_order_id from checkouts where id = ${checkoutId}::uuid`,
  );
  return row?.provider_order_id ?? null;
}

/** Keeps the first provider object of a checkout (a concurrent retry created the same one, by idempotency key). */
export async function setProviderOrder(db: Db, checkoutId: string, providerOrderId: string): Promise<void> {
  await db.execute(
    sql`update checkouts set provider_order_id = coalesce(provider_order_id, ${providerOrderId}), updated_at = clock_timestamp()
        where id = ${checkoutId}::uuid`,
  );
}

export async function checkoutOfProviderOrder(db: Db, method: ProviderName, providerOrderId: string) {
  const [row] = await rows<{ id: string; user_id: string }>(
    db,
    sql`select id, user_id from checkouts where method = ${method} and provider_order_id = ${providerOrderId}`,
  );
  return row;
}

export interface SavedCardRow {
  email: string;
  stripe_customer_id: string | null;
  stripe_payment_method_id: string | null;
}

export async function savedCardOf(db: Db, userId: string): Promise<SavedCardRow | undefined> {
  const [row] = await rows<SavedCardRow>(
    db,
    sql`select email, stripe_customer_id, stripe_payment_method_id from users where id = ${userId}::uuid`,
  );
  return row;
}

export async function setStripeCustomer(db: Db, userId: string, customerId: string): Promise<string> {
  const [row] = await rows<{ stripe_customer_id: string }>(
    db,
    sql`update users set stripe_customer_id = coalesce(stripe_customer_id, ${customerId}) where id = ${userId}::uuid
        returning stripe_customer_id`,
  );
  return row!.stripe_customer_id;
}

export async function setSavedCard(
  db: Db,
  userId: string,
  card: { paymentMethodId: string; brand: string; last4: string } | null,
): Promise<void> {
  await db.execute(
    sql`update users set stripe_payment_method_id = ${card?.paymentMethodId ?? null}, card_brand = ${card?.brand ?? null},
          card_last4 = ${card?.last4 ?? null}, updated_at = clock_timestamp()
        where id = ${userId}::uuid`,
  );
}

/** The applied payment a provider refund belongs to, with its checkout's orders and what is left to refund on each. */
export async function refundableOrders(db: Db, provider: ProviderName, paymentRef: string) {
  return (
    await rows<{ order_id: string; left: string | number }>(
      db,
      sql`select o.id as order_id, coalesce(o.total, 0) - o.refunded_amount as left
          from payments p join orders o on o.checkout_id = p.checkout_id
          where p.provider = ${provider} and p.provider_ref = ${paymentRef} and p.status = 'applied'
          order by o.id`,
    )
  ).map((r) => ({ orderId: r.order_id, left: num(r.left) }));
}

/** True when a provider refund is already recorded (whole, or split over several orders as `ref:n`). */
export async function refundRecorded(db: Db, provider: ProviderName, refundRef: string): Promise<boolean> {
  const found = await rows<{ id: string }>(
    db,
    sql`select id from refunds where provider = ${provider} and (provider_ref = ${refundRef} or provider_ref like ${`${refundRef}:%`}) limit 1`,
  );
  return found.length > 0;
}
