import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutQuote, CheckoutRequest, ShippingAddressCopy } from '@knotwork/shared/schemas/payments';
import { api } from '@/lib/api-client.ts';

export type Quote = CheckoutQuote & { shippingAddress: ShippingAddressCopy | null };

/** POST /checkout/quote: the server prices the orders for this address and method (nothing is stored). */
export async function getCheckoutQuote(request: CheckoutRequest, signal?: AbortSignal): Promise<Quote> {
  return (await api<{ data: Quote }>('/checkout/quote', { method: 'POST', body: request, signal })).data;
}

export function checkoutQuoteQueryOptions(request: CheckoutRequest | null) {
  return queryOptions({
    queryKey: ['checkout', 'quote', request],
    queryFn: ({ signal }) => getCheckoutQuote(request!, signal),
    enabled: request !== null,
    // The previous total stays on screen (dimmed) while a new address or method is priced.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Re-quoted whenever the request (orders, address, method) changes. */
export function useCheckoutQuote(request: CheckoutRequest | null) {
  return useQuery(checkoutQuoteQueryOptions(request));
}
