import { api } from '@/lib/api-client.ts';

export function getVapidPublicKey() {
  return api<{ publicKey: string }>('/notification/vapid-public-key');
}

/** POST /notification/token: SPEC.md names the field `token`; with Web Push it is the subscription. */
export function savePushToken(subscription: PushSubscriptionJSON) {
  return api<unknown>('/notification/token', { method: 'POST', body: { token: subscription } });
}
