import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalLink } from '@knotwork/shared/schemas/consignor-portal';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/** GET /consignor/link: whether the account is a consignor's (always 200), for the account menu's link. */
export async function getConsignorLink(signal?: AbortSignal): Promise<PortalLink> {
  return (await api<{ data: PortalLink }>('/consignor/link', { signal })).data;
}

export function consignorLinkQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['consignor-portal', 'link', userId],
    queryFn: ({ signal }) => getConsignorLink(signal),
    enabled: userId !== null,
    // Staff link an account rarely: once per session is enough for a menu entry.
    staleTime: 5 * 60_000,
  });
}

export function useConsignorLink() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery(consignorLinkQueryOptions(userId));
}
