import { useQuery } from '@tanstack/react-query';
import type { AdminStatement } from '@knotwork/shared/schemas/settlements-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminStatement };

/** GET /admin/consignors/:id/statement: the journal's lines for the consignor this year (accounts and admins). */
export function useConsignorStatement(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'consignor', id, 'statement'],
    queryFn: ({ signal }) =>
      api<{ data: AdminStatement }>(`/admin/consignors/${id}/statement`, { signal }).then((r) => r.data),
    enabled,
  });
}
