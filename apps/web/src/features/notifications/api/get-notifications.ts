import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiNotification, NotificationListResponse } from '@knotwork/shared/schemas/notifications';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

export type NotificationItem = ApiNotification;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const notificationListKey = ['notifications', 'list'] as const;

/** GET /notification?page&pageSize: newest first, with the unread count. */
export function getNotifications(page: number, signal?: AbortSignal): Promise<NotificationListResponse> {
  return api<NotificationListResponse>('/notification', {
    query: { page, pageSize: NOTIFICATIONS_PAGE_SIZE },
    signal,
  });
}

export function notificationsQueryOptions(userId: string | null, page: number) {
  return queryOptions({
    queryKey: [...notificationListKey, userId, page],
    queryFn: ({ signal }) => getNotifications(page, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(page: number) {
  const userId = useAuthStore((s) => (s.isAuthenticated ? (s.user?.id ?? null) : null));
  return useQuery(notificationsQueryOptions(userId, page));
}
