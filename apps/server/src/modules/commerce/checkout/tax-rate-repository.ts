import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { isoFromMs, num, rows } from '../../../db/raw.ts';
import type { TaxRate } from './quote.ts';

/** The rate of a destination: the state's own if it has one, else the country's. */
export async function findTaxRate(db: Db, country: string, state: string | null): Promise<TaxRate | null> {
  const found = await rows<{
    country: string;
    state: string | null;
    rate_bp: number;
    applies_to: TaxRate['appliesTo'];
  }>(
    db,
    sql`select country, state, rate_bp, applies_to from tax_rates
        where country = ${country} and (state is null or state = ${state})
        order by state is null limit 1`,
  );
  const r = found[0];
  return r ? { country: r.country, state: r.state, rateBp: num(r.rate_bp), appliesTo: r.applies_to } : null;
}

/** Every rate, by country then state (the country's own first). */
export async function listTaxRates(db: Db) {
  const found = await rows<{
    id: string;
    country: string;
    state: string | null;
    rate_bp: number;
    applies_to: TaxRate['appliesTo'];
    updated_ms: string | number;
  }>(
    db,
    sql`select id, country, state, rate_bp, applies_to, extract(epoch from updated_at) * 1000 as updated_ms from tax_rates order by country, state nulls first`,
  );
  return found.map((r) => ({
    id: r.id,
    country: r.country,
    state: r.state,
    rateBp: num(r.rate_bp),
    appliesTo: r.applies_to,
    updatedAt: isoFromMs(r.updated_ms),
  }));
}

/** Sets a destination's rate, replacing any earlier one; answers its id. */
export async function upsertTaxRate(
  tx: Db,
  r: { country: string; state: string | null; rateBp: number; appliesTo: TaxRate['appliesTo'] },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into tax_rates (country, state, rate_bp, applies_to) values (${r.country}, ${r.state}, ${r.rateBp}, ${r.appliesTo})
        on conflict (country, coalesce(state, '')) do update set rate_bp = excluded.rate_bp, applies_to = excluded.applies_to, updated_at = clock_timestamp()
        returning id`,
  );
  return row!.id;
}

/** Deletes a rate; answers its destination, or undefined when there was none. */
export async function deleteTaxRate(
  tx: Db,
  id: string,
): Promise<{ country: string; state: string | null } | undefined> {
  const [gone] = await rows<{ country: string; state: string | null }>(
    tx,
    sql`delete from tax_rates where id = ${id}::uuid returning country, state`,
  );
  return gone;
}
