import { useMutation } from '@tanstack/react-query';
import type { CheckoutRequest } from '@knotwork/shared/schemas/payments';
import { api } from '@/lib/api-client.ts';

/** POST /payment/stripe/create-payment-intent (pay-contract.md): the server prices the checkout and opens the intent. */
export interface StripeIntent {
  checkoutId: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'processing';
}

export async function createPaymentIntent(
  request: CheckoutRequest & { useSavedCard?: boolean },
): Promise<StripeIntent> {
  return (
    await api<{ data: StripeIntent }>('/payment/stripe/create-payment-intent', {
      method: 'POST',
      body: request,
    })
  ).data;
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
