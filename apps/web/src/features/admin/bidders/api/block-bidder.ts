import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** POST (block, optional reason) or DELETE (unblock) /admin/users/:id/block; the bidder lists refetch. */
export function useBlockBidder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, block, reason }: { id: string; block: boolean; reason?: string }) =>
      api<{ message: string }>(
        `/admin/users/${id}/block`,
        block ? { method: 'POST', body: reason ? { reason } : {} } : { method: 'DELETE' },
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
