import type { Auction } from '@knotwork/shared/schemas/sales';

export type AuctionPhase = 'upcoming' | 'open' | 'ended' | 'cancelled';

/**
 * Where a sale stands at `nowMs` (the server's clock): before its start, running until its last lot ends, or over.
 * A live sale runs until the auctioneer has sold its last lot (the server then says `closed`), not by a clock.
 */
export function auctionPhase(
  auction: Pick<Auction, 'status' | 'startsAt' | 'lastLotEndsAt'> & Partial<Pick<Auction, 'type'>>,
  nowMs: number,
): AuctionPhase {
  if (auction.status === 'cancelled') return 'cancelled';
  if (auction.status === 'closed') return 'ended';
  if (nowMs < Date.parse(auction.startsAt)) return 'upcoming';
  if (auction.type === 'live') return 'open';
  if (nowMs < Date.parse(auction.lastLotEndsAt)) return 'open';
  return 'ended';
}
