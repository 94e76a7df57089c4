import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminConsignment, AdminConsignmentCreate } from '@knotwork/shared/schemas/consignors-staff';
import { api } from '@/lib/api-client.ts';
import { consignmentKey } from './consignment.ts';

/** POST /admin/consignments: the receipt with its rugs; its consignor's page refetches. */
export function useCreateConsignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminConsignmentCreate) =>
      api<{ message: string; data: AdminConsignment }>('/admin/consignments', { method: 'POST', body }),
    onSuccess: (res) => {
      client.setQueryData(consignmentKey(res.data.id), res.data);
      void client.invalidateQueries({ queryKey: ['admin', 'consignor', res.data.consignor.id] });
      void client.invalidateQueries({ queryKey: ['admin', 'consignors'] });
    },
  });
}
