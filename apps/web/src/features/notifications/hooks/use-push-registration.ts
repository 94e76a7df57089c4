import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { getVapidPublicKey, savePushToken } from '../api/push-subscription.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { showPushToast } from '../components/push-toast.tsx';
import { isPushMessage, isPushSupported, isSubscriptionChangeMessage } from '../lib/push-messages.ts';
import { vapidKeyToBytes } from '../lib/vapid-key.ts';
import { useLiveNotifications } from './use-live-notifications.ts';

export { useUnreadCount } from '../api/get-unread-count.ts';

const SERVICE_WORKER_URL = '/sw.js';

let asking: Promise<NotificationPermission> | null = null;
/** The user whose subscription was posted in this page load (StrictMode runs effects twice). */
let registeredFor: string | null = null;

/**
 * Push notifications for the signed-in user (SPEC.md 4 "Push"): asks for permission once it is
 * undecided, subscribes through /sw.js with the server's VAPID key and posts the subscription. A push
 * that arrives while the site is open refreshes the unread count and shows a toast. Also keeps the
 * unread count loaded for the header, live over the socket. Returns whether notifications are allowed (null: not asked yet
 * or not supported). Mount once in the main layout.
 */
export function usePushRegistration(): boolean | null {
  useUnreadCount();
  useLiveNotifications();
  const queryClient = useQueryClient();
  const userId = useAuthStore((s) => (s.isAuthenticated ? (s.user?.id ?? null) : null));
  const [allowed, setAllowed] = useState<boolean | null>(() => initialPermission());

  useEffect(() => {
    if (!isPushSupported()) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      if (isSubscriptionChangeMessage(event.data)) {
        // Signed out: nothing to register; the next sign-in subscribes anyway.
        if (useAuthStore.getState().isAuthenticated) {
          savePushToken(event.data.subscription).catch((error: unknown) =>
            console.warn('Push re-registration failed', error),
          );
        }
        return;
      }
      if (!isPushMessage(event.data)) return;
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      showPushToast(event.data.notification.title ?? '', event.data.notification.body ?? '');
    };
    container.addEventListener('message', onMessage);
    // addEventListener alone does not start delivery of messages queued before the page was ready.
    container.startMessages();
    return () => container.removeEventListener('message', onMessage);
  }, [queryClient]);

  useEffect(() => {
    if (!userId || !isPushSupported()) return;
    let cancelled = false;
    void (async () => {
      let permission = Notification.permission;
      if (permission === 'default') {
        asking ??= Notification.requestPermission().finally(() => (asking = null));
        permission = await asking;
      }
      if (cancelled) return;
      setAllowed(permission === 'granted' ? true : permission === 'denied' ? false : null);
      if (permission !== 'granted' || registeredFor === userId) return;
      registeredFor = userId;
      try {
        await subscribe();
      } catch (error) {
        registeredFor = null;
        // Logged silently (SPEC.md 8): push is a convenience, never an error for the user.
        console.warn('Push registration failed', error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [userId]);

  return allowed;
}

function initialPermission(): boolean | null {
  if (!isPushSupported()) return null;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  return null;
}

async function subscribe() {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await getVapidPublicKey();
  const key = vapidKeyToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another server key (keys rotated) cannot receive our pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  const fresh = () =>
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  subscription ??= await fresh();
  try {
    await savePushToken(subscription.toJSON());
  } catch (error) {
    // The server never hands one browser endpoint over to another account (a 409): this browser's endpoint
    // is registered by someone who signed in here before. A new subscription gets a new endpoint of our own.
    if (!(error instanceof ApiError && error.status === 409 && error.code === 'PUSH_ENDPOINT_TAKEN'))
      throw error;
    await subscription.unsubscribe();
    await savePushToken((await fresh()).toJSON());
  }
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const a = new Uint8Array(current);
  return a.length === wanted.length && a.every((byte, i) => byte === wanted[i]);
}
