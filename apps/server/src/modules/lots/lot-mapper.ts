import { effectiveLotStatus, publicLotStatus } from '@knotwork/shared/bidding/lot-phase';
import { buyNowOffered, nextMinimumBid } from '@knotwork/shared/bidding/lot-state';
import type { Lot } from '@knotwork/shared/schemas/catalogue';
import { isoFromMs, num, numOrNull } from '../../db/raw.ts';
import type { LotJoinedRow } from './lot-read-repository.ts';

type LotStatus = Lot['status'];

export function toApiLot(row: LotJoinedRow, now: Date): Lot {
  const startsAt = num(row.starts_ms);
  const endsAt = num(row.ends_ms);
  // The lot's derived rules are the engine's (packages/shared/src/bidding), read from the row's columns.
  const timed = effectiveLotStatus({ status: row.status as LotStatus, startsAt, endsAt }, now.getTime());
  // A live sale's lot past its absentee window is sold in the room: open until the hammer (lot-phase.ts).
  const status = publicLotStatus(
    {
      status: row.status as LotStatus,
      startsAt,
      endsAt,
      auctionType: row.auction_type as Lot['auctionType'],
    },
    now.getTime(),
  );
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
    buyNowPrice: buyNowOffered({
      open: timed === 'open',
      buyNowPrice,
      reserve,
      reserveMet: row.reserve_met,
      bidCount,
    })
      ? buyNowPrice
      : null,
    estimateLow: num(row.estimate_low),
    estimateHigh: num(row.estimate_high),
    hammerPrice: row.outcome === 'sold' ? numOrNull(row.hammer_price) : null,
  };
}
