import { DEFAULT_INCREMENTS, increment } from '@knotwork/shared/bidding/increments';
import type { IncrementTable } from '@knotwork/shared/bidding/types';
import type { Lot } from '@knotwork/shared/schemas/catalogue';
import { isoFromMs, num, numOrNull } from '../catalogue/raw.ts';
import type { LotJoinedRow } from './repository.ts';

type LotStatus = Lot['status'];

/**
 * The status a reader sees at `now`. The stored status is the truth once the auction engine moves it, but until
 * its jobs run a stored `scheduled` lot whose start has passed is open, and an open lot past its end is closed
 * (outcome still null: nobody has decided it yet).
 */
export function effectiveLotStatus(stored: LotStatus, startsAt: number, endsAt: number, now: number): LotStatus {
  if (stored === 'closed' || stored === 'withdrawn') return stored;
  if (now >= endsAt) return 'closed';
  if (now >= startsAt) return 'open';
  return 'scheduled';
}

/** AUCTION-RULES.md: the opening bid before the first bid, then current price + increment(current price). */
export function nextMinimumBid(openingBid: number, currentBid: number | null, table: IncrementTable | null): number {
  if (currentBid === null) return openingBid;
  return currentBid + increment(currentBid, table && table.length > 0 ? table : DEFAULT_INCREMENTS);
}

/** Buy now on a lot: while open and no bid yet; with a reserve, until the reserve is met. */
export function buyNowAvailable(lot: { status: LotStatus; buyNowPrice: number | null; reserve: number | null; reserveMet: boolean; bidCount: number }): boolean {
  if (lot.status !== 'open' || lot.buyNowPrice === null) return false;
  return lot.reserve !== null ? !lot.reserveMet : lot.bidCount === 0;
}

export function toApiLot(row: LotJoinedRow, now: Date): Lot {
  const startsAt = num(row.starts_ms);
  const endsAt = num(row.ends_ms);
  const status = effectiveLotStatus(row.status as LotStatus, startsAt, endsAt, now.getTime());
  const currentBid = numOrNull(row.current_bid);
  const reserve = numOrNull(row.reserve);
  const buyNowPrice = numOrNull(row.buy_now_price);
  const bidCount = num(row.bid_count);
  const openingBid = num(row.opening_bid);
  return {
    id: row.id,
    auctionId: row.auction_id,
    auctionTitle: row.auction_title,
    auctionSlug: row.auction_slug,
    auctionType: row.auction_type as Lot['auctionType'],
    rugId: row.rug_id,
    lotNumber: row.lot_number,
    status,
    outcome: (row.outcome as Lot['outcome']) ?? null,
    startsAt: isoFromMs(startsAt),
    endsAt: isoFromMs(endsAt),
    serverNow: now.toISOString(),
    openingBid,
    currentBid,
    nextMinimumBid: nextMinimumBid(openingBid, currentBid, row.increments),
    bidCount,
    reserveMet: reserve === null ? null : row.reserve_met,
    buyNowPrice: buyNowAvailable({ status, buyNowPrice, reserve, reserveMet: row.reserve_met, bidCount }) ? buyNowPrice : null,
    estimateLow: num(row.estimate_low),
    estimateHigh: num(row.estimate_high),
    hammerPrice: row.outcome === 'sold' ? numOrNull(row.hammer_price) : null,
  };
}
