import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthStore } from '@/lib/auth-store.ts';
import { unreadCountKey } from '../api/get-unread-count.ts';
import { notificationListKey } from '../api/get-notifications.ts';
import { showPushToast } from '../components/push-toast.tsx';

/**
 * New notifications over the live socket (user channel): the bell takes the server's unread count at once, the
 * list refreshes, and a toast shows the title and body the way a foreground push does (SPEC.md 4). Only while
 * signed in: an anonymous visitor does not hold a socket open for nothing, nor downloads its code (issue 9).
 */
/** The event carries the notification as a plain record: its title and body, when strings. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function useLiveNotifications() {
  const queryClient = useQueryClient();
  const signedIn = useAuthStore((s) => s.user !== null);
  useEffect(() => {
    if (!signedIn) return undefined;
    let active = true;
    let unsubscribe: (() => void) | undefined;
    void import('@/lib/live-socket.ts').then(
      ({ subscribeUser }) => {
        if (!active) return;
        unsubscribe = subscribeUser((event) => {
          if (event.event !== 'notification.created') return;
          const { notification, unreadCount } = event.data;
          useAuthStore.getState().setUnreadCount(unreadCount);
          queryClient.setQueriesData({ queryKey: unreadCountKey }, { count: unreadCount });
          void queryClient.invalidateQueries({ queryKey: notificationListKey });
          showPushToast(text(notification.title), text(notification.body));
        });
      },
      () => undefined,
    ); // Offline or a new deploy: the bell still counts on its next fetch.
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [signedIn, queryClient]);
}
