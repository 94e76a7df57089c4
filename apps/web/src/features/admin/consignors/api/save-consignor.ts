import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminConsignorCreate,
  AdminConsignorDetail,
  AdminConsignorUpdate,
} from '@knotwork/shared/schemas/consignors-staff';
import { api } from '@/lib/api-client.ts';
import { consignorKey } from './consignor.ts';

type Saved = { message: string; data: AdminConsignorDetail };

/**
 * POST /admin/consignors (no id) or PATCH /admin/consignors/:id (only the fields sent change; `archived` archives
 * or restores). The answer is the consignor as now stored: the page takes it, the grid refetches.
 */
export function useSaveConsignor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AdminConsignorCreate | AdminConsignorUpdate }) =>
      api<Saved>(id ? `/admin/consignors/${id}` : '/admin/consignors', {
        method: id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: (res) => {
      client.setQueryData(consignorKey(res.data.id), res.data);
      void client.invalidateQueries({ queryKey: ['admin', 'consignors'] });
    },
  });
}
