import type { AdminAuction, AdminLot } from '@knotwork/shared/schemas/sales-staff';
import { isoFromMs, isoOrNullFromMs, num, numOrNull } from '../../db/raw.ts';
import { allowedSaleMoves } from '@knotwork/shared/sales/sale-moves';
import { saleFacts, type AdminAuctionRow, type AdminLotRow } from './staff-repository.ts';

export function toAdminAuction(row: AdminAuctionRow): AdminAuction {
  const moves = allowedSaleMoves(saleFacts(row), num(row.now_ms));
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    type: row.type,
    status: row.status,
    startsAt: isoFromMs(row.starts_ms),
    endsAt: isoFromMs(row.ends_ms),
    staggerSeconds: row.stagger_seconds,
    buyersPremiumPct: num(row.buyers_premium_pct),
    increments: row.increments ? row.increments.map((r) => ({ from: r.from, increment: r.increment })) : null,
    softClose: {
      enabled: row.soft_close_enabled,
      windowSeconds: row.soft_close_window_seconds,
      extensionSeconds: row.soft_close_extension_seconds,
    },
    registration: { required: row.registration_required, cardRequired: row.registration_card_required },
    pendingRegistrations: num(row.pending_registrations),
    lotCount: num(row.lot_count),
    activeLotCount: num(row.active_lot_count),
    lotsStarted: row.lots_started,
    editable: moves.includes('reschedule'),
    moves,
    createdAt: isoFromMs(row.created_ms),
    updatedAt: isoFromMs(row.updated_ms),
  };
}

export function toAdminLot(row: AdminLotRow): AdminLot {
  const reserve = numOrNull(row.reserve);
  return {
    id: row.id,
    auctionId: row.auction_id,
    rugId: row.rug_id,
    rugTitle: row.rug_title,
    lotNumber: row.lot_number,
    status: row.status,
    outcome: row.outcome,
    startsAt: isoFromMs(row.starts_ms),
    endsAt: isoFromMs(row.ends_ms),
    openingBid: num(row.opening_bid),
    reserve,
    buyNowPrice: numOrNull(row.buy_now_price),
    estimateLow: num(row.estimate_low),
    estimateHigh: num(row.estimate_high),
    currentBid: numOrNull(row.current_bid),
    leaderId: row.leader_id,
    leaderMax: numOrNull(row.leader_max),
    bidCount: row.bid_count,
    reserveMet: reserve === null ? null : row.reserve_met,
    hammerPrice: numOrNull(row.hammer_price),
    winnerId: row.winner_id,
    closedAt: isoOrNullFromMs(row.closed_ms),
  };
}
