import { sql } from 'drizzle-orm';
import type { LotState } from '@knotwork/shared/bidding/types';
import { bidderNumbersInState } from '@knotwork/shared/bidding/pseudonyms';
import { adminMessages as m, type AdminBid } from '@knotwork/shared/schemas/sales-staff';
import type { z } from 'zod';
import type { adminHistoryLineSchema } from '@knotwork/shared/schemas/sales-staff';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { isoFromMs, isoOrNullFromMs, num, rows } from '../../db/raw.ts';
import { createAdminAuctionRepository } from './staff-repository.ts';
import { toAdminLot } from './staff-mappers.ts';

type HistoryLine = z.infer<typeof adminHistoryLineSchema>;

interface BidRow {
  id: string;
  bidder_id: string;
  bidder_name: string;
  bidder_email: string;
  max_amount: string | number;
  status: 'accepted' | 'voided';
  created_ms: string | number;
  voided_ms: string | number | null;
  voided_by_id: string | null;
  voided_by_name: string | null;
  voided_by_email: string | null;
  void_reason: string | null;
}

interface LineRow {
  seq: string | number;
  payload: { bidId?: string | null; bidderId?: string; amount?: number; automatic?: boolean; at?: number };
  superseded: boolean;
  bidder_name: string | null;
  bidder_email: string | null;
}

/**
 * Everything staff need to judge a lot: every stored bid with the bidder's name, e-mail and maximum (voided ones
 * with who voided them and why), and the public history lines with the real bidder behind each pseudonym.
 */
export function createBidHistory(db: Db) {
  const repo = createAdminAuctionRepository(db);
  return async function bidHistory(lotId: string) {
    const lot = await repo.findLot(db, lotId);
    if (!lot) throw notFound(m.lotNotFound);
    const [bids, lines, [state]] = await Promise.all([
      rows<BidRow>(
        db,
        sql`select b.id, b.bidder_id, u.first_name || ' ' || u.last_name as bidder_name, u.email as bidder_email,
              b.max_amount, b.status, extract(epoch from b.created_at) * 1000 as created_ms,
              extract(epoch from b.voided_at) * 1000 as voided_ms, v.id as voided_by_id,
              v.first_name || ' ' || v.last_name as voided_by_name, v.email as voided_by_email, b.void_reason
            from bids b join users u on u.id = b.bidder_id left join users v on v.id = b.voided_by
            where b.lot_id = ${lotId}::uuid order by b.event_seq, b.created_at`,
      ),
      rows<LineRow>(
        db,
        sql`select e.seq, e.payload, e.superseded, u.first_name || ' ' || u.last_name as bidder_name, u.email as bidder_email
            from lot_events e left join users u on u.id::text = e.payload->>'bidderId'
            where e.lot_id = ${lotId}::uuid and e.type = 'bid_placed' order by e.seq`,
      ),
      rows<{ engine_state: LotState | null }>(
        db,
        sql`select engine_state from lots where id = ${lotId}::uuid`,
      ),
    ]);
    const numbers = bidderNumbersInState({ maxima: state?.engine_state?.maxima ?? [] });
    const pseudonym = (bidderId: string) => numbers.get(bidderId) ?? null;
    const data: AdminBid[] = bids.map((b) => ({
      id: b.id,
      bidder: { id: b.bidder_id, name: b.bidder_name, email: b.bidder_email },
      pseudonym: pseudonym(b.bidder_id),
      maxAmount: num(b.max_amount),
      status: b.status,
      createdAt: isoFromMs(b.created_ms),
      voidedAt: isoOrNullFromMs(b.voided_ms),
      voidedBy: b.voided_by_id
        ? { id: b.voided_by_id, name: b.voided_by_name ?? '', email: b.voided_by_email ?? '' }
        : null,
      voidReason: b.void_reason,
    }));
    const history: HistoryLine[] = lines.map((l) => ({
      seq: num(l.seq),
      bidId: l.payload.bidId ?? null,
      bidder: l.payload.bidderId
        ? { id: l.payload.bidderId, name: l.bidder_name ?? '', email: l.bidder_email ?? '' }
        : null,
      amount: num(l.payload.amount ?? 0),
      automatic: l.payload.automatic === true,
      superseded: l.superseded,
      at: isoFromMs(l.payload.at ?? 0),
    }));
    return { lot: toAdminLot(lot), bids: data, history };
  };
}
