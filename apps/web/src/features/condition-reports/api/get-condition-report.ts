import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConditionStanding } from '@knotwork/shared/schemas/condition-reports';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/** GET /rug/condition-report/{lot id}: the promise, whether a report exists, my request and, once answered, the report. */
export async function getConditionReport(lotId: string, signal?: AbortSignal): Promise<ConditionStanding> {
  const res = await api<{ data: ConditionStanding }>(`/rug/condition-report/${encodeURIComponent(lotId)}`, {
    signal,
  });
  return res.data;
}

export const conditionReportQueryOptions = (lotId: string, userId: string | null) =>
  queryOptions({
    // Under 'my-items': signing in or out, and a report read in the bell, refresh it with the lists.
    queryKey: ['my-items', 'condition-report', lotId, userId],
    queryFn: ({ signal }) => getConditionReport(lotId, signal),
    staleTime: 30_000,
  });

export function useConditionReport(lotId: string) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery(conditionReportQueryOptions(lotId, userId));
}
