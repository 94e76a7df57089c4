import { useQuery } from '@tanstack/react-query';
import type { MyBiddingLimit } from '@knotwork/shared/schemas/bidding';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/** GET /rug/offer/limit: the caller's bidding limit and what is left of it (decision 090). */
export function useMyBiddingLimit() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({
    // Under 'my-items': a bid or a purchase elsewhere invalidates it with the lists.
    queryKey: ['my-items', 'limit', userId],
    queryFn: ({ signal }) =>
      api<{ data: MyBiddingLimit }>('/rug/offer/limit', { signal }).then((r) => r.data),
    enabled: userId !== null,
  });
}
