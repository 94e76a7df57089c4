import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminConsignorDetail } from '@knotwork/shared/schemas/consignors-staff';
import { api } from '@/lib/api-client.ts';
import { consignorKey } from './consignor.ts';

/** POST /admin/consignors/:id/identity-check: which document was seen (never its number). */
export function useCheckIdentity(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (document: string) =>
      api<{ message: string; data: AdminConsignorDetail }>(`/admin/consignors/${id}/identity-check`, {
        method: 'POST',
        body: { document },
      }),
    onSuccess: (res) => {
      client.setQueryData(consignorKey(id), res.data);
      void client.invalidateQueries({ queryKey: ['admin', 'consignors'] });
    },
  });
}
