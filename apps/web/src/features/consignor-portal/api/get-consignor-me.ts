import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalConsignor } from '@knotwork/shared/schemas/consignor-portal';
import { api, isNotFound } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

export type { PortalConsignor };

/** GET /consignor/me: the consignor linked to the account (404 when none), payout account masked. */
export async function getConsignorMe(signal?: AbortSignal): Promise<PortalConsignor> {
  return (await api<{ data: PortalConsignor }>('/consignor/me', { signal })).data;
}

export function consignorMeQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['consignor-portal', 'me', userId],
    queryFn: ({ signal }) => getConsignorMe(signal),
    enabled: userId !== null,
    // "Not linked" is an answer, not a failure to retry.
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
}

export function useConsignorMe() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery(consignorMeQueryOptions(userId));
}
