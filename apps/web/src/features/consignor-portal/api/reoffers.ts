import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalReoffer } from '@knotwork/shared/schemas/consignment-reoffers';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

export type { PortalReoffer };

/** GET /consignor/reoffers: proposals to offer unsold rugs again, pending first. */
export async function getReoffers(signal?: AbortSignal): Promise<PortalReoffer[]> {
  return (await api<{ data: PortalReoffer[] }>('/consignor/reoffers', { signal })).data;
}

export function reoffersQueryOptions(userId: string | null, enabled = true) {
  return queryOptions({
    queryKey: ['consignor-portal', 'reoffers', userId],
    queryFn: ({ signal }) => getReoffers(signal),
    enabled: enabled && userId !== null,
  });
}

export function useReoffers(enabled = true) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery(reoffersQueryOptions(userId, enabled));
}

/**
 * POST /consignor/reoffers/:id/accept or /decline. Either refreshes every portal query: an acceptance opens a new
 * consignment and moves the rug into the sale.
 */
export function useAnswerReoffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      api<{ message: string; data: PortalReoffer }>(
        `/consignor/reoffers/${encodeURIComponent(id)}/${answer}`,
        { method: 'POST' },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['consignor-portal'] }),
  });
}
