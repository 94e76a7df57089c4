import { sql } from 'drizzle-orm';
import type { ImportJob, ImportKind, ImportRowError } from '@knotwork/shared/schemas/import-staff';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { liveLotIdOfRug } from '../lots/lot-sql.ts';

interface JobRow {
  id: string;
  kind: ImportKind;
  status: ImportJob['status'];
  total: number;
  done: number;
  created: number;
  skipped: number;
  failed: number;
  errors: ImportRowError[];
  created_at: string;
  finished_at: string | null;
}

export interface RugRef {
  id: string;
  slug: string;
  import_key: string | null;
  status: string;
  in_lot: boolean;
  in_sale: boolean;
}

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
/** A JS array as one parameter (drizzle would spread it into a list). */
const textSet = (values: string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** SQL of imports: the job rows the page polls, and the look-ups a preview needs in one query each. */
export function createImportRepository(db: Db) {
  return {
    async existingKeys(keys: string[], tx: Db = db): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const found = await rows<{ import_key: string }>(
        tx,
        sql`select import_key from rugs where import_key in ${textSet(keys)}`,
      );
      return new Set(found.map((r) => r.import_key));
    },

    /** Rugs named by reference (`ref:` import key) or slug, with what the add-lot rules look at. */
    async rugsByRef(refs: string[], auctionId: string): Promise<RugRef[]> {
      if (!refs.length) return [];
      return rows<RugRef>(
        db,
        sql`select r.id, r.slug, r.import_key, r.status, ${liveLotIdOfRug(sql`r.id`)} is not null as in_lot,
              exists (select 1 from lots l where l.rug_id = r.id and l.auction_id = ${auctionId}::uuid) as in_sale
            from rugs r
            where r.slug in ${textSet(refs)} or r.import_key in ${textSet(refs.map((x) => `ref:${x}`))}`,
      );
    },

    async createJob(
      tx: Db,
      j: {
        kind: ImportKind;
        staffId: string;
        auctionId: string | null;
        total: number;
        skipped: number;
        errors: ImportRowError[];
      },
    ): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into import_jobs (kind, staff_id, auction_id, total, skipped, failed, errors)
            values (${j.kind}, ${j.staffId}::uuid, ${j.auctionId}::uuid, ${j.total}, ${j.skipped},
              ${j.errors.length ? new Set(j.errors.map((e) => e.line)).size : 0}, ${JSON.stringify(j.errors)}::jsonb)
            returning id`,
      );
      return row!.id;
    },

    /** Advances a job by one batch; in the batch's own transaction, so progress and rows always agree. */
    async advance(
      tx: Db,
      id: string,
      d: { done: number; created: number; skipped: number; failed: number; errors: ImportRowError[] },
    ): Promise<void> {
      await tx.execute(sql`update import_jobs set done = done + ${d.done}, created = created + ${d.created},
        skipped = skipped + ${d.skipped}, failed = failed + ${d.failed},
        errors = errors || ${JSON.stringify(d.errors)}::jsonb where id = ${id}::uuid`);
    },

    async finish(id: string, status: 'done' | 'failed'): Promise<void> {
      await db.execute(
        sql`update import_jobs set status = ${status}, finished_at = now() where id = ${id}::uuid`,
      );
    },

    async job(id: string): Promise<JobRow | undefined> {
      const [row] = await rows<JobRow>(
        db,
        sql`select id, kind, status, total, done, created, skipped, failed, errors, ${iso('created_at')} as created_at,
              case when finished_at is null then null else ${iso('finished_at')} end as finished_at
            from import_jobs where id = ${id}::uuid`,
      );
      return row;
    },
  };
}
export type ImportRepository = ReturnType<typeof createImportRepository>;
