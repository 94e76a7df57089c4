import { sql } from 'drizzle-orm';
import type { LotState } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';

export interface BidRow {
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

export interface LineRow {
  seq: string | number;
  payload: { bidId?: string | null; bidderId?: string; amount?: number; automatic?: boolean; at?: number };
  superseded: boolean;
  bidder_name: string | null;
  bidder_email: string | null;
}

/** Every stored bid of the lot with its bidder and, when voided, who voided it and why; in bidding order. */
export function staffBidRows(db: Db, lotId: string): Promise<BidRow[]> {
  return rows<BidRow>(
    db,
    sql`select b.id, b.bidder_id, u.first_name || ' ' || u.last_name as bidder_name, u.email as bidder_email,
          b.max_amount, b.status, extract(epoch from b.created_at) * 1000 as created_ms,
          extract(epoch from b.voided_at) * 1000 as voided_ms, v.id as voided_by_id,
          v.first_name || ' ' || v.last_name as voided_by_name, v.email as voided_by_email, b.void_reason
        from bids b join users u on u.id = b.bidder_id left join users v on v.id = b.voided_by
        where b.lot_id = ${lotId}::uuid order by b.event_seq, b.created_at`,
  );
}

/** The lot's public history lines (bid_placed events) with the real bidder behind each. */
export function bidLineRows(db: Db, lotId: string): Promise<LineRow[]> {
  return rows<LineRow>(
    db,
    sql`select e.seq, e.payload, e.superseded, u.first_name || ' ' || u.last_name as bidder_name, u.email as bidder_email
        from lot_events e left join users u on u.id::text = e.payload->>'bidderId'
        where e.lot_id = ${lotId}::uuid and e.type = 'bid_placed' order by e.seq`,
  );
}

export async function lotEngineState(db: Db, lotId: string): Promise<LotState | null> {
  const [row] = await rows<{ engine_state: LotState | null }>(
    db,
    sql`select engine_state from lots where id = ${lotId}::uuid`,
  );
  return row?.engine_state ?? null;
}

/** A bid's lot and status, or undefined. */
export async function bidLotAndStatus(
  db: Db,
  bidId: string,
): Promise<{ lot_id: string; status: string } | undefined> {
  const [bid] = await rows<{ lot_id: string; status: string }>(
    db,
    sql`select lot_id, status from bids where id = ${bidId}::uuid`,
  );
  return bid;
}

/** Who voided the bid and why (the void itself is the lot core's action, in the same transaction). */
export async function recordBidVoider(db: Db, bidId: string, staffId: string, reason: string): Promise<void> {
  await db.execute(
    sql`update bids set voided_by = ${staffId}::uuid, void_reason = ${reason} where id = ${bidId}::uuid`,
  );
}
