import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RugListResponse } from '@knotwork/shared/schemas/catalogue';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { compactFilter, type ListingFilter } from '../lib/filter-url.ts';

export type { ListingFilter } from '../lib/filter-url.ts';

export interface RugList extends RugListResponse {
  /**
   * serverNow minus this browser's clock, measured once per response: countdowns add it to Date.now() so a
   * visitor whose clock is off still sees the time the server will close the lot.
   */
  clockOffsetMs: number;
}

/** The server's clock at the moment of the answer, read from the first lot that carries it. */
function clockOffset(res: RugListResponse, receivedAt: number): number {
  const serverNow = res.data.find((r) => r.lot)?.lot?.serverNow;
  const parsed = serverNow ? Date.parse(serverNow) : Number.NaN;
  return Number.isFinite(parsed) ? parsed - receivedAt : 0;
}

/** GET /rug?data=<RugFilter JSON>: one page of rugs and the filter as the server resolved it. */
export async function getRugs(filter: ListingFilter, signal?: AbortSignal): Promise<RugList> {
  const res = await api<RugListResponse>('/rug', {
    query: { data: JSON.stringify(compactFilter(filter)) },
    signal,
  });
  return { ...res, clockOffsetMs: clockOffset(res, Date.now()) };
}

/** `viewerId` keys the page per signed-in user: the cards carry that user's `liked`. */
export function getRugsQueryOptions(filter: ListingFilter, viewerId: string | null = null) {
  return queryOptions({
    queryKey: ['catalogue', 'rugs', compactFilter(filter), viewerId],
    queryFn: ({ signal }) => getRugs(filter, signal),
    // Bids and lot states move; a minute-old page is still worth showing at once while it refreshes.
    staleTime: 20_000,
  });
}

/** The page of rugs for a filter; the previous page stays on screen (dimmed) while the next one loads. */
export function useRugs(filter: ListingFilter) {
  const viewerId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({ ...getRugsQueryOptions(filter, viewerId), placeholderData: keepPreviousData });
}
