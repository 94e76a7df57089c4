import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalConsignment, PortalItem } from '@knotwork/shared/schemas/consignor-portal';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

export type { PortalConsignment, PortalItem };

/** How often the rugs' statuses and current bids are asked again while the page is open. */
const LIVE_REFRESH_MS = 20_000;

/** GET /consignor/consignments: the consignor's receipts, each rug with its status now. */
export async function getConsignments(signal?: AbortSignal): Promise<PortalConsignment[]> {
  return (await api<{ data: PortalConsignment[] }>('/consignor/consignments', { signal })).data;
}

export function consignmentsQueryOptions(userId: string | null, enabled = true) {
  return queryOptions({
    queryKey: ['consignor-portal', 'consignments', userId],
    queryFn: ({ signal }) => getConsignments(signal),
    enabled: enabled && userId !== null,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useConsignments(enabled = true) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery(consignmentsQueryOptions(userId, enabled));
}
