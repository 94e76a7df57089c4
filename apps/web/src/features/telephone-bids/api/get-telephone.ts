import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TelephoneStanding } from '@knotwork/shared/schemas/telephone-bids';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/** GET /rug/upcoming/{id}/telephone: which lots take telephone lines, lines left, and mine (decision 097). */
export const telephoneQueryOptions = (saleId: string, userId: string | null) =>
  queryOptions({
    // Under 'my-items': signing in or out refreshes it with the bidder's other lists.
    queryKey: ['my-items', 'telephone', saleId, userId],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: TelephoneStanding }>(`/rug/upcoming/${encodeURIComponent(saleId)}/telephone`, {
          signal,
        })
      ).data,
    staleTime: 30_000,
  });

export function useTelephoneStanding(saleId: string, enabled = true) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({ ...telephoneQueryOptions(saleId, userId), enabled: enabled && userId !== null });
}
