import { sql, type SQL } from 'drizzle-orm';
import { lotIsLive } from './lot-sql.ts';

/**
 * The sale rules that queries filter on, written once in SQL beside the lot rules (lot-sql.ts). They restate
 * packages/shared/src/sales/sale-phase.ts for an `auctions` row, so a WHERE clause can use them; a change to the
 * rule changes both files, and test/lots/sale-sql.test.ts holds them to the same answers. `alias` names the
 * auctions row.
 */

/**
 * The end of the sale's last lot as the API's `lastLotEndsAt`: the later of the sale's end and `lastLotEnd` (the
 * latest end of its lots that are not withdrawn; null when it has none).
 */
export const saleLastLotEnd = (alias: string, lastLotEnd: SQL): SQL =>
  sql`greatest(${sql.raw(alias)}.ends_at, ${lastLotEnd})`;

/** `salePhase` at `at`: one of 'draft', 'scheduled', 'open', 'closing', 'closed', 'cancelled'. */
export const salePhaseAt = (alias: string, lastLotEnd: SQL, at: SQL): SQL => {
  const a = sql.raw(alias);
  return sql`(case when ${a}.status in ('draft', 'cancelled', 'closed') then ${a}.status::text
    when ${at} < ${a}.starts_at then 'scheduled'
    when ${a}.type = 'live' then 'open'
    when ${at} < ${saleLastLotEnd(alias, lastLotEnd)} then 'open'
    else 'closing' end)`;
};

/** `saleIsPublic`: readers see the sale (not a draft). */
export const saleIsPublic = (alias: string): SQL => sql.raw(`${alias}.status <> 'draft'`);

/** `saleOpensLotsByClock`: the open job opens this sale's due lots. */
export const saleOpensLotsByClock = (alias: string): SQL =>
  sql.raw(`${alias}.status in ('scheduled', 'open')`);

/** `saleClosesLotsByClock`: the close job closes this sale's lots once their end passes. */
export const saleClosesLotsByClock = (alias: string): SQL =>
  sql.raw(`(${alias}.type <> 'live' and ${alias}.status <> 'draft')`);

/** `saleStatusToStore` moves a scheduled sale to open at `at`. */
export const saleDueToOpenAt = (alias: string, at: SQL): SQL =>
  sql`(${sql.raw(alias)}.status = 'scheduled' and ${sql.raw(alias)}.starts_at <= ${at})`;

/** `saleStatusToStore` moves an open sale to closed at `at`: its end has passed and none of its lots is live. */
export const saleDueToCloseAt = (alias: string, at: SQL): SQL => {
  const a = sql.raw(alias);
  return sql`(${a}.status = 'open' and ${a}.ends_at <= ${at}
    and not exists (select 1 from lots sl where sl.auction_id = ${a}.id and ${lotIsLive('sl')}))`;
};
