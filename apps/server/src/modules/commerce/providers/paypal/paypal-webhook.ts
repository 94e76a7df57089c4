import type { ProviderDeps } from '../provider-deps.ts';
import { paymentProviderMessages as pm } from '@knotwork/shared/schemas/payment-providers';
import { badRequest } from '../../../../lib/http-error.ts';
import { isUuid } from '../../../../db/raw.ts';
import { findCheckout } from '../../checkout/checkout-repository.ts';
import {
  checkoutOfProviderOrder,
  DuplicateEvent,
  recordEvent,
  recordEventOrThrow,
} from '../provider-repository.ts';
import { recordReportedRefund } from '../reported-refund.ts';
import {
  fromPaypalValue,
  PAYPAL_STAFF_REFUND,
  type PaypalCapture,
  type PaypalClient,
  type PaypalMoney,
} from './paypal-client.ts';
import { applyCapture } from './paypal-service.ts';

interface PaypalEvent {
  id: string;
  event_type: string;
  resource: Record<string, unknown>;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string => {
  const value = headers[name];
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096)
    throw badRequest(pm.webhookSignatureInvalid);
  return value;
};

/**
 * Verifies an event with PayPal's own verify-webhook-signature call (against PAYPAL_WEBHOOK_ID): anything missing a
 * transmission header, or not answered SUCCESS, is a 400 and changes nothing.
 */
export async function verifyPaypalEvent(
  paypal: PaypalClient,
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<PaypalEvent> {
  const input = {
    authAlgo: header(headers, 'paypal-auth-algo'),
    certUrl: header(headers, 'paypal-cert-url'),
    transmissionId: header(headers, 'paypal-transmission-id'),
    transmissionSig: header(headers, 'paypal-transmission-sig'),
    transmissionTime: header(headers, 'paypal-transmission-time'),
  };
  let event: PaypalEvent;
  try {
    event = JSON.parse(raw.toString('utf8')) as PaypalEvent;
  } catch {
    throw badRequest(pm.webhookPayloadInvalid);
  }
  if (
    !event ||
    typeof event.id !== 'string' ||
    typeof event.event_type !== 'string' ||
    typeof event.resource !== 'object' ||
    !event.resource
  ) {
    throw badRequest(pm.webhookPayloadInvalid);
  }
  const verdict = await paypal.verifyWebhookSignature({ ...input, webhookEvent: event }).catch(() => null);
  if (verdict?.verification_status !== 'SUCCESS') throw badRequest(pm.webhookSignatureInvalid);
  return event;
}

/** The capture a refund belongs to: its `up` link (…/v2/payments/captures/{id}). */
function captureOfRefund(resource: Record<string, unknown>): string | null {
  const links = Array.isArray(resource.links) ? (resource.links as { rel?: string; href?: string }[]) : [];
  const up = links.find((l) => l.rel === 'up')?.href ?? '';
  return /\/captures\/([^/?#]+)/.exec(up)?.[1] ?? null;
}

export async function handlePaypalEvent(deps: ProviderDeps, event: PaypalEvent): Promise<string> {
  const { db } = deps;
  if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') {
    const capture = event.resource as unknown as PaypalCapture & {
      supplementary_data?: { related_ids?: { order_id?: string } };
    };
    const orderId = capture.supplementary_data?.related_ids?.order_id;
    const checkoutId =
      capture.custom_id ?? (orderId ? (await checkoutOfProviderOrder(db, 'paypal', orderId))?.id : undefined);
    if (
      checkoutId &&
      isUuid(checkoutId) &&
      (await findCheckout(db, checkoutId)) &&
      typeof capture.id === 'string' &&
      capture.amount
    ) {
      try {
        return (
          await applyCapture(
            deps,
            checkoutId,
            capture,
            recordEventOrThrow('paypal', event.id, event.event_type),
          )
        ).outcome;
      } catch (err) {
        if (err instanceof DuplicateEvent) return 'duplicate event';
        throw err;
      }
    }
  } else if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED') {
    const refund = event.resource as {
      id?: string;
      amount?: PaypalMoney;
      status?: string;
      custom_id?: string;
      create_time?: string;
    };
    const captureId = captureOfRefund(event.resource);
    if (captureId && refund.id && refund.amount && (refund.status ?? 'COMPLETED') === 'COMPLETED') {
      return recordReportedRefund(deps, {
        provider: 'paypal',
        paymentRef: captureId,
        refundRef: refund.id,
        amount: fromPaypalValue(refund.amount.value, refund.amount.currency_code),
        // This webhook carries only our app's payments: a capture not recorded yet (events out of order) is retried.
        knownCheckout: true,
        staffRefundCreatedMs:
          refund.custom_id === PAYPAL_STAFF_REFUND
            ? Date.parse(refund.create_time ?? '') || Date.now()
            : null,
        eventId: event.id,
        type: event.event_type,
      });
    }
  }
  // PAYMENT.CAPTURE.DENIED, PENDING and the rest: nothing is paid; the record shows the event arrived.
  return (await recordEvent(db, 'paypal', event.id, event.event_type)) ? 'recorded' : 'duplicate event';
}
