import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * Whether the house has its Stripe keys: GET /payment/methods offers card payment exactly then. Settings use it to
 * say why Stripe Connect payouts cannot be switched on (the server refuses it too, decision 088).
 */
export function useStripeConfigured() {
  return useQuery({
    queryKey: ['payment', 'methods', 'stripe-configured'],
    queryFn: ({ signal }) =>
      api<{ data: { stripe: unknown } }>('/payment/methods', { signal }).then((r) => r.data.stripe !== null),
    staleTime: 5 * 60_000,
  });
}
