import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';

export interface ExchangeRateRow {
  currency: string;
  rate_micros: string | number;
  demo: boolean;
  updated_ms: string | number;
  updated_by: string | null;
}

/** The exchange_rates table (migration 0130): one row per currency, its rate against the house currency. */
export function createExchangeRateRepository(db: Db) {
  return {
    async list(): Promise<ExchangeRateRow[]> {
      return rows<ExchangeRateRow>(
        db,
        sql`select r.currency, r.rate_micros, r.demo, extract(epoch from r.updated_at) * 1000 as updated_ms,
              nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as updated_by
            from exchange_rates r left join users u on u.id = r.updated_by
            order by r.currency`,
      );
    },

    /** Sets one currency's rate (a staff figure: no longer a demo one). */
    async upsert(tx: Db, currency: string, rateMicros: number, staffId: string): Promise<number | null> {
      const [before] = await rows<{ rate_micros: string | number }>(
        tx,
        sql`select rate_micros from exchange_rates where currency = ${currency} for update`,
      );
      await tx.execute(sql`insert into exchange_rates (currency, rate_micros, demo, updated_at, updated_by)
        values (${currency}, ${rateMicros}, false, clock_timestamp(), ${staffId}::uuid)
        on conflict (currency) do update set rate_micros = excluded.rate_micros, demo = false,
          updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
      return before ? Number(before.rate_micros) : null;
    },

    async remove(tx: Db, currency: string): Promise<number | null> {
      const [gone] = await rows<{ rate_micros: string | number }>(
        tx,
        sql`delete from exchange_rates where currency = ${currency} returning rate_micros`,
      );
      return gone ? Number(gone.rate_micros) : null;
    },

    /** Demo figures, only into an empty table (a house's own rates are never touched). */
    async seedDemo(rates: ReadonlyArray<[currency: string, micros: number]>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('knotwork:demo-exchange-rates'))`);
        const [any] = await rows<{ currency: string }>(tx, sql`select currency from exchange_rates limit 1`);
        if (any || rates.length === 0) return;
        const values = rates.map(([c, micros]) => sql`(${c}, ${micros}, true)`);
        await tx.execute(
          sql`insert into exchange_rates (currency, rate_micros, demo) values ${sql.join(values, sql`, `)}`,
        );
      });
    },
  };
}
export type ExchangeRateRepository = ReturnType<typeof createExchangeRateRepository>;
