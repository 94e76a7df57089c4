import { paymentProviderMessages as pm } from '@knotwork/shared/schemas/payment-providers';
import { paymentMessages as m, type CheckoutRequest } from '@knotwork/shared/schemas/payments';
import { conflict, notFound } from '../../../../lib/http-error.ts';
import { applyPayment, type ApplyOutcome, type PaymentReport } from '../../payments/apply-payment.ts';
import { findCheckout } from '../../checkout/checkout-repository.ts';
import { checkoutPricing, openCheckout } from '../../checkout/checkout-service.ts';
import { providerOrderOf, setProviderOrder } from '../provider-repository.ts';
import { providerFailure } from '../stripe/stripe-service.ts';
import type { ProviderDeps } from '../provider-deps.ts';
import { fromPaypalValue, PaypalError, type PaypalCapture, type PaypalClient } from './paypal-client.ts';

/** Applies a completed PayPal capture: its amount (a decimal string) back to cents, checked by `applyPayment`. */
export function applyCapture(
  deps: Pick<ProviderDeps, 'payments'>,
  checkoutId: string,
  capture: PaypalCapture,
  inTransaction?: PaymentReport['inTransaction'],
): Promise<ApplyOutcome> {
  return applyPayment(deps.payments, {
    checkoutId,
    provider: 'paypal',
    providerRef: capture.id,
    amount: fromPaypalValue(capture.amount.value, capture.amount.currency_code),
    currency: capture.amount.currency_code,
    ...(inTransaction ? { inTransaction } : {}),
  });
}

export function createPaypalService(deps: ProviderDeps, paypal: PaypalClient) {
  const { db, config, log } = deps;
  return {
    /** Opens (or finds) the checkout and its one PayPal order for the server's total (PayPal-Request-Id from the checkout). */
    async createPayment(userId: string, req: CheckoutRequest) {
      const pricing = await checkoutPricing(deps.settings, config.CURRENCY);
      const checkout = await db.transaction((tx) => openCheckout(tx, userId, req, 'paypal', pricing));
      const existing = await providerOrderOf(db, checkout.id);
      if (existing) return { checkoutId: checkout.id, paypalOrderId: existing };
      try {
        const order = await paypal.createOrder({
          checkoutId: checkout.id,
          reference: checkout.reference,
          amount: Number(checkout.total),
          currency: checkout.currency,
        });
        await setProviderOrder(db, checkout.id, order.id);
        return {
          checkoutId: checkout.id,
          paypalOrderId: (await providerOrderOf(db, checkout.id)) ?? order.id,
        };
      } catch (err) {
        throw providerFailure(log, err);
      }
    },

    /**
     * Captures the buyer's approved order (PayPal-Request-Id from the checkout, so a retry returns the same capture)
     * and applies it; the PAYMENT.CAPTURE.COMPLETED webhook racing it finds the payment already recorded.
     */
    async capture(userId: string, checkoutId: string, paypalOrderId: string) {
      const checkout = await findCheckout(db, checkoutId);
      if (!checkout || checkout.user_id !== userId || checkout.method !== 'paypal')
        throw notFound(m.checkoutNotFound);
      if ((await providerOrderOf(db, checkoutId)) !== paypalOrderId)
        throw conflict(pm.paypalOrderMismatch, { code: 'PAYPAL_ORDER_MISMATCH' });
      if (checkout.status === 'paid') return { checkoutId, status: 'paid' as const };
      let order;
      try {
        order = await paypal.captureOrder(paypalOrderId, checkoutId);
      } catch (err) {
        // 422 ORDER_NOT_APPROVED / INSTRUMENT_DECLINED: the buyer must choose again; nothing was taken.
        if (err instanceof PaypalError && err.status === 422)
          throw conflict(pm.providerError, { code: 'PAYPAL_NOT_CAPTURED' });
        throw providerFailure(log, err);
      }
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      if (!capture || capture.status !== 'COMPLETED') return { checkoutId, status: 'pending' as const };
      const result = await applyCapture(deps, checkoutId, capture);
      if (result.outcome === 'refused')
        throw conflict(
          result.refusal === 'not_payable' ? m.paymentRefusedNotPayable : m.paymentRefusedAmount,
        );
      return { checkoutId, status: 'paid' as const };
    },
  };
}
