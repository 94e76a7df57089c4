import type { ProviderDeps } from './provider-deps.ts';
import { conflict } from '../../../lib/http-error.ts';
import { refundOrder, STAFF_REFUND_GRACE_MS } from '../refunds/refunds.ts';
import { recordEvent, refundableOrders, refundRecorded, type ProviderName } from './provider-repository.ts';

export const paymentNotYetRecorded =
  'The payment of this refund is not recorded yet: deliver the event again later';
export const staffRefundInProgress =
  'This refund was made by staff and is being recorded: deliver the event again later';

/**
 * A refund the provider reports (made by our staff refund, or in the provider's dashboard): recorded once by its
 * refund id. A checkout paying several orders is refunded order by order (ids in order), each taking what is left
 * on it, the parts numbered `ref:1`, `ref:2`. A refund whose payment is not applied yet (events out of order) answers
 * 409, so the provider delivers it again later; one of a payment that is not ours is ignored.
 */
export async function recordReportedRefund(
  deps: Pick<ProviderDeps, 'db' | 'refundGateways'>,
  input: {
    provider: ProviderName;
    paymentRef: string;
    refundRef: string;
    amount: number;
    knownCheckout: boolean;
    eventId: string;
    type: string;
    /** When the refund was made by our staff refund (marked so at the provider): its creation time in ms. */
    staffRefundCreatedMs?: number | null;
  },
): Promise<'recorded' | 'duplicate' | 'ignored'> {
  const { db } = deps;
  if (await refundRecorded(db, input.provider, input.refundRef)) {
    await recordEvent(db, input.provider, input.eventId, input.type);
    return 'duplicate';
  }
  // The staff refund that made it records it with the staff member and the chosen order; its event may arrive
  // before that transaction commits. Only if it never does (a crash) does the event record it, after a while.
  if (input.staffRefundCreatedMs != null && Date.now() - input.staffRefundCreatedMs < STAFF_REFUND_GRACE_MS) {
    throw conflict(staffRefundInProgress, { code: 'REFUND_BEING_RECORDED' });
  }
  const orders = await refundableOrders(db, input.provider, input.paymentRef);
  if (orders.length === 0) {
    if (input.knownCheckout) throw conflict(paymentNotYetRecorded, { code: 'PAYMENT_NOT_RECORDED' });
    await recordEvent(db, input.provider, input.eventId, input.type);
    return 'ignored';
  }
  let remaining = input.amount;
  let part = 0;
  for (const order of orders) {
    if (remaining <= 0) break;
    const take = Math.min(order.left, remaining);
    if (take <= 0) continue;
    await refundOrder(db, deps.refundGateways, {
      staffId: null,
      orderId: order.orderId,
      amount: take,
      reason: `Refunded at ${input.provider === 'stripe' ? 'Stripe' : 'PayPal'} (${input.refundRef})`,
      reportedRefundRef: part === 0 ? input.refundRef : `${input.refundRef}:${part}`,
    });
    remaining -= take;
    part += 1;
  }
  await recordEvent(db, input.provider, input.eventId, input.type);
  return 'recorded';
}
