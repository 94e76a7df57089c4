import { queryOptions } from '@tanstack/react-query';
import type { BidHistoryEntry } from '@knotwork/shared/schemas/bidding';
import { api } from '@/lib/api-client.ts';

/** GET /rug/{id}/bids: the lot's public history, oldest first; the caller's own lines read 'You'. */
export async function getBidHistory(rugId: string, signal?: AbortSignal): Promise<BidHistoryEntry[]> {
  const res = await api<{ data: BidHistoryEntry[] }>(`/rug/${encodeURIComponent(rugId)}/bids`, { signal });
  return res.data;
}

export const bidHistoryKey = (rugId: string, userId: string | null) =>
  ['bidding', 'history', rugId, userId] as const;

export function getBidHistoryQueryOptions(rugId: string, userId: string | null) {
  return queryOptions({
    // Per user: the same history reads 'You' on different lines for different people.
    queryKey: bidHistoryKey(rugId, userId),
    queryFn: ({ signal }) => getBidHistory(rugId, signal),
    // Live events keep it current once loaded; a refetch is only needed to learn which lines are ours.
    staleTime: Infinity,
  });
}
