/** The message public/sw.js posts to open pages when a push arrives (keep the two in step). */
export const PUSH_MESSAGE_TYPE = 'knotwork:push';

export interface PushMessage {
  type: typeof PUSH_MESSAGE_TYPE;
  notification: { title?: string; body?: string; link?: string | null };
}

export function isPushMessage(data: unknown): data is PushMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PUSH_MESSAGE_TYPE;
}

/**
 * The message public/sw.js posts when the push service renewed the subscription and the worker could not
 * register the new one itself: the page posts it with the user's session.
 */
export const SUBSCRIPTION_CHANGE_MESSAGE_TYPE = 'knotwork:push-subscription-change';

export interface SubscriptionChangeMessage {
  type: typeof SUBSCRIPTION_CHANGE_MESSAGE_TYPE;
  subscription: PushSubscriptionJSON;
}

export function isSubscriptionChangeMessage(data: unknown): data is SubscriptionChangeMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === SUBSCRIPTION_CHANGE_MESSAGE_TYPE &&
    typeof (data as { subscription?: unknown }).subscription === 'object'
  );
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}
