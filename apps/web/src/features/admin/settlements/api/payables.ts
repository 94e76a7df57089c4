import { useQuery } from '@tanstack/react-query';
import type { AdminPayable } from '@knotwork/shared/schemas/settlements-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminPayable };

export const payablesKey = ['admin', 'payables'] as const;

/**
 * GET /admin/payouts: each consignor whose account is not at zero, what a batch can pay now, and why not; with the
 * house's currency the amounts are in.
 */
export function usePayables() {
  return useQuery({
    queryKey: payablesKey,
    queryFn: ({ signal }) =>
      api<{ data: AdminPayable[]; meta: { currency: string } }>('/admin/payouts', { signal }).then((r) => ({
        rows: r.data,
        currency: r.meta.currency,
      })),
  });
}
