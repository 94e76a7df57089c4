import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReofferCreate, AdminReofferItem } from '@knotwork/shared/schemas/consignment-reoffers';
import { api } from '@/lib/api-client.ts';
import { consignmentKey } from './consignment.ts';

export type { AdminReofferItem };
type Saved = { message: string; data: AdminReofferItem };

const reoffersKey = (consignmentId: string) => ['admin', 'consignment-reoffers', consignmentId] as const;

/** GET /admin/consignments/:id/reoffers: each rug's lot, whether it can be returned or re-offered, its proposals. */
export function useReofferItems(consignmentId: string) {
  return useQuery({
    queryKey: reoffersKey(consignmentId),
    queryFn: ({ signal }) =>
      api<{ data: AdminReofferItem[] }>(`/admin/consignments/${consignmentId}/reoffers`, { signal }).then(
        (r) => r.data,
      ),
  });
}

/** A change to one rug refreshes the panel and the receipt (an item's status moves). */
function useReofferMutation<V>(consignmentId: string, fn: (v: V) => Promise<Saved>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: reoffersKey(consignmentId) });
      void client.invalidateQueries({ queryKey: consignmentKey(consignmentId) });
    },
  });
}

/** POST …/items/:itemId/reoffers: propose another sale on new terms (a pending proposal is superseded). */
export const useProposeReoffer = (consignmentId: string) =>
  useReofferMutation(consignmentId, ({ itemId, body }: { itemId: string; body: AdminReofferCreate }) =>
    api<Saved>(`/admin/consignments/${consignmentId}/items/${itemId}/reoffers`, { method: 'POST', body }),
  );

/** POST …/reoffers/:reofferId/withdraw. */
export const useWithdrawReoffer = (consignmentId: string) =>
  useReofferMutation(consignmentId, (reofferId: string) =>
    api<Saved>(`/admin/consignments/${consignmentId}/reoffers/${reofferId}/withdraw`, { method: 'POST' }),
  );

/** POST …/items/:itemId/return: the rug goes back to its consignor. */
export const useReturnItem = (consignmentId: string) =>
  useReofferMutation(consignmentId, (itemId: string) =>
    api<Saved>(`/admin/consignments/${consignmentId}/items/${itemId}/return`, { method: 'POST' }),
  );
