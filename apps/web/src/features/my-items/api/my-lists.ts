import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyBid, WonLot } from '@knotwork/shared/schemas/bidding';
import type { RugSummary } from '@knotwork/shared/schemas/catalogue';
import type { PagedMeta } from '@knotwork/shared/schemas/common';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

export interface Paged<T> {
  data: T[];
  meta: PagedMeta;
  receivedAt: number;
}

export const MY_ITEMS_PAGE_SIZE = 12;

/** The three lists behind My Items: GET /rug/offer/list, /rug/winner/list, /rug/like/list. */
const endpoints = { bids: '/rug/offer/list', won: '/rug/winner/list', liked: '/rug/like/list' } as const;
export type MyList = keyof typeof endpoints;
type Item<L extends MyList> = L extends 'bids' ? MyBid : L extends 'won' ? WonLot : RugSummary;

export function myListQueryOptions<L extends MyList>(list: L, userId: string | null, page: number) {
  return queryOptions({
    // 'my-items' first: a bid, a purchase or a like elsewhere invalidates every list at once.
    queryKey: ['my-items', list, userId, page],
    queryFn: async ({ signal }): Promise<Paged<Item<L>>> => {
      const res = await api<{ data: Item<L>[]; meta: PagedMeta }>(endpoints[list], {
        query: { page, pageSize: MY_ITEMS_PAGE_SIZE },
        signal,
      });
      return { ...res, receivedAt: Date.now() };
    },
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMyList<L extends MyList>(list: L, page: number) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery(myListQueryOptions(list, userId, page));
}
