import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Auction, LotWithRug } from '@knotwork/shared/schemas/sales';
import { api, isNotFound } from '@/lib/api-client.ts';

export type AuctionDetail = Auction & { lots: LotWithRug[] };

export interface AuctionDetailResult {
  auction: AuctionDetail;
  receivedAt: number;
}

/** GET /rug/upcoming/{id|slug}: one sale with every lot in lot-number order. */
export async function getAuction(idOrSlug: string, signal?: AbortSignal): Promise<AuctionDetailResult> {
  const res = await api<{ data: AuctionDetail }>(`/rug/upcoming/${encodeURIComponent(idOrSlug)}`, { signal });
  return { auction: res.data, receivedAt: Date.now() };
}

export function getAuctionQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: ['sales', 'auction', idOrSlug],
    queryFn: ({ signal }) => getAuction(idOrSlug, signal),
    staleTime: 15_000,
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });
}

export function useAuction(idOrSlug: string) {
  return useQuery(getAuctionQueryOptions(idOrSlug));
}
