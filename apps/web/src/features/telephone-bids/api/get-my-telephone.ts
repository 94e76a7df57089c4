import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { MyTelephoneLine } from '@knotwork/shared/schemas/telephone-bids';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/** The query key of every "my telephone lines" read: booking or cancelling a line refreshes them all. */
export const MY_TELEPHONE_KEY = ['my-items', 'telephone-lines'] as const;

/** GET /rug/telephone?lotId=: my telephone lines, one per lot (a live one, else the last cancelled). */
export async function getMyTelephone(lotId?: string, signal?: AbortSignal): Promise<MyTelephoneLine[]> {
  const query = lotId ? `?lotId=${encodeURIComponent(lotId)}` : '';
  return (await api<{ data: MyTelephoneLine[] }>(`/rug/telephone${query}`, { signal })).data;
}

/**
 * Signed out there is nothing to ask: `skipToken`, not `enabled: false`, because the server's render fetches every
 * query a page asked for that has a function (entry-server.tsx), and its 401 would be rendered there but not here.
 */
export const myTelephoneQueryOptions = (userId: string | null, lotId?: string) =>
  queryOptions({
    // Under 'my-items': signing in or out refreshes it with the bidder's other lists.
    queryKey: [...MY_TELEPHONE_KEY, userId, lotId ?? 'all'],
    queryFn: userId === null ? skipToken : ({ signal }) => getMyTelephone(lotId, signal),
    staleTime: 30_000,
  });

/** My lines (all of them, or one lot's); nothing is asked while signed out. */
export function useMyTelephone(lotId?: string) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery(myTelephoneQueryOptions(userId, lotId));
}
