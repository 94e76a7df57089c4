import type { AbilityAction, AbilitySubject } from '@knotwork/shared/abilities/staff';
import type { AdminOrderDetail } from '../api/order.ts';

/**
 * What the second-chance panel of a closed order offers: the lot to its underbidder (a cancelled auction order),
 * the rug back for sale (cancelled or expired), neither while an offer is open. `shown`: the panel has something
 * to say (an offer, or one of those steps), so the order page's Actions card need not say "nothing to do".
 */
export function secondChance(
  order: AdminOrderDetail,
  can: (action: AbilityAction, subject: AbilitySubject) => boolean,
) {
  const offer = order.secondChance;
  const offerOpen = offer?.status === 'pending' || offer?.status === 'accepted';
  const closed = order.status === 'cancelled' || order.status === 'expired';
  const mayOffer =
    can('manage', 'order') && order.kind === 'auction' && order.status === 'cancelled' && !offerOpen;
  const mayRelist = can('manage', 'order') && closed && !offerOpen;
  return { offer, mayOffer, mayRelist, shown: !!offer || mayOffer || mayRelist };
}
