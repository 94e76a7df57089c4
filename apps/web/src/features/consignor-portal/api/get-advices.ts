import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalAdvice, PortalAdviceLot } from '@knotwork/shared/schemas/consignor-portal-advices';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

export type { PortalAdvice, PortalAdviceLot };

/** GET /consignor/advices: the post-sale advices, newest first. */
export async function getAdvices(signal?: AbortSignal): Promise<PortalAdvice[]> {
  return (await api<{ data: PortalAdvice[] }>('/consignor/advices', { signal })).data;
}

export function advicesQueryOptions(userId: string | null, enabled = true) {
  return queryOptions({
    queryKey: ['consignor-portal', 'advices', userId],
    queryFn: ({ signal }) => getAdvices(signal),
    enabled: enabled && userId !== null,
  });
}

export function useAdvices(enabled = true) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery(advicesQueryOptions(userId, enabled));
}
