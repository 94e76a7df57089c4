import { sql, type SQL } from 'drizzle-orm';
import type {
  AdminRugCreate,
  AdminRugListQuery,
  AdminRugUpdate,
} from '@knotwork/shared/schemas/catalogue-staff';
import type { Db } from '../../db/client.ts';
import type { MediaImageRow } from '../../db/schema/media.ts';
import { num, rows } from '../../db/raw.ts';
import { lotIsLive } from '../lots/lot-sql.ts';
import type { RugSummaryRow } from './rug-repository.ts';
import { toPrefixTsQuery } from './search-text.ts';
import { pageOffset } from '../../lib/paging.ts';

/** The database columns of each editable field (the API speaks camelCase, the table snake_case). */
export const RUG_COLUMNS = {
  title: 'title',
  description: 'description',
  originCountry: 'origin_country',
  originRegion: 'origin_region',
  style: 'style',
  ageClass: 'age_class',
  circaYear: 'circa_year',
  widthCm: 'width_cm',
  lengthCm: 'length_cm',
  shape: 'shape',
  pileMaterials: 'pile_materials',
  foundationMaterials: 'foundation_materials',
  knotType: 'knot_type',
  knotDensity: 'knot_density',
  colours: 'colours',
  conditionGrade: 'condition_grade',
  conditionReport: 'condition_report',
  estimateLow: 'estimate_low',
  estimateHigh: 'estimate_high',
  fixedPrice: 'fixed_price',
} as const satisfies Record<keyof AdminRugCreate, string>;
type Field = keyof typeof RUG_COLUMNS;
const ARRAY_FIELDS = new Set<Field>(['pileMaterials', 'foundationMaterials', 'colours']);

/** The grid counts matches exactly up to this many. */
export const COUNT_CAP = 10_000;
/** A text search counts its matches up to here ("1,000+"): a broad word's full count cost more than its page. */
export const SEARCH_COUNT_CAP = 1_000;
/** How many rugs, in the grid's order, a text search looks through before asking the index for every match. */
const SEARCH_WINDOW = 2_000;

interface AdminRugListRow {
  id: string;
  slug: string;
  title: string;
  origin_region: string;
  style: string;
  status: string;
  width_cm: number;
  length_cm: number;
  estimate_low: string;
  estimate_high: string;
  fixed_price: string | null;
  lot_status: string | null;
  photo_count: string;
  updated_at: string;
}

const SORT_SQL = {
  updatedAt: 'r.updated_at',
  createdAt: 'r.created_at',
  title: 'r.title',
  estimateLow: 'r.estimate_low',
  status: 'r.status',
} as const;

/** The catalogue's row type (shared with the public listing) plus the fields only the editor reads. */
export type AdminRugDbRow = Pick<
  RugSummaryRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'origin_country'
  | 'origin_region'
  | 'style'
  | 'age_class'
  | 'circa_year'
  | 'width_cm'
  | 'length_cm'
  | 'shape'
  | 'colours'
  | 'pile_materials'
  | 'condition_grade'
  | 'estimate_low'
  | 'estimate_high'
  | 'fixed_price'
  | 'status'
  | 'lot_status'
> & {
  description: string;
  foundation_materials: string[];
  knot_type: string | null;
  knot_density: number | null;
  condition_report: string;
  version: number;
  updated_at: string;
};

export type PhotoRow = Pick<
  MediaImageRow,
  'id' | 'width' | 'height' | 'placeholder' | 'dominantColor' | 'variants'
>;

function value(field: Field, v: unknown): SQL {
  // drizzle spreads a JS array into a parameter list, so the array travels as one JSON parameter.
  if (ARRAY_FIELDS.has(field))
    return sql`array(select jsonb_array_elements_text(${JSON.stringify(v)}::jsonb))`;
  return sql`${v as string | number | null}`;
}

