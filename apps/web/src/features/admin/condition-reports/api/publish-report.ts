import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminConditionAnswer, AdminConditionLot } from '@knotwork/shared/schemas/condition-reports';
import { api } from '@/lib/api-client.ts';
import { conditionDeskKey } from './condition-desk.ts';
import { conditionLotKey } from './condition-lot.ts';

/** POST /admin/condition-reports/lots/:id/report: a new version (the answer, or a correction). */
export function usePublishReport(lotId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminConditionAnswer) =>
      api<{ message: string; data: AdminConditionLot }>(
        `/admin/condition-reports/lots/${encodeURIComponent(lotId)}/report`,
        { method: 'POST', body },
      ),
    onSuccess: (res) => {
      client.setQueryData(conditionLotKey(lotId), res.data);
      void client.invalidateQueries({ queryKey: conditionDeskKey });
      void client.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
}
