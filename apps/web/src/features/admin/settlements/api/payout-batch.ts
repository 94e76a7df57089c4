import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPayoutBatch, AdminPayoutBatchCreate } from '@knotwork/shared/schemas/settlements-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminPayoutBatch };

export const payoutBatchKey = (id: string) => ['admin', 'payout-batch', id] as const;
type Saved = { message: string; data: AdminPayoutBatch };

/** GET /admin/payout-batches/:id: the batch with its payments. */
export function usePayoutBatch(id: string) {
  return useQuery({
    queryKey: payoutBatchKey(id),
    queryFn: ({ signal }) =>
      api<{ data: AdminPayoutBatch }>(`/admin/payout-batches/${encodeURIComponent(id)}`, { signal }).then(
        (r) => r.data,
      ),
  });
}

function useAfterBatchChange() {
  const client = useQueryClient();
  return (res: Saved) => {
    client.setQueryData(payoutBatchKey(res.data.id), res.data);
    void client.invalidateQueries({ queryKey: ['admin', 'payout-batches'] });
    void client.invalidateQueries({ queryKey: ['admin', 'payables'] });
    void client.invalidateQueries({ queryKey: ['admin', 'consignor'] });
  };
}

/** POST /admin/payout-batches: pays the consignors named (each must be payable now); 409 with the reason if not. */
export function useCreatePayoutBatch() {
  const after = useAfterBatchChange();
  return useMutation({
    mutationFn: (body: AdminPayoutBatchCreate) =>
      api<Saved>('/admin/payout-batches', { method: 'POST', body }),
    onSuccess: after,
  });
}

/**
 * POST /admin/payout-batches/:id/paid (the bank confirmed it: once; a second time is a 409) or …/cancel (not yet
 * paid: the payouts are reversed and owed again).
 */
export function usePayoutBatchAction(id: string) {
  const after = useAfterBatchChange();
  return useMutation({
    mutationFn: (action: 'paid' | 'cancel') =>
      api<Saved>(`/admin/payout-batches/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
    onSuccess: after,
  });
}

type TransfersSent = Saved & { sent: { succeeded: number; failed: number; pending: number } };

/**
 * POST /admin/payout-batches/:id/transfers: sends the batch's Stripe payments not transferred yet (decision 088).
 * Sending again never transfers twice; a refused payment is tried again as a new attempt.
 */
export function useSendTransfers(id: string) {
  const after = useAfterBatchChange();
  return useMutation({
    mutationFn: () =>
      api<TransfersSent>(`/admin/payout-batches/${encodeURIComponent(id)}/transfers`, { method: 'POST' }),
    onSuccess: after,
  });
}