/** SQL of the back office's rugs: a grid that stays one index walk at 100,000 rugs, and versioned writes. */
export function createAdminRugRepository(db: Db) {
  return {
    async list(q: AdminRugListQuery) {
      const where: SQL[] = [];
      if (q.status) where.push(sql`r.status = ${q.status}`);
      if (q.style) where.push(sql`r.style = ${q.style}`);
      const ts = q.q ? toPrefixTsQuery(q.q) : null;
      const match = ts ? sql`r.search_vector @@ to_tsquery('simple', ${ts})` : null;
      const and = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);
      const cond = and(match ? [...where, match] : where);
      const dir = q.order === 'asc' ? 'asc' : 'desc';
      const order = sql.raw(`${SORT_SQL[q.sort]} ${dir}, r.id ${dir}`);
      const offset = pageOffset(q);
      const page = (from: SQL, filter: SQL) =>
        rows<AdminRugListRow>(
          db,
          sql`select r.id, r.slug, r.title, r.origin_region, r.style, r.status, r.width_cm, r.length_cm, r.estimate_low,
                r.estimate_high, r.fixed_price, r.lot_status, to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
                (select count(*) from rug_images i where i.rug_id = r.id) as photo_count
              from ${from} ${filter} order by ${order} limit ${q.pageSize} offset ${offset}`,
        );
      // A text search first looks among the SEARCH_WINDOW rugs that come first in the grid's order (an index walk
      // that stops there): a broad word ("antique") fills the page from them, and the page is exact because those
      // are the first rugs in that order. Only when they hold too few matches (a rare word, a deep page) does it
      // ask the GIN index for every match and sort them, which is cheap because they are few. Sorting every
      // match of a broad word was the grid's slow case (decision 038).
      let data: AdminRugListRow[] | null = null;
      if (match && offset + q.pageSize <= SEARCH_WINDOW) {
        const windowed = await page(
          sql`(select r.* from rugs r ${and(where)} order by ${order} limit ${SEARCH_WINDOW}) r`,
          sql`where ${match}`,
        );
        if (windowed.length === q.pageSize) data = windowed;
      }
      const cap = match ? SEARCH_COUNT_CAP : COUNT_CAP;
      const [found, count] = await Promise.all([
        data ?? page(sql`rugs r`, cond),
        // Counted exactly up to a cap only: counting every match of a broad search or style filter cost more
        // than the page itself at 100,000 rugs (bench/admin-rugs.bench.ts); the grid then says "10,000+".
        rows<{ n: string }>(
          db,
          sql`select count(*) as n from (select 1 from rugs r ${cond} limit ${cap + 1}) capped`,
        ),
      ]);
      const n = num(count[0]?.n ?? 0);
      return { data: found, total: Math.min(n, cap), capped: n > cap };
    },

    async find(tx: Db, id: string, lock = false): Promise<AdminRugDbRow | undefined> {
      const [row] = await rows<AdminRugDbRow>(
        tx,
        sql`select r.id, r.slug, r.title, r.description, r.origin_country, r.origin_region, r.style, r.age_class,
              r.circa_year, r.width_cm, r.length_cm, r.shape, r.pile_materials, r.foundation_materials, r.knot_type,
              r.knot_density, r.colours, r.condition_grade, r.condition_report, r.estimate_low, r.estimate_high,
              r.fixed_price, r.status, r.version, r.lot_status,
              to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
            from rugs r where r.id = ${id}::uuid ${lock ? sql`for update` : sql``}`,
      );
      return row;
    },

    async photos(tx: Db, rugId: string): Promise<PhotoRow[]> {
      const found = await rows<{
        id: string;
        width: number;
        height: number;
        placeholder: string;
        dominant_color: string;
        variants: MediaImageRow['variants'];
      }>(
        tx,
        sql`select m.id, m.width, m.height, m.placeholder, m.dominant_color, m.variants
            from rug_images i join media_images m on m.id = i.image_id
            where i.rug_id = ${rugId}::uuid order by i.position, m.created_at`,
      );
      return found.map((r) => ({
        id: r.id,
        width: r.width,
        height: r.height,
        placeholder: r.placeholder,
        dominantColor: r.dominant_color,
        variants: r.variants,
      }));
    },

    /**
     * Inserts a draft rug under `slug`; null when the slug is taken (the caller retries with another) or, for an
     * imported rug, when its import key is already there (decision 058: the same file imported twice).
     */
    async insert(
      tx: Db,
      slug: string,
      input: AdminRugCreate,
      importKey: string | null = null,
    ): Promise<string | null> {
      const fields = Object.keys(RUG_COLUMNS) as Field[];
      const cols = sql.raw(fields.map((f) => RUG_COLUMNS[f]).join(', '));
      const vals = sql.join(
        fields.map((f) => value(f, input[f])),
        sql`, `,
      );
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into rugs (slug, status, import_key, ${cols}) values (${slug}, 'draft', ${importKey}, ${vals})
            on conflict do nothing returning id`,
      );
      return row?.id ?? null;
    },

    /** Writes the given fields and bumps the version, only if the row is still at `version`; false otherwise. */
    async update(
      tx: Db,
      id: string,
      version: number,
      changes: Omit<AdminRugUpdate, 'version'>,
    ): Promise<boolean> {
      const sets = (Object.keys(changes) as Field[])
        .filter((f) => f in RUG_COLUMNS && changes[f] !== undefined)
        .map((f) => sql`${sql.raw(RUG_COLUMNS[f])} = ${value(f, changes[f])}`);
      const [row] = await rows<{ id: string }>(
        tx,
        sql`update rugs set ${sql.join([...sets, sql`version = version + 1`, sql`updated_at = now()`], sql`, `)}
            where id = ${id}::uuid and version = ${version} returning id`,
      );
      return row !== undefined;
    },

    async setStatus(tx: Db, id: string, status: 'available' | 'draft'): Promise<void> {
      await tx.execute(sql`update rugs set status = ${status}, version = version + 1, updated_at = now(),
        published_at = case when ${status} = 'available' then now() else published_at end where id = ${id}::uuid`);
    },

    async hasActiveLot(tx: Db, id: string): Promise<boolean> {
      const [row] = await rows<{ active: boolean }>(
        tx,
        sql`select exists (select 1 from lots l where l.rug_id = ${id}::uuid and ${lotIsLive('l')}) as active`,
      );
      return row?.active ?? false;
    },

    async addPhoto(tx: Db, rugId: string, imageId: string): Promise<void> {
      await tx.execute(sql`insert into rug_images (rug_id, image_id, position)
        values (${rugId}::uuid, ${imageId}::uuid, (select coalesce(max(position) + 1, 0) from rug_images where rug_id = ${rugId}::uuid))
        on conflict do nothing`);
    },

    async removePhoto(tx: Db, rugId: string, imageId: string): Promise<boolean> {
      const [row] = await rows<{ image_id: string }>(
        tx,
        sql`delete from rug_images where rug_id = ${rugId}::uuid and image_id = ${imageId}::uuid returning image_id`,
      );
      return row !== undefined;
    },

    async photoIds(tx: Db, rugId: string): Promise<string[]> {
      return (
        await rows<{ image_id: string }>(
          tx,
          sql`select image_id from rug_images where rug_id = ${rugId}::uuid`,
        )
      ).map((r) => r.image_id);
    },

    /**
     * Pixels of the rug's largest photo other than `imageId`: a pyramid's full size where one was cut (the original
     * upload's), else the stored size. A new photo larger than this is the one the zoom viewer shows (decision 061).
     */
    async largestOtherPhotoPixels(tx: Db, rugId: string, imageId: string): Promise<number> {
      const [row] = await rows<{ pixels: string | number | null }>(
        tx,
        sql`select max(coalesce((m.zoom->>'width')::bigint * (m.zoom->>'height')::bigint, m.width::bigint * m.height)) as pixels
            from rug_images i join media_images m on m.id = i.image_id
            where i.rug_id = ${rugId}::uuid and i.image_id <> ${imageId}::uuid`,
      );
      return Number(row?.pixels ?? 0);
    },

    async orderPhotos(tx: Db, rugId: string, imageIds: string[]): Promise<void> {
      await tx.execute(sql`update rug_images i set position = o.ord - 1
        from jsonb_array_elements_text(${JSON.stringify(imageIds)}::jsonb) with ordinality as o(image_id, ord)
        where i.rug_id = ${rugId}::uuid and i.image_id = o.image_id::uuid`);
    },

    async bumpVersion(tx: Db, id: string, version: number): Promise<boolean> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`update rugs set version = version + 1, updated_at = now() where id = ${id}::uuid and version = ${version} returning id`,
      );
      return row !== undefined;
    },
  };
}
export type AdminRugRepository = ReturnType<typeof createAdminRugRepository>;
