import { sql, type SQL } from 'drizzle-orm';

/**
 * The lot rules that queries filter on, written once in SQL. They restate packages/shared/src/bidding/lot-phase.ts
 * (`lotPhase`) for a database row, so a WHERE clause and an index can use them: a lot is live while its stored
 * status is scheduled or open; at a time it is open once its start has passed and until its end (the stored
 * status may lag: the jobs open and close lots a little later); past its end it is closing. A change to the
 * phase rule changes both files; test/lots/lot-sql.test.ts holds them to the same answers.
 */

/** `alias.status` is one of the live statuses (not yet closed, not withdrawn). */
export const lotIsLive = (alias: string): SQL => sql.raw(`${alias}.status in ('scheduled', 'open')`);

/** The lot takes bids at `at` (lotPhase 'open'). */
export const lotOpenAt = (alias: string, at: SQL): SQL =>
  sql`(${lotIsLive(alias)} and ${sql.raw(alias)}.starts_at <= ${at} and ${sql.raw(alias)}.ends_at > ${at})`;

/** The stored status is still scheduled but the lot is open at `at` (the open job's work). */
export const lotDueToOpenAt = (alias: string, at: SQL): SQL =>
  sql`(${sql.raw(alias)}.status = 'scheduled' and ${lotOpenAt(alias, at)})`;

/** The lot's end has passed but nobody has closed it yet (lotPhase 'closing'; the close job's work). */
export const lotDueToCloseAt = (alias: string, at: SQL): SQL =>
  sql`(${lotIsLive(alias)} and ${sql.raw(alias)}.ends_at <= ${at})`;

/**
 * The rug's current lot: its live lot (at most one, lots_rug_active_key), else its latest non-withdrawn one.
 * Also the lot the catalogue shows on the rug (migration 0003's rugs_sync_lot uses the same order).
 */
export const currentLotIdOfRug = (
  rugId: SQL,
): SQL => sql`(select cl.id from lots cl where cl.rug_id = ${rugId}
    and cl.status <> 'withdrawn' order by (${lotIsLive('cl')}) desc, cl.ends_at desc limit 1)`;

/** The rug's live lot, if any. */
export const liveLotIdOfRug = (rugId: SQL): SQL =>
  sql`(select id from lots l where l.rug_id = ${rugId} and ${lotIsLive('l')})`;

/** Which lot an id in a URL names: the lot itself, or the rug's current lot. */
export const lotIdOf = (id: string): SQL =>
  sql`(select coalesce((select id from lots where id = ${id}::uuid), ${currentLotIdOfRug(sql`${id}::uuid`)}))`;
