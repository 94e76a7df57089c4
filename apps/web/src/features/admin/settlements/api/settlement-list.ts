import { useQuery } from '@tanstack/react-query';
import type { AdminSettlementRow, SettlementStatus } from '@knotwork/shared/schemas/settlements-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminSettlementRow, SettlementStatus };

export const settlementsKey = (status: SettlementStatus) => ['admin', 'settlements', status] as const;

/** GET /admin/settlements?status=: consigned lots due, held (with the reason) or settled; the first 1,000, and the house's currency. */
export function useSettlements(status: SettlementStatus) {
  return useQuery({
    queryKey: settlementsKey(status),
    queryFn: ({ signal }) =>
      api<{ data: AdminSettlementRow[]; meta: { total: number; currency: string } }>('/admin/settlements', {
        query: { status },
        signal,
      }),
  });
}
