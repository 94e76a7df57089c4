import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@knotwork/shared/schemas/payments';
import { api } from '@/lib/api-client.ts';

/** GET /order/{id}: one of my orders with its rug, prices, shipping, tracking, invoice number and history. */
export async function getOrder(id: string, signal?: AbortSignal): Promise<OrderDetail> {
  return (await api<{ data: OrderDetail }>(`/order/${encodeURIComponent(id)}`, { signal })).data;
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['order', id],
    queryFn: ({ signal }) => getOrder(id, signal),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}

/** The orders of a checkout, fetched side by side (their images and prices). */
export function useOrdersById(ids: string[]) {
  return useQueries({ queries: ids.map((id) => orderQueryOptions(id)) });
}
