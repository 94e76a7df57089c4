import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { MyConditionRequest } from '@knotwork/shared/schemas/condition-reports';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/** GET /rug/condition-reports: my condition report requests, newest first, each with its lot and, once answered, the report. */
export async function getMyConditionReports(signal?: AbortSignal): Promise<MyConditionRequest[]> {
  return (await api<{ data: MyConditionRequest[] }>('/rug/condition-reports', { signal })).data;
}

export const myConditionReportsQueryOptions = (userId: string | null) =>
  queryOptions({
    // Under 'my-items': signing in or out, and a report read in the bell, refresh it with the lists.
    queryKey: ['my-items', 'condition-reports', userId],
    // Signed out, nothing to ask (skipToken: the server's render would otherwise fetch it and render a 401).
    queryFn: userId === null ? skipToken : ({ signal }) => getMyConditionReports(signal),
    staleTime: 30_000,
  });

export function useMyConditionReports() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery(myConditionReportsQueryOptions(userId));
}
