import { sql } from 'drizzle-orm';
import type { PrintedKind } from '@knotwork/shared/schemas/printed-catalogues';
import type { Language } from '@knotwork/shared/constants/languages';
import type { Db } from '../../db/client.ts';
import type { MediaImageRow } from '../../db/schema/media.ts';
import { rows } from '../../db/raw.ts';

export interface PrintedSale {
  id: string;
  slug: string;
  title: string;
  description: string;
  type: 'timed' | 'live';
  starts_at: string;
  ends_at: string;
  buyers_premium_pct: string | number;
  draft: boolean;
  over: boolean;
  cover_variants: MediaImageRow['variants'] | null;
}

export interface PrintedLot {
  lot_number: string | number;
  status: string;
  outcome: string | null;
  hammer_price: string | number | null;
  estimate_low: string | number;
  estimate_high: string | number;
  title: string;
  description: string;
  origin_region: string;
  origin_country: string;
  circa_year: number | null;
  width_cm: string | number;
  length_cm: string | number;
  variants: MediaImageRow['variants'] | null;
}

export interface PrintedRow {
  auction_id: string;
  kind: PrintedKind;
  language: Language;
  version: string;
  status: 'queued' | 'rendering' | 'ready' | 'failed';
  lots_done: number;
  lots_total: number;
  storage_key: string | null;
  file_version: string | null;
  size_bytes: number | null;
  requested_at: string;
  finished_at: string | null;
  error: string | null;
}

export interface PrintedKey {
  auction_id: string;
  kind: PrintedKind;
  language: Language;
}

const KEY = (k: PrintedKey) =>
  sql`auction_id = ${k.auction_id}::uuid and kind = ${k.kind} and language = ${k.language}`;
const ROW =
  sql.raw(`auction_id, kind, language, version, status, lots_done, lots_total, storage_key, file_version,
  size_bytes, to_char(requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as requested_at,
  to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as finished_at, error`);
// A render claimed this long ago belongs to a process that died: the next job takes it again.
const STALE_CLAIM = sql.raw(`interval '10 minutes'`);

