import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSettlementRun,
  AdminSettlementRunResult,
} from '@knotwork/shared/schemas/settlements-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminSettlementRunResult };

/**
 * POST /admin/settlements/run: every due lot, or the ones named (each still only when due). The server posts each
 * lot once, so a second run answers zero; the lists and balances are read again afterwards.
 */
export function useRunSettlement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSettlementRun) =>
      api<{ message: string; data: AdminSettlementRunResult }>('/admin/settlements/run', {
        method: 'POST',
        body,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'settlements'] });
      void client.invalidateQueries({ queryKey: ['admin', 'payables'] });
      void client.invalidateQueries({ queryKey: ['admin', 'consignor'] });
    },
  });
}
