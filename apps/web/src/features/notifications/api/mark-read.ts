import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationListResponse,
  NotificationReadRequest,
} from '@knotwork/shared/schemas/notifications';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { notify } from '@/lib/toast.ts';
import { notificationListKey } from './get-notifications.ts';
import { unreadCountKey } from './get-unread-count.ts';

/** POST /notification/read: `{ ids }` or `{ all: true }`; answers the new unread count. */
export function markRead(body: NotificationReadRequest) {
  return api<{ message: string; unreadCount: number }>('/notification/read', { method: 'POST', body });
}

/**
 * Marks notifications read: the rows turn read at once (the list cache), the bell follows the server's count.
 * `silent` for the mark-on-open of one row (no toast for a click); "mark all" confirms with the server's message.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: NotificationReadRequest; silent?: boolean }) => markRead(body),
    onMutate: ({ body }) => {
      const ids = 'ids' in body ? new Set(body.ids) : null;
      queryClient.setQueriesData<NotificationListResponse>({ queryKey: notificationListKey }, (old) =>
        old
          ? { ...old, data: old.data.map((n) => (ids === null || ids.has(n.id) ? { ...n, read: true } : n)) }
          : old,
      );
    },
    onSuccess: (res, { silent }) => {
      useAuthStore.getState().setUnreadCount(res.unreadCount);
      queryClient.setQueriesData({ queryKey: unreadCountKey }, { count: res.unreadCount });
      if (!silent) notify.success(res.message);
    },
    onError: (error) => {
      notify.fromError(error);
      void queryClient.invalidateQueries({ queryKey: notificationListKey });
    },
  });
}