/** The SQL of printed catalogues (issue 29 §3, decision 094). */
export function createPrintedCatalogueRepository(db: Db) {
  return {
    /** A sale by id or slug, with what the cover prints and whether it is over (every lot closed or withdrawn). */
    async sale(idOrSlug: string): Promise<PrintedSale | undefined> {
      const match = /^[0-9a-f-]{36}$/i.test(idOrSlug)
        ? sql`a.id = ${idOrSlug}::uuid`
        : sql`a.slug = ${idOrSlug}`;
      const [row] = await rows<PrintedSale>(
        db,
        sql`select a.id, a.slug, a.title, a.description, a.type, a.buyers_premium_pct,
              to_char(a.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at,
              to_char(a.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ends_at,
              a.status = 'draft' as draft,
              (a.status = 'closed' or (exists (select 1 from lots l where l.auction_id = a.id)
                 and not exists (select 1 from lots l where l.auction_id = a.id
                   and l.status in ('scheduled', 'open')))) as over,
              m.variants as cover_variants
            from auctions a left join media_images m on m.id = a.cover_image_id
            where ${match}`,
      );
      return row;
    },

    /**
     * The version of what a document prints: an md5 over the sale's and every lot's printed fields (and, for the
     * realised prices, outcomes and hammer prices) and the house's letterhead. A bid changes none of them, so the
     * catalogue is not made again for every bid; a lot's new title, estimate or picture changes it.
     */
    async contentVersion(auctionId: string, kind: PrintedKind): Promise<string> {
      const [row] = await rows<{ v: string }>(
        db,
        sql`select md5(concat_ws('|', a.title, a.description, a.type, a.starts_at, a.ends_at, a.buyers_premium_pct,
              a.cover_image_id, (select value::text from house_settings where key = 'house'),
              (select value::text from house_settings where key = 'catalogue_conditions'),
              -- Withdrawn or not, not the lot's phase: a timed sale's lots open and close without changing the print.
              (select string_agg(concat_ws(',', l.lot_number, l.status = 'withdrawn', l.estimate_low, l.estimate_high, r.title,
                  r.description, r.origin_region, r.origin_country, r.circa_year, r.width_cm, r.length_cm,
                  (select ri.image_id from rug_images ri where ri.rug_id = r.id order by ri.position, ri.image_id limit 1),
                  ${kind === 'realised' ? sql`concat(l.outcome, ':', l.hammer_price)` : sql`''`}), ';' order by l.lot_number, l.id)
                from lots l join rugs r on r.id = l.rug_id where l.auction_id = a.id))) as v
            from auctions a where a.id = ${auctionId}::uuid`,
      );
      return row?.v ?? '';
    },

    /** The house's conditions of sale in one language (Settings), '' when it keeps the standard summary. */
    async conditionsOfSale(language: Language): Promise<string> {
      const [row] = await rows<{ text: string | null }>(
        db,
        sql`select value ->> ${language} as text from house_settings where key = 'catalogue_conditions'`,
      );
      return row?.text ?? '';
    },

    /** The sale's lots in order, with the cover picture's variants. */
    lots(auctionId: string): Promise<PrintedLot[]> {
      return rows<PrintedLot>(
        db,
        sql`select l.lot_number, l.status, l.outcome, l.hammer_price, l.estimate_low, l.estimate_high,
              r.title, r.description, r.origin_region, r.origin_country, r.circa_year, r.width_cm, r.length_cm,
              (select m.variants from rug_images ri join media_images m on m.id = ri.image_id
                where ri.rug_id = r.id order by ri.position, ri.image_id limit 1) as variants
            from lots l join rugs r on r.id = l.rug_id
            where l.auction_id = ${auctionId}::uuid
            order by l.lot_number, l.id`,
      );
    },

    async get(key: PrintedKey): Promise<PrintedRow | undefined> {
      const [row] = await rows<PrintedRow>(db, sql`select ${ROW} from printed_catalogues where ${KEY(key)}`);
      return row;
    },

    /**
     * Asks for the document of this version: a new row is queued; a row of an older version is queued again (its
     * last file stays until the new one replaces it), or, while it renders, made again once done; a row of this
     * version is left as it is.
     */
    async request(key: PrintedKey, version: string): Promise<PrintedRow> {
      const [row] = await rows<PrintedRow>(
        db,
        sql`insert into printed_catalogues (auction_id, kind, language, version)
            values (${key.auction_id}::uuid, ${key.kind}, ${key.language}, ${version})
            on conflict (auction_id, kind, language) do update
              -- A render under way goes on (its progress stays visible) and, finished, is queued again (finish).
              set version = excluded.version, error = null, requested_at = clock_timestamp(),
                  status = case when printed_catalogues.status = 'rendering' then 'rendering' else 'queued' end,
                  lots_done = case when printed_catalogues.status = 'rendering' then printed_catalogues.lots_done else 0 end,
                  claimed_at = case when printed_catalogues.status = 'rendering' then printed_catalogues.claimed_at end
              where printed_catalogues.version <> excluded.version
            returning ${ROW}`,
      );
      return row ?? (await this.get(key))!;
    },

    /** Takes the oldest waiting document (or one whose renderer died), so no two processes make the same one. */
    async claimNext(): Promise<PrintedRow | undefined> {
      const [row] = await rows<PrintedRow>(
        db,
        sql`update printed_catalogues p set status = 'rendering', claimed_at = clock_timestamp(), lots_done = 0
            where (p.auction_id, p.kind, p.language) = (
              select auction_id, kind, language from printed_catalogues
              where status = 'queued' or (status = 'rendering' and claimed_at < clock_timestamp() - ${STALE_CLAIM})
              order by requested_at limit 1 for update skip locked)
            returning ${ROW}`,
      );
      return row;
    },

    async progress(key: PrintedKey, done: number, total: number): Promise<void> {
      await db.execute(
        sql`update printed_catalogues set lots_done = ${done}, lots_total = ${total}
            where ${KEY(key)} and status = 'rendering'`,
      );
    },

    /**
     * The file of `version` is stored: ready if the sale has not changed meanwhile, else queued again (the file is
     * still served as the last one made). Answers the key of the file it replaced, to remove.
     */
    async finish(
      key: PrintedKey,
      version: string,
      file: { key: string; size: number },
    ): Promise<string | null> {
      const [row] = await rows<{ old: string | null }>(
        db,
        sql`update printed_catalogues p set storage_key = ${file.key}, file_version = ${version},
              size_bytes = ${file.size}, finished_at = clock_timestamp(), claimed_at = null,
              lots_done = lots_total, status = case when p.version = ${version} then 'ready' else 'queued' end
            from (select storage_key as old from printed_catalogues where ${KEY(key)}) o
            where ${KEY(key)}
            returning o.old`,
      );
      return row?.old && row.old !== file.key ? row.old : null;
    },

    async fail(key: PrintedKey, version: string, error: string): Promise<void> {
      await db.execute(
        sql`update printed_catalogues set status = 'failed', error = ${error.slice(0, 500)}, claimed_at = null
            where ${KEY(key)} and version = ${version}`,
      );
    },

    /** Every document of a sale, for staff. */
    list(auctionId: string): Promise<PrintedRow[]> {
      return rows<PrintedRow>(
        db,
        sql`select ${ROW} from printed_catalogues where auction_id = ${auctionId}::uuid order by kind, language`,
      );
    },
  };
}
export type PrintedCatalogueRepository = ReturnType<typeof createPrintedCatalogueRepository>;
