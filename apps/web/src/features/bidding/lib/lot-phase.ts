import type { Lot } from '@knotwork/shared/schemas/catalogue';

/** What a bidder can do with a lot now (server clock): the stored state first, then the lot's times. */
export type LotPhase = 'upcoming' | 'open' | 'closing' | 'sold' | 'unsold' | 'withdrawn';

export function lotPhase(
  lot: Pick<Lot, 'status' | 'outcome' | 'startsAt' | 'endsAt'>,
  nowMs: number,
): LotPhase {
  if (lot.status === 'withdrawn') return 'withdrawn';
  if (lot.status === 'closed')
    return lot.outcome === 'sold' ? 'sold' : lot.outcome === 'unsold' ? 'unsold' : 'closing';
  if (nowMs < Date.parse(lot.startsAt)) return 'upcoming';
  // Past its end on the server's clock: no bid can be accepted any more, the close job is about to record it.
  return nowMs < Date.parse(lot.endsAt) ? 'open' : 'closing';
}

/** Buy now is offered while the lot is open and the server still quotes a price (no bid yet / reserve unmet). */
export const canBuyNow = (lot: Pick<Lot, 'buyNowPrice'>, phase: LotPhase) =>
  phase === 'open' && lot.buyNowPrice !== null;
