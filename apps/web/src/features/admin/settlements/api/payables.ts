import { useQuery } from '@tanstack/react-query';
import type { AdminPayable } from '@knotwork/shared/schemas/settlements-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminPayable };

export const payablesKey = ['admin', 'payables'] as const;

/** GET /admin/payouts: each consignor whose account is not at zero, what a batch can pay now, and why not. */
export function usePayables() {
  return useQuery({
    queryKey: payablesKey,
    queryFn: ({ signal }) => api<{ data: AdminPayable[] }>('/admin/payouts', { signal }).then((r) => r.data),
  });
}
