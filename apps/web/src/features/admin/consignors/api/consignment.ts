import { useQuery } from '@tanstack/react-query';
import type { AdminConsignment } from '@knotwork/shared/schemas/consignors-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminConsignment };

export const consignmentKey = (id: string | undefined) => ['admin', 'consignment', id] as const;

/** GET /admin/consignments/:id: the receipt with its rugs, terms and agreement. */
export function useAdminConsignment(id: string | undefined) {
  return useQuery({
    queryKey: consignmentKey(id),
    queryFn: ({ signal }) =>
      api<{ data: AdminConsignment }>(`/admin/consignments/${id}`, { signal }).then((r) => r.data),
    enabled: Boolean(id),
  });
}
