import { sql } from 'drizzle-orm';
import type { Lot } from '@knotwork/shared/schemas/catalogue';
import type { Db } from '../../db/client.ts';
import { numOrNull, rows } from '../../db/raw.ts';
import type { CallerFields } from './lot-payload.ts';

/**
 * The caller's standing on a page of lots, in one query: leading (the lot's leader), their own maximum (their
 * latest accepted bid: a bidder's every new bid exceeds their previous maximum), and whether they like the rug.
 */
export async function callerFieldsForLots(
  db: Db,
  userId: string,
  lotIds: readonly string[],
): Promise<Map<string, CallerFields>> {
  if (lotIds.length === 0) return new Map();
  const found = await rows<{ id: string; leading: boolean; my_max: string | number | null; liked: boolean }>(
    db,
    sql`select l.id, coalesce(l.leader_id = ${userId}::uuid, false) as leading,
          (select max(b.max_amount) from bids b where b.lot_id = l.id and b.bidder_id = ${userId}::uuid and b.status = 'accepted') as my_max,
          exists (select 1 from likes k where k.user_id = ${userId}::uuid and k.rug_id = l.rug_id) as liked
        from lots l where l.id = any(${sql.param([...lotIds])}::uuid[])`,
  );
  return new Map(
    found.map((r) => [r.id, { leading: r.leading, myMaxBid: numOrNull(r.my_max), liked: r.liked }]),
  );
}

/** Lots with the caller's fields merged in (unchanged for an anonymous caller). */
export async function withCallerFields<T extends Lot>(
  db: Db,
  userId: string | undefined,
  lots: T[],
): Promise<T[]> {
  if (!userId || lots.length === 0) return lots;
  const fields = await callerFieldsForLots(
    db,
    userId,
    lots.map((l) => l.id),
  );
  return lots.map((l) => ({
    ...l,
    ...(fields.get(l.id) ?? { leading: false, myMaxBid: null, liked: false }),
  }));
}
