import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBidderDetail } from '@knotwork/shared/schemas/bidders-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminBidderDetail };

/** GET /admin/users/:id: the bidder, their bids, orders and the staff's notes. */
export function useAdminBidder(id: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'bidder', id],
    queryFn: ({ signal }) =>
      api<{ data: AdminBidderDetail }>(`/admin/users/${id}`, { signal }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** POST /admin/users/:id/notes. */
export function useAddBidderNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<{ message: string }>(`/admin/users/${id}/notes`, { method: 'POST', body: { body } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'bidder', id] }),
  });
}
