import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBidderLimit, AdminBidderLimitBody } from '@knotwork/shared/schemas/bidders-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminBidderLimit };

/** PUT /admin/users/:id/limit: set (cents) or clear (null) the bidder's bidding limit (decision 090). */
export function useSetBidderLimit(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBidderLimitBody) =>
      api<{ message: string; data: AdminBidderLimit }>(`/admin/users/${id}/limit`, { method: 'PUT', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'bidder', id] }),
  });
}
