import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MediaImageRow } from '../../db/schema/media.ts';
import { num, rows } from '../../db/raw.ts';
import { pageOffset } from '../../lib/paging.ts';

export interface CollectionExtraRow {
  id: string;
  cover_image_id: string | null;
  created_at: string;
  rug_count: string | number;
}

export interface CollectionRugRow {
  id: string;
  title: string;
  origin_region: string;
  status: string;
  image: Pick<MediaImageRow, 'id' | 'width' | 'height' | 'placeholder' | 'dominantColor' | 'variants'> | null;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** SQL of the back office's collections. rug_collections stays the truth; its triggers keep rugs.collection_ids. */
export function createAdminCollectionRepository(db: Db) {
  return {
    /** What staff see beyond the public list: the own cover, when it was made, every rug linked (drafts too). */
    async extras(): Promise<Map<string, CollectionExtraRow>> {
      const found = await rows<CollectionExtraRow>(
        db,
        sql`select c.id, c.cover_image_id, ${iso('c.created_at')} as created_at,
              (select count(*) from rug_collections rc where rc.collection_id = c.id) as rug_count
            from collections c`,
      );
      return new Map(found.map((r) => [r.id, r]));
    },

    /** The collection's title (locking its row when asked), or undefined when there is none. */
    async title(tx: Db, id: string, lock = false): Promise<string | undefined> {
      const [row] = await rows<{ title: string }>(
        tx,
        sql`select title from collections where id = ${id}::uuid ${lock ? sql`for update` : sql``}`,
      );
      return row?.title;
    },

    /** Another collection (not `exceptId`) already bears this title, in any case. */
    async titleTaken(tx: Db, title: string, exceptId?: string): Promise<boolean> {
      const found = await rows<{ id: string }>(
        tx,
        sql`select id from collections where lower(title) = lower(${title})
            ${exceptId ? sql`and id <> ${exceptId}::uuid` : sql``} limit 1`,
      );
      return found.length > 0;
    },

    /** Inserts a draft at the end of the order under `slug`; null when the slug is taken. */
    async insert(tx: Db, slug: string, title: string, description: string): Promise<string | null> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into collections (title, slug, description, sort_order, status)
            values (${title}, ${slug}, ${description}, (select coalesce(max(sort_order) + 1, 0) from collections),
              'draft')
            on conflict (slug) do nothing returning id`,
      );
      return row?.id ?? null;
    },

    async update(tx: Db, id: string, changes: { title?: string; description?: string }): Promise<void> {
      await tx.execute(sql`update collections set
          title = coalesce(${changes.title ?? null}, title),
          description = coalesce(${changes.description ?? null}, description)
        where id = ${id}::uuid`);
    },

    /** How many of the collection's rugs visitors see (the statuses the public list counts). */
    async publicRugCount(tx: Db, id: string): Promise<number> {
      const [row] = await rows<{ n: string | number }>(
        tx,
        sql`select count(*) as n from rug_collections rc join rugs r on r.id = rc.rug_id
            where rc.collection_id = ${id}::uuid and r.status in ('available', 'reserved', 'sold')`,
      );
      return num(row?.n ?? 0);
    },

    /** Sets the status; false when it already was that. */
    async setStatus(tx: Db, id: string, status: 'draft' | 'published'): Promise<boolean> {
      const changed = await rows<{ id: string }>(
        tx,
        sql`update collections set status = ${status} where id = ${id}::uuid and status <> ${status} returning id`,
      );
      return changed.length > 0;
    },

    async setCover(tx: Db, id: string, imageId: string | null): Promise<void> {
      await tx.execute(sql`update collections set cover_image_id = ${imageId}::uuid, cover_image = null
        where id = ${id}::uuid`);
    },

    /** Deletes the collection; its rug links go with it (the rugs stay). Returns how many rugs were linked. */
    async remove(tx: Db, id: string): Promise<number> {
      const [count] = await rows<{ n: string }>(
        tx,
        sql`select count(*) as n from rug_collections where collection_id = ${id}::uuid`,
      );
      await tx.execute(sql`delete from collections where id = ${id}::uuid`);
      return num(count?.n ?? 0);
    },

    /** Every collection id, locked, so a reorder and a create cannot interleave. */
    async lockAllIds(tx: Db): Promise<string[]> {
      const found = await rows<{ id: string }>(tx, sql`select id from collections order by id for update`);
      return found.map((r) => r.id);
    },

    async setPositions(tx: Db, ids: readonly string[]): Promise<void> {
      await tx.execute(sql`update collections c set sort_order = o.position - 1
        from unnest(${sql.param(ids)}::uuid[]) with ordinality as o(id, position) where c.id = o.id`);
    },

    async existingRugIds(tx: Db, ids: readonly string[]): Promise<string[]> {
      const found = await rows<{ id: string }>(
        tx,
        sql`select id from rugs where id = any(${sql.param(ids)}::uuid[])`,
      );
      return found.map((r) => r.id);
    },

    /** Links the rugs (already linked ones are left alone); returns how many were new. */
    async addRugs(tx: Db, id: string, rugIds: readonly string[]): Promise<number> {
      const added = await rows<{ rug_id: string }>(
        tx,
        sql`insert into rug_collections (rug_id, collection_id)
            select r, ${id}::uuid from unnest(${sql.param(rugIds)}::uuid[]) as r
            on conflict do nothing returning rug_id`,
      );
      return added.length;
    },

    async removeRug(tx: Db, id: string, rugId: string): Promise<boolean> {
      const removed = await rows<{ rug_id: string }>(
        tx,
        sql`delete from rug_collections where collection_id = ${id}::uuid and rug_id = ${rugId}::uuid returning rug_id`,
      );
      return removed.length > 0;
    },

    /** A page of the collection's rugs, by title, each with its first photo. */
    async rugs(id: string, page: number, pageSize: number) {
      const [data, count] = await Promise.all([
        rows<CollectionRugRow>(
          db,
          sql`select r.id, r.title, r.origin_region, r.status,
                case when m.id is null then null else json_build_object('id', m.id, 'width', m.width, 'height', m.height,
                  'placeholder', m.placeholder, 'dominantColor', m.dominant_color, 'variants', m.variants) end as image
              from rug_collections rc
                join rugs r on r.id = rc.rug_id
                left join lateral (
                  select ri.image_id from rug_images ri where ri.rug_id = r.id order by ri.position limit 1
                ) first_image on true
                left join media_images m on m.id = first_image.image_id
              where rc.collection_id = ${id}::uuid
              order by r.title, r.id limit ${pageSize} offset ${pageOffset({ page, pageSize })}`,
        ),
        rows<{ n: string }>(
          db,
          sql`select count(*) as n from rug_collections where collection_id = ${id}::uuid`,
        ),
      ]);
      return { data, total: num(count[0]?.n ?? 0) };
    },
  };
}
