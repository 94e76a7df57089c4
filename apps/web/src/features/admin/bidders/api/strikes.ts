import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStrikes } from '@knotwork/shared/schemas/strikes';
import { api } from '@/lib/api-client.ts';

export type { AdminStrikes };

const key = (id: string) => ['admin', 'bidder', id, 'strikes'] as const;

/** GET /admin/users/:id/strikes: the bidder's strikes, the active count and the house's threshold (decision 092). */
export function useBidderStrikes(id: string) {
  return useQuery({
    queryKey: key(id),
    queryFn: ({ signal }) =>
      api<{ data: AdminStrikes }>(`/admin/users/${id}/strikes`, { signal }).then((r) => r.data),
  });
}

/** POST /admin/strikes/:id/clear with the reason; refreshes the strikes and the bidder (the list's count). */
export function useClearStrike(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ strikeId, reason }: { strikeId: string; reason: string }) =>
      api<{ message: string; data: AdminStrikes }>(`/admin/strikes/${strikeId}/clear`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: (res) => {
      client.setQueryData(key(userId), res.data);
      void client.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
}
