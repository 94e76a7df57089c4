import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveSaleView } from '@knotwork/shared/schemas/live-sales';
import type { OperatorBid } from '@knotwork/shared/schemas/telephone-bids';
import { api } from '@/lib/api-client.ts';

/**
 * POST /admin/telephone/{id}/bids: bid the ask for the bidder on the line. The answer's view is applied at once
 * (the socket brings the same a moment later), so the operator sees their bid lead without waiting.
 */
export function usePhoneBid(saleId: string, viewKey: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorBid) =>
      api<{ data: LiveSaleView }>(`/admin/telephone/${encodeURIComponent(saleId)}/bids`, {
        method: 'POST',
        body,
      }),
    onSuccess: (res) =>
      client.setQueryData<LiveSaleView>(viewKey, (old) =>
        old && old.seq < res.data.seq ? { ...old, ...res.data } : old,
      ),
  });
}
