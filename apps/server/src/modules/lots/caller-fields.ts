import type { Lot } from '@knotwork/shared/schemas/catalogue';
import type { Db } from '../../db/client.ts';
import { numOrNull } from '../../db/raw.ts';
import type { CallerFields } from './lot-payload.ts';
import { callerFieldRows } from './lot-read-repository.ts';

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
  const found = await callerFieldRows(db, userId, lotIds);
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
