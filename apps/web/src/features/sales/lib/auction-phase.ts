import { salePhase, type SalePhase } from '@knotwork/shared/sales/sale-phase';
import type { Auction } from '@knotwork/shared/schemas/sales';

export type AuctionPhase = 'upcoming' | 'open' | 'ended' | 'cancelled';

/** The sale's phase as the chip names it: public pages never show a draft, and closing already reads ended. */
const CHIP: Readonly<Record<SalePhase, AuctionPhase>> = {
  draft: 'upcoming',
  scheduled: 'upcoming',
  open: 'open',
  closing: 'ended',
  closed: 'ended',
  cancelled: 'cancelled',
};

/**
 * Where a sale stands at `nowMs` (the server's clock), by the one sale phase rule the server's status follows
 * (packages/shared/src/sales/sale-phase.ts): the API's status is as of `serverNow`, this rolls it over as the
 * clock moves (a live sale runs until the server says `closed`, a timed one until its last lot ends).
 */
export function auctionPhase(
  auction: Pick<Auction, 'status' | 'startsAt' | 'lastLotEndsAt'> & Partial<Pick<Auction, 'type'>>,
  nowMs: number,
): AuctionPhase {
  return CHIP[salePhase({ ...auction, type: auction.type ?? 'timed' }, nowMs)];
}
