import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import type { UnreadCountResponse } from '@knotwork/shared/schemas/notifications';

export const unreadCountKey = ['notifications', 'unread-count'] as const;

export function unreadCountQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...unreadCountKey, userId],
    queryFn: () => api<UnreadCountResponse>('/notification/unread/count'),
    enabled: userId !== null,
    // Failures are ignored silently (SPEC.md 8): no retries, no toast, the badge keeps its last value.
    retry: false,
    staleTime: 15_000,
  });
}

/** The unread notification count of the signed-in user, written into the auth store for the header bell. */
export function useUnreadCount() {
  const userId = useAuthStore((s) => (s.isAuthenticated ? (s.user?.id ?? null) : null));
  const query = useQuery(unreadCountQueryOptions(userId));
  const count = query.data?.count;
  useEffect(() => {
    if (count !== undefined) useAuthStore.getState().setUnreadCount(count);
  }, [count]);
  return query;
}
