import type Stripe from 'stripe';
import { paymentProviderMessages as pm } from '@knotwork/shared/schemas/payment-providers';
import { badRequest } from '../../../../lib/http-error.ts';
import { isUuid } from '../../../../db/raw.ts';
import { applyPayment } from '../../payments/apply-payment.ts';
import type { ProviderDeps } from '../provider-deps.ts';
import { findCheckout } from '../../checkout/checkout-repository.ts';
import {
  checkoutOfProviderOrder,
  DuplicateEvent,
  recordEvent,
  recordEventOrThrow,
} from '../provider-repository.ts';
import { recordReportedRefund } from '../reported-refund.ts';

/** Stripe's own default: an event signed more than 5 minutes ago is refused (a replayed capture of the request). */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** Verifies the signature over the raw body; anything unsigned, forged, stale or malformed is a 400. */
export function verifyStripeEvent(
  stripe: Stripe,
  secret: string,
  raw: Buffer,
  signature: string | string[] | undefined,
): Stripe.Event {
  if (typeof signature !== 'string' || signature.length === 0) throw badRequest(pm.webhookSignatureInvalid);
  try {
    return stripe.webhooks.constructEvent(raw, signature, secret, STRIPE_TOLERANCE_SECONDS);
  } catch {
    throw badRequest(pm.webhookSignatureInvalid);
  }
}

const refundableStatus = (status: string | null | undefined) => status === 'succeeded';
/** Metadata key on the refunds our staff refund creates (see `recordReportedRefund`). */
export const STAFF_REFUND_MARK = 'knotwork';
const staffRefundCreatedMs = (refund: Stripe.Refund) =>
  refund.metadata?.[STAFF_REFUND_MARK] === 'staff' ? refund.created * 1000 : null;

/**
 * Handles one verified event, at most once by its id: a payment through `applyPayment` with the event id recorded
 * in the same transaction; a refund through `refundOrder` (recorded once by its refund id); anything else is only
 * recorded. Answers what happened, for the log.
 */
export async function handleStripeEvent(
  deps: ProviderDeps,
  stripe: Stripe,
  event: Stripe.Event,
): Promise<string> {
  const { db } = deps;
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const checkoutId = intent.metadata?.checkoutId;
      // Another application's payment on the same Stripe account: only recorded.
      if (!checkoutId || !isUuid(checkoutId) || !(await findCheckout(db, checkoutId))) break;
      try {
        const result = await applyPayment(deps.payments, {
          checkoutId,
          provider: 'stripe',
          providerRef: intent.id,
          amount: intent.amount_received,
          currency: intent.currency,
          inTransaction: recordEventOrThrow('stripe', event.id, event.type),
        });
        if (result.outcome === 'duplicate') await recordEvent(db, 'stripe', event.id, event.type);
        return result.outcome;
      } catch (err) {
        if (err instanceof DuplicateEvent) return 'duplicate event';
        throw err;
      }
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) break;
      // The charge no longer lists its refunds (recent API versions): ask for them, each recorded once by its id.
      const refunds = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
      const known = Boolean(await checkoutOfProviderOrder(db, 'stripe', intentId));
      const outcomes: string[] = [];
      for (const refund of refunds.data.filter((r) => refundableStatus(r.status))) {
        outcomes.push(
          await recordReportedRefund(deps, {
            provider: 'stripe',
            paymentRef: intentId,
            refundRef: refund.id,
            amount: refund.amount,
            knownCheckout: known,
            staffRefundCreatedMs: staffRefundCreatedMs(refund),
            eventId: event.id,
            type: event.type,
          }),
        );
      }
      await recordEvent(db, 'stripe', event.id, event.type);
      return outcomes.join(',') || 'no refund';
    }
    case 'refund.created':
    case 'refund.updated':
    case 'charge.refund.updated': {
      const refund = event.data.object;
      const intentId =
        typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
      if (!intentId || !refundableStatus(refund.status)) break;
      return recordReportedRefund(deps, {
        provider: 'stripe',
        paymentRef: intentId,
        refundRef: refund.id,
        amount: refund.amount,
        knownCheckout: Boolean(await checkoutOfProviderOrder(db, 'stripe', intentId)),
        staffRefundCreatedMs: staffRefundCreatedMs(refund),
        eventId: event.id,
        type: event.type,
      });
    }
    default:
      // payment_intent.payment_failed and the rest: nothing is paid; the record shows the event arrived.
      break;
  }
  const fresh = await recordEvent(db, 'stripe', event.id, event.type);
  return fresh ? 'recorded' : 'duplicate event';
}
