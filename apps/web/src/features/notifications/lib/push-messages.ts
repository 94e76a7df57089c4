/** The message public/sw.js posts to open pages when a push arrives (keep the two in step). */
export const PUSH_MESSAGE_TYPE = 'knotwork:push';

export interface PushMessage {
  type: typeof PUSH_MESSAGE_TYPE;
  notification: { title?: string; body?: string; link?: string | null };
}

export function isPushMessage(data: unknown): data is PushMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PUSH_MESSAGE_TYPE;
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}
