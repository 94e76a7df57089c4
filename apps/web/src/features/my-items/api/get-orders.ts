import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrder, MyOrdersResponse } from '@knotwork/shared/schemas/orders';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { MY_ITEMS_PAGE_SIZE, type Paged } from './my-lists.ts';

export type { MyOrder };
export type MyOrdersPage = Paged<MyOrder>;

/** GET /order/list: the caller's orders (auction wins, buy-now and fixed-price purchases), newest first. */
export async function getOrders(page: number, signal?: AbortSignal): Promise<MyOrdersPage> {
  const res = await api<MyOrdersResponse>('/order/list', {
    query: { page, pageSize: MY_ITEMS_PAGE_SIZE },
    signal,
  });
  return { ...res, receivedAt: Date.now() };
}

export function ordersQueryOptions(userId: string | null, page: number) {
  return queryOptions({
    // Under 'my-items' so a purchase elsewhere, which invalidates every My Items list, refreshes this one too.
    queryKey: ['my-items', 'orders', userId, page],
    queryFn: ({ signal }) => getOrders(page, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useOrders(page: number) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery(ordersQueryOptions(userId, page));
}
