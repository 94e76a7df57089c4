import { sql } from 'drizzle-orm';
import type { ExposureLine } from '@knotwork/shared/bidding/exposure';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { exposureLinesOf } from './bidder-limit-sql.ts';

/** A bidder's limit as their page and staff's read it (null columns: none), with the sum of their exposure now. */
export interface BidderLimitRow {
  limit_cents: string | number | null;
  note: string;
  set_ms: string | number | null;
  set_by: string | null;
  exposure: string | number;
}

/** The bidder's limit, who set it, and what they have committed now (the sum of their exposure lines). */
export async function readBidderLimit(db: Db, userId: string): Promise<BidderLimitRow> {
  const [row] = await rows<BidderLimitRow>(
    db,
    sql`select bl.limit_cents, coalesce(bl.note, '') as note, extract(epoch from bl.set_at) * 1000 as set_ms,
          nullif(trim(s.first_name || ' ' || s.last_name), '') as set_by,
          (select coalesce(sum((x ->> 'cents')::bigint), 0)
             from json_array_elements(${exposureLinesOf(sql`${userId}::uuid`)}) x) as exposure
        from (select ${userId}::uuid as user_id) w
        left join bidder_limits bl on bl.user_id = w.user_id left join users s on s.id = bl.set_by`,
  );
  return row!;
}

/** A limited bidder as a bid transaction sees them: their limit and what they have committed. */
export interface BidderLimitFacts {
  limitCents: number;
  lines: ExposureLine[];
}

/**
 * Inside a transaction that accepts maxima or buys for `userIds`: locks the bidding-limit rows of those who have one,
 * in user-id order (every such transaction takes them in that order after its one lot lock, so none waits on
 * another in a circle), then reads their exposure in a second statement. Two statements on purpose: under read
 * committed a statement's snapshot is taken when it starts, so exposure read in the locking statement could predate
 * the commit of the transaction it waited for (that transaction's bid on another lot would be missed).
 * Bidders without a row take no lock and are absent from the map.
 */
export async function lockBidderLimits(
  tx: Db,
  userIds: readonly string[],
): Promise<Map<string, BidderLimitFacts>> {
  const found = new Map<string, BidderLimitFacts>();
  if (userIds.length === 0) return found;
  const locked = await rows<{ user_id: string; limit_cents: string | number }>(
    tx,
    sql`select user_id::text, limit_cents from bidder_limits
        where user_id = any(${sql.param([...userIds])}::uuid[]) order by user_id for update`,
  );
  if (locked.length === 0) return found;
  const exposure = await rows<{
    user_id: string;
    lines: { lotId: string; kind: ExposureLine['kind']; cents: string | number }[];
  }>(
    tx,
    sql`select u.id::text as user_id, ${exposureLinesOf(sql`u.id`)} as lines
        from unnest(${sql.param(locked.map((l) => l.user_id))}::uuid[]) as u(id)`,
  );
  const lines = new Map(exposure.map((e) => [e.user_id, e.lines]));
  for (const l of locked)
    found.set(l.user_id, {
      limitCents: num(l.limit_cents),
      lines: (lines.get(l.user_id) ?? []).map((x) => ({ lotId: x.lotId, kind: x.kind, cents: num(x.cents) })),
    });
  return found;
}
