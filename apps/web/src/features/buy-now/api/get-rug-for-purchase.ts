import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RugDetail } from '@knotwork/shared/schemas/catalogue';
import { api } from '@/lib/api-client.ts';

/** GET /rug/{id|slug}: what the purchase page summarises (picture, title, price, lot). */
export function getRugForPurchase(idOrSlug: string, signal?: AbortSignal) {
  return api<{ data: RugDetail }>(`/rug/${encodeURIComponent(idOrSlug)}`, { signal }).then((res) => ({
    rug: res.data,
    receivedAt: Date.now(),
  }));
}

export function useRugForPurchase(idOrSlug: string) {
  return useQuery(
    queryOptions({
      queryKey: ['buy-now', 'rug', idOrSlug],
      queryFn: ({ signal }) => getRugForPurchase(idOrSlug, signal),
      // A price offered a minute ago may be gone (a bid arrived): always ask again when the page opens.
      staleTime: 0,
    }),
  );
}
