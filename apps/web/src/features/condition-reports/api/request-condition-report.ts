import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConditionRequestCreate, ConditionStanding } from '@knotwork/shared/schemas/condition-reports';
import { api } from '@/lib/api-client.ts';

/** POST /rug/condition-report/{lot id}: 201 asked (or sent at once from an existing report), 200 asked before. */
export function requestConditionReport(lotId: string, input: ConditionRequestCreate) {
  return api<{ message: string; data: ConditionStanding }>(
    `/rug/condition-report/${encodeURIComponent(lotId)}`,
    { method: 'POST', body: input },
  );
}

export function useRequestConditionReport(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConditionRequestCreate) => requestConditionReport(lotId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-items'] }),
  });
}
