import type { ApiNotification } from '@knotwork/shared/schemas/notifications';
import { paths } from '@/config/paths.ts';

/** Notices about an order to pay: they lead to its checkout rather than to My Items in general. */
const PAY_TYPES = new Set(['order_created', 'payment_reminder']);

/** Where opening a notification goes: the checkout of the order it is about, else the link it carries. */
export function notificationTarget(item: Pick<ApiNotification, 'type' | 'link' | 'data'>): string | null {
  const orderId = item.data.orderId;
  if (PAY_TYPES.has(item.type) && typeof orderId === 'string' && orderId)
    return paths.checkout.href([orderId]);
  return item.link?.startsWith('/') ? item.link : null;
}
