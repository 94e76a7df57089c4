import { useQuery } from '@tanstack/react-query';
import type { BiddingStanding } from '@knotwork/shared/schemas/strikes';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/**
 * GET /rug/offer/standing (decision 092): whether the signed-in collector may bid, why not, and the orders to pay.
 * Under 'my-items': a bid, a purchase or a payment invalidates it with the lists. Nothing is asked for a visitor.
 */
export function useBiddingStanding() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({
    queryKey: ['my-items', 'standing', userId],
    queryFn: ({ signal }) =>
      api<{ data: BiddingStanding }>('/rug/offer/standing', { signal }).then((r) => r.data),
    enabled: userId !== null,
    // Read once per minute at most while moving between lots.
    staleTime: 60_000,
  });
}
