import { effectiveSaleStatus } from '@knotwork/shared/sales/sale-phase';
import type { Auction } from '@knotwork/shared/schemas/sales';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { isoFromMs, num } from '../../db/raw.ts';
import type { AuctionJoinedRow } from './repository.ts';

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
    // The sale's phase rule (packages/shared/src/sales/sale-phase.ts), as of `now`.
    status: effectiveSaleStatus(
      {
        status: row.status as Auction['status'],
        type: row.type as Auction['type'],
        startsAt,
        lastLotEndsAt: lastEndsAt,
      },
      now.getTime(),
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
    registration: { required: row.registration_required, cardRequired: row.registration_card_required },
    lotCount: num(row.lot_count),
    serverNow: now.toISOString(),
  };
}
