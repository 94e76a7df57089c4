import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethods } from '@knotwork/shared/schemas/payment-providers';
import { api } from '@/lib/api-client.ts';

export type { PaymentMethods };

/** GET /payment/methods: which ways to pay the house has configured (bank transfer always; a failure the page shows). */
export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethods> {
  return (await api<{ data: PaymentMethods }>('/payment/methods', { signal })).data;
}

export const paymentMethodsQueryOptions = queryOptions({
  queryKey: ['payment', 'methods'],
  queryFn: ({ signal }) => getPaymentMethods(signal),
  staleTime: 5 * 60_000,
});

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions);
}
