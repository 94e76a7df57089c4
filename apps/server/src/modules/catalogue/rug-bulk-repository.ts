import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { lotIsLive } from '../lots/lot-sql.ts';

/** What a bulk action checks of each rug. */
export interface RugFacts {
  id: string;
  title: string;
  status: string;
  estimate_low: string | number;
  estimate_high: string | number;
}

/** The rugs of `ids` that exist, by id; locked in id order when `lock` (a status change). */
export async function rugFacts(db: Db, ids: string[], lock: boolean): Promise<Map<string, RugFacts>> {
  const found = await rows<RugFacts>(
    db,
    sql`select id, title, status, estimate_low, estimate_high from rugs
        where id = any(${sql.param(ids)}::uuid[]) order by id ${lock ? sql`for update` : sql``}`,
  );
  return new Map(found.map((r) => [r.id, r]));
}

/** Which of `ids` the collection already holds. */
export async function rugsInCollection(db: Db, collectionId: string, ids: string[]): Promise<Set<string>> {
  const found = await rows<{ rug_id: string }>(
    db,
    sql`select rug_id from rug_collections where collection_id = ${collectionId}::uuid
        and rug_id = any(${sql.param(ids)}::uuid[])`,
  );
  return new Set(found.map((r) => r.rug_id));
}

export async function saleExists(db: Db, saleId: string): Promise<boolean> {
  return (await rows<{ id: string }>(db, sql`select id from auctions where id = ${saleId}::uuid`)).length > 0;
}

/** The lot number of each of `ids` already offered (not withdrawn or closed unsold) in this sale. */
export async function liveLotNumbersInSale(
  db: Db,
  saleId: string,
  ids: string[],
): Promise<Map<string, number>> {
  const found = await rows<{ rug_id: string; lot_number: number }>(
    db,
    sql`select l.rug_id, l.lot_number from lots l where l.auction_id = ${saleId}::uuid
        and l.rug_id = any(${sql.param(ids)}::uuid[]) and ${lotIsLive('l')}`,
  );
  return new Map(found.map((r) => [r.rug_id, r.lot_number]));
}
