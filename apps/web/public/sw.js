/* Knotwork push service worker (SPEC.md 4 "Push").
 * A push is shown as a system notification unless a Knotwork tab has focus; open tabs always get a
 * message (type 'knotwork:push', see src/features/notifications/lib/push-messages.ts) so they refresh
 * the unread count and show the in-page toast. Plain JS: it is served as is, not bundled. */

const PUSH_MESSAGE_TYPE = 'knotwork:push';
const DEFAULT_LINK = '/notification';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Take over already-open tabs at once so the first push after sign-in reaches them.
  event.waitUntil(self.clients.claim());
});

/** Accepts { notification: { title, body }, data: { link } } (SPEC.md 3) and a flat { title, body, link }. */
function readPayload(data) {
  let json = {};
  if (data) {
    try {
      json = data.json();
    } catch {
      json = { body: data.text() };
    }
  }
  const n = json.notification || json;
  return {
    title: typeof n.title === 'string' && n.title ? n.title : 'Knotwork',
    body: typeof n.body === 'string' ? n.body : '',
    link: (json.data && json.data.link) || json.link || n.link || null,
  };
}

self.addEventListener('push', (event) => {
  const notification = readPayload(event.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: PUSH_MESSAGE_TYPE, notification });
      // userVisibleOnly: without a focused tab the browser requires a visible notification.
      if (!windows.some((client) => client.focused)) {
        await self.registration.showNotification(notification.title, {
          body: notification.body,
          icon: '/favicon.svg',
          badge: '/favicon.svg',
          data: { link: notification.link },
        });
      }
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || DEFAULT_LINK;
  const target = new URL(link, self.location.origin);
  // Only our own pages: a push can never send the user to another site.
  const url =
    target.origin === self.location.origin ? target.href : new URL(DEFAULT_LINK, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const existing = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (existing) {
        await existing.focus();
        try {
          await existing.navigate(url);
        } catch {
          // navigate() only works on tabs this worker controls; the focused tab is enough then.
        }
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
