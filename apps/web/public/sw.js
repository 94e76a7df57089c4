/* Knotwork push service worker (SPEC.md 4 "Push").
 * A push is shown as a system notification unless a Knotwork tab has focus; open tabs always get a
 * message (type 'knotwork:push', see src/features/notifications/lib/push-messages.ts) so they refresh
 * the unread count and show the in-page toast. Clicking the notification opens its link (the lot).
 * When the push service renews the subscription, the worker subscribes again and tells the server.
 * Plain JS: it is served as is, not bundled; e2e/notifications/service-worker.test.ts runs it. */

const PUSH_MESSAGE_TYPE = 'knotwork:push';
const SUBSCRIPTION_CHANGE_MESSAGE_TYPE = 'knotwork:push-subscription-change';
const DEFAULT_LINK = '/notification';
const API = '/api/v1';

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

/** base64url (the server's VAPID key) to the bytes PushManager.subscribe takes. */
function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The server's current VAPID key; the old subscription's key if the server cannot be reached. */
async function applicationServerKey(oldSubscription) {
  try {
    const res = await fetch(API + '/notification/vapid-public-key');
    if (res.ok) return keyBytes((await res.json()).publicKey);
  } catch {
    // Offline: the old key is the best guess, and right unless the keys were rotated.
  }
  const old = oldSubscription && oldSubscription.options && oldSubscription.options.applicationServerKey;
  if (old) return old;
  throw new Error('no VAPID key to subscribe with');
}

/**
 * The push service expired or rotated the subscription (Firefox passes the old one; Chrome may pass neither).
 * Subscribe again when the browser has not, then replace the old subscription on the server. The worker holds
 * no session (the token lives in the page), so it proves the old subscription with its endpoint and auth
 * secret (POST /notification/token/renew). Without an old subscription, or if the server refuses, open tabs
 * are asked to register it with the session; failing that, the next page load of a signed-in user does.
 */
async function renewSubscription(oldSubscription, newSubscription) {
  const subscription =
    newSubscription ||
    (await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: await applicationServerKey(oldSubscription),
    }));
  const token = subscription.toJSON();
  const old = oldSubscription ? oldSubscription.toJSON() : null;
  if (old && old.endpoint && old.keys && old.keys.auth) {
    try {
      const res = await fetch(API + '/notification/token/renew', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ oldEndpoint: old.endpoint, oldAuth: old.keys.auth, token }),
      });
      if (res.ok) return;
    } catch {
      // Offline: the tabs (or the next page load) register it.
    }
  }
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows)
    client.postMessage({ type: SUBSCRIPTION_CHANGE_MESSAGE_TYPE, subscription: token });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event.oldSubscription || null, event.newSubscription || null));
});
