import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  saleClosesLotsByClock,
  saleIsPublic,
  saleOpensLotsByClock,
  salePhase,
  saleStatusToStore,
  type SaleType,
} from '@knotwork/shared/sales/sale-phase';
import type { SaleStoredStatus } from '@knotwork/shared/sales/sale-moves';
import { num, rows } from '../../src/db/raw.ts';
import * as saleSql from '../../src/modules/lots/sale-sql.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeLot } from '../bidding/helpers.ts';

/** sale-sql.ts restates the shared sale phase for WHERE clauses: both must agree on every stored status and moment. */
describe('the SQL sale rules agree with the shared salePhase', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('phase, lots run by the clock and what the jobs store, for every type, status, live lot and moment', async () => {
    const types: SaleType[] = ['timed', 'live'];
    const statuses: SaleStoredStatus[] = ['draft', 'scheduled', 'open', 'closed', 'cancelled'];
    for (const type of types)
      for (const status of statuses)
        for (const liveLot of [true, false]) {
          // The lot ends a minute after the sale's own end, so the last lot's end and the sale's end differ.
          const { auctionId, lotId } = await makeLot(t, { startsIn: 60, endsIn: 180, status: 'scheduled' });
          await t.database.query(
            // Whole milliseconds, so the moments below are exact on both sides (the API's times are milliseconds).
            `update auctions set status = $2, type = $3, starts_at = date_trunc('milliseconds', now() + interval '60 seconds'),
               ends_at = date_trunc('milliseconds', now() + interval '120 seconds') where id = $1`,
            [auctionId, status, type],
          );
          await t.database.query(
            `update lots set status = $2, outcome = case when $2 = 'closed' then 'unsold' end,
               closed_at = case when $2 = 'closed' then now() end, ends_at = date_trunc('milliseconds', ends_at)
             where id = $1`,
            [lotId, liveLot ? 'scheduled' : 'closed'],
          );
          const [sale] = await rows<{
            starts_ms: string | number;
            ends_ms: string | number;
            last_ms: string | number;
          }>(
            t.app.ctx.db,
            sql`select extract(epoch from a.starts_at) * 1000 as starts_ms, extract(epoch from a.ends_at) * 1000 as ends_ms,
                  extract(epoch from l.ends_at) * 1000 as last_ms
                from auctions a join lots l on l.auction_id = a.id where a.id = ${auctionId}::uuid`,
          );
          const startsAt = num(sale!.starts_ms);
          const endsAt = num(sale!.ends_ms);
          const lastLotEndsAt = Math.max(endsAt, num(sale!.last_ms));
          for (const atMs of [startsAt - 1, startsAt, endsAt - 1, endsAt, lastLotEndsAt - 1, lastLotEndsAt]) {
            const at = sql`${new Date(atMs).toISOString()}::timestamptz`;
            const lastEnd = sql`(select max(ends_at) from lots where auction_id = a.id and status <> 'withdrawn')`;
            const [got] = await rows<{ phase: string; public: boolean; opens: boolean; closes: boolean }>(
              t.app.ctx.db,
              sql`select ${saleSql.salePhaseAt('a', lastEnd, at)} as phase, ${saleSql.saleIsPublic('a')} as public,
                    ${saleSql.saleOpensLotsByClock('a')} as opens,
                    ${saleSql.saleClosesLotsByClock('a')} as closes
                  from auctions a where a.id = ${auctionId}::uuid`,
            );
            // The job's two statements in order: open what is due, then close what is due of the result.
            const [stored] = await rows<{ status: string }>(
              t.app.ctx.db,
              sql`select case when ${saleSql.saleDueToCloseAt('o', at)} then 'closed' else o.status end as status
                  from (select a.id, a.ends_at,
                          case when ${saleSql.saleDueToOpenAt('a', at)} then 'open' else a.status end as status
                        from auctions a where a.id = ${auctionId}::uuid) o`,
            );
            const facts = { status, type, startsAt, lastLotEndsAt };
            const where = { type, status, liveLot, atMs: atMs - startsAt };
            expect({ ...where, ...got, stored: stored!.status }).toEqual({
              ...where,
              phase: salePhase(facts, atMs),
              public: saleIsPublic(facts),
              opens: saleOpensLotsByClock(facts),
              closes: saleClosesLotsByClock(facts),
              stored: saleStatusToStore({ status, startsAt, endsAt, hasLiveLots: liveLot }, atMs),
            });
          }
        }
  });
});
