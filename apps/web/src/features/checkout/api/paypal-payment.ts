import type { CheckoutRequest } from '@knotwork/shared/schemas/payments';
import { api } from '@/lib/api-client.ts';

/** POST /payment/paypal/create-payment (pay-contract.md): our server creates the PayPal order for the checkout. */
export async function createPaypalPayment(
  request: CheckoutRequest,
): Promise<{ checkoutId: string; paypalOrderId: string }> {
  return (
    await api<{ data: { checkoutId: string; paypalOrderId: string } }>('/payment/paypal/create-payment', {
      method: 'POST',
      body: request,
    })
  ).data;
}

/** POST /payment/paypal/capture: our server captures the approved order (never the browser). */
export async function capturePaypalPayment(
  checkoutId: string,
  paypalOrderId: string,
): Promise<{ checkoutId: string; status: 'paid' | 'pending' }> {
  return (
    await api<{ data: { checkoutId: string; status: 'paid' | 'pending' } }>('/payment/paypal/capture', {
      method: 'POST',
      body: { checkoutId, paypalOrderId },
    })
  ).data;
}
