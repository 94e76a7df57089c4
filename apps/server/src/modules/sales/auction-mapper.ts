import type { Auction } from '@knotwork/shared/schemas/sales';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { isoFromMs, num } from '../../db/raw.ts';
import type { AuctionJoinedRow } from './repository.ts';

/**
 * A sale's status at `now`: before its start scheduled, open until its last lot ends, then closed. A live sale
 * runs until the auctioneer has sold or passed every lot (the jobs then store `closed`), whatever its lots' times.
 */
export function effectiveAuctionStatus(
  stored: Auction['status'],
  startsAt: number,
  lastEndsAt: number,
  now: number,
  type: Auction['type'] = 'timed',
): Auction['status'] {
  if (stored === 'draft' || stored === 'cancelled') return stored;
  if (now < startsAt) return 'scheduled';
  if (type === 'live') return stored === 'closed' ? 'closed' : 'open';
  if (now < lastEndsAt) return 'open';
  return 'closed';
}

export function toApiAuction(row: AuctionJoinedRow, now: Date, cover: ApiImage | null): Auction {
  const startsAt = num(row.starts_ms);
  const endsAt = num(row.ends_ms);
  const lastEndsAt = row.last_end_ms === null ? endsAt : Math.max(endsAt, num(row.last_end_ms));
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    type: row.type as Auction['type'],
    status: effectiveAuctionStatus(
      row.status as Auction['status'],
      startsAt,
      lastEndsAt,
      now.getTime(),
      row.type as Auction['type'],
    ),
    startsAt: isoFromMs(startsAt),
    endsAt: isoFromMs(endsAt),
    lastLotEndsAt: isoFromMs(lastEndsAt),
    staggerSeconds: row.stagger_seconds,
    buyersPremiumPct: num(row.buyers_premium_pct),
    softClose: {
      enabled: row.soft_close_enabled,
      windowSeconds: row.soft_close_window_seconds,
      extensionSeconds: row.soft_close_extension_seconds,
    },
    coverImage: cover,
    lotCount: num(row.lot_count),
    serverNow: now.toISOString(),
  };
}
