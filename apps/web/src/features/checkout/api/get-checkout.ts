import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Checkout } from '@knotwork/shared/schemas/payments';
import { api } from '@/lib/api-client.ts';

/** GET /checkout/{id}: one of my checkouts (what was paid, its reference, the invoice number once paid). */
export async function getCheckout(id: string, signal?: AbortSignal): Promise<Checkout> {
  return (await api<{ data: Checkout }>(`/checkout/${encodeURIComponent(id)}`, { signal })).data;
}

/** How often the success page asks again while a provider's confirmation is on its way. */
export const CONFIRM_POLL_MS = 2_000;

export function checkoutQueryOptions(id: string, { poll }: { poll: boolean }) {
  return queryOptions({
    queryKey: ['checkout', 'one', id],
    queryFn: ({ signal }) => getCheckout(id, signal),
    enabled: id !== '',
    // The webhook may arrive after the browser: ask until the checkout says paid (or was superseded).
    refetchInterval: (query) => (poll && query.state.data?.status === 'open' ? CONFIRM_POLL_MS : false),
  });
}

export function useCheckout(id: string, options: { poll: boolean }) {
  return useQuery(checkoutQueryOptions(id, options));
}
