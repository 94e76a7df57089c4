import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotIsLive as isLive, lotPhase } from '@knotwork/shared/bidding/lot-phase';
import type { LotStatus } from '@knotwork/shared/bidding/types';
import { num, rows } from '../../src/db/raw.ts';
import { lotDueToCloseAt, lotDueToOpenAt, lotIsLive, lotOpenAt } from '../../src/modules/lots/lot-sql.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeLot } from '../bidding/helpers.ts';

/** lot-sql.ts restates the shared lotPhase for WHERE clauses: both must agree on every stored status and moment. */
describe('the SQL phase rules agree with the shared lotPhase', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('open, due to open, due to close and live, for every stored status before, during and after the lot', async () => {
    const statuses: LotStatus[] = ['scheduled', 'open', 'closed', 'withdrawn'];
    for (const status of statuses) {
      const { lotId } = await makeLot(t, { startsIn: 60, endsIn: 120, status: 'scheduled' });
      await t.database.query(
        // Whole milliseconds, so the moments below are exact on both sides (the API's times are milliseconds).
        `update lots set status = $2, outcome = case when $2 = 'closed' then 'unsold' end,
           closed_at = case when $2 = 'closed' then now() end, starts_at = date_trunc('milliseconds', starts_at),
           ends_at = date_trunc('milliseconds', ends_at) where id = $1`,
        [lotId, status],
      );
      const [lot] = await rows<{ starts_ms: string | number; ends_ms: string | number }>(
        t.app.ctx.db,
        sql`select extract(epoch from starts_at) * 1000 as starts_ms, extract(epoch from ends_at) * 1000 as ends_ms
            from lots where id = ${lotId}::uuid`,
      );
      const startsAt = num(lot!.starts_ms);
      const endsAt = num(lot!.ends_ms);
      for (const atMs of [startsAt - 1, startsAt, endsAt - 1, endsAt, endsAt + 1]) {
        const at = sql`${new Date(atMs).toISOString()}::timestamptz`;
        const [got] = await rows<{ live: boolean; open: boolean; due_open: boolean; due_close: boolean }>(
          t.app.ctx.db,
          sql`select ${lotIsLive('l')} as live, ${lotOpenAt('l', at)} as open, ${lotDueToOpenAt('l', at)} as due_open,
                ${lotDueToCloseAt('l', at)} as due_close
              from lots l where l.id = ${lotId}::uuid`,
        );
        const phase = lotPhase(
          { status, outcome: status === 'closed' ? 'unsold' : null, startsAt, endsAt },
          atMs,
        );
        const live = isLive({ status });
        expect({ status, atMs: atMs - startsAt, ...got }).toEqual({
          status,
          atMs: atMs - startsAt,
          live,
          open: phase === 'open',
          due_open: status === 'scheduled' && phase === 'open',
          due_close: live && phase === 'closing',
        });
      }
    }
  });
});
