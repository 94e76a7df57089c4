import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorDesk, OperatorReady } from '@knotwork/shared/schemas/telephone-bids';
import { api } from '@/lib/api-client.ts';
import { operatorDeskKey } from './operator-desk.ts';

/** POST /admin/telephone/{id}/ready: the operator has their bidders on the line for a lot (or no longer). */
export function useMarkReady(saleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorReady) =>
      api<{ data: OperatorDesk }>(`/admin/telephone/${encodeURIComponent(saleId)}/ready`, {
        method: 'POST',
        body,
      }),
    onSuccess: (res) => client.setQueryData(operatorDeskKey(saleId), res.data),
  });
}
