import { useQuery } from '@tanstack/react-query';
import type { AdminConsignorDetail } from '@knotwork/shared/schemas/consignors-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminConsignorDetail };

export const consignorKey = (id: string | undefined) => ['admin', 'consignor', id] as const;

/** GET /admin/consignors/:id: the consignor (payout masked) with their consignments. */
export function useAdminConsignor(id: string | undefined) {
  return useQuery({
    queryKey: consignorKey(id),
    queryFn: ({ signal }) =>
      api<{ data: AdminConsignorDetail }>(`/admin/consignors/${id}`, { signal }).then((r) => r.data),
    enabled: Boolean(id),
  });
}
