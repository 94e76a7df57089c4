import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import type { Auction } from '@knotwork/shared/schemas/sales';
import type { PagedMeta } from '@knotwork/shared/schemas/common';
import { AUCTIONS_PAGE_SIZE } from '@knotwork/shared/constants/catalogue';
import { api } from '@/lib/api-client.ts';

/** The tabs of the calendar: not yet finished (default), not yet started, finished. */
export const AUCTION_TABS = ['current', 'upcoming', 'past'] as const;
export type AuctionTab = (typeof AUCTION_TABS)[number];

export interface AuctionList {
  data: Auction[];
  meta: PagedMeta;
  receivedAt: number;
}

/** GET /rug/upcoming/list?when&page&pageSize: sales with dates, type, cover and lot count. */
export async function getAuctions(
  when: AuctionTab,
  page: number,
  signal?: AbortSignal,
): Promise<AuctionList> {
  const res = await api<Omit<AuctionList, 'receivedAt'>>('/rug/upcoming/list', {
    query: { when, page, pageSize: AUCTIONS_PAGE_SIZE },
    signal,
  });
  return { ...res, receivedAt: Date.now() };
}

export function getAuctionsQueryOptions(when: AuctionTab, page: number) {
  return queryOptions({
    queryKey: ['sales', 'auctions', when, page],
    queryFn: ({ signal }) => getAuctions(when, page, signal),
    staleTime: 30_000,
  });
}

export function useAuctions(when: AuctionTab, page: number) {
  return useQuery({
    ...getAuctionsQueryOptions(when, page),
    // Paging within a tab keeps the cards in place while the next page loads; a new tab shows its own loading
    // state, never the previous tab's sales under the new tab's name.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === when ? keepPreviousData(previous) : undefined,
  });
}
