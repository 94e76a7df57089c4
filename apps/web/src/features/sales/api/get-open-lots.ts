import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { LotWithRug } from '@knotwork/shared/schemas/sales';
import type { PagedMeta } from '@knotwork/shared/schemas/common';
import { api } from '@/lib/api-client.ts';

export interface OpenLotsPage {
  data: LotWithRug[];
  meta: PagedMeta;
  receivedAt: number;
}

export const OPEN_LOTS_PAGE_SIZE = 24;

/** GET /rug/lot/list?page&pageSize: lots open for bidding now across sales, soonest end first. */
export async function getOpenLots(page: number, signal?: AbortSignal): Promise<OpenLotsPage> {
  const res = await api<Omit<OpenLotsPage, 'receivedAt'>>('/rug/lot/list', {
    query: { page, pageSize: OPEN_LOTS_PAGE_SIZE },
    signal,
  });
  return { ...res, receivedAt: Date.now() };
}

export function getOpenLotsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['sales', 'open-lots'],
    queryFn: ({ pageParam, signal }) => getOpenLots(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined),
    staleTime: 15_000,
  });
}

/** The open lots a page at a time ("Show more lots" loads the next page). */
export function useOpenLots() {
  return useInfiniteQuery(getOpenLotsQueryOptions());
}
