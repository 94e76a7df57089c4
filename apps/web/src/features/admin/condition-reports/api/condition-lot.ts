import { useQuery } from '@tanstack/react-query';
import type { AdminConditionLot } from '@knotwork/shared/schemas/condition-reports';
import { api } from '@/lib/api-client.ts';
import { conditionDeskKey } from './condition-desk.ts';

export type { AdminConditionLot };

export const conditionLotKey = (lotId: string) => [...conditionDeskKey, 'lot', lotId] as const;

/** GET /admin/condition-reports/lots/:id: the lot, its requests and every version of its report. */
export function useConditionLot(lotId: string) {
  return useQuery({
    queryKey: conditionLotKey(lotId),
    queryFn: ({ signal }) =>
      api<{ data: AdminConditionLot }>(`/admin/condition-reports/lots/${encodeURIComponent(lotId)}`, {
        signal,
      }).then((r) => r.data),
  });
}
