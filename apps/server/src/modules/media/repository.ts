import { and, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '@knotwork/shared/constants/ids';
import type { MediaKind } from '@knotwork/shared/schemas/media';
import type { Db } from '../../db/client.ts';
import { mediaImages, type MediaImageRow, type MediaVariant, type MediaZoom } from '../../db/schema/media.ts';
import { rows } from '../../db/raw.ts';
import { unreferenced, type ImageReference } from './unused-sql.ts';

export type NewMediaImage = typeof mediaImages.$inferInsert;

export async function findImageByHash(
  db: Db,
  kind: MediaKind,
  contentHash: string,
): Promise<MediaImageRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaImages)
    .where(and(eq(mediaImages.kind, kind), eq(mediaImages.contentHash, contentHash)))
    .limit(1);
  return row;
}

/**
 * Marks an image as just reused, so the unused-media sweep spares it; undefined when the sweep removed it meanwhile
 * (the update waits for the sweep's lock and then finds no row), in which case the caller stores it afresh.
 */
export async function touchImage(db: Db, id: string): Promise<MediaImageRow | undefined> {
  const [row] = await db
    .update(mediaImages)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(mediaImages.id, id))
    .returning();
  return row;
}

/** Inserts, or returns the row another request stored for the same content meanwhile. */
export async function insertImage(db: Db, values: NewMediaImage): Promise<MediaImageRow> {
  const [row] = await db
    .insert(mediaImages)
    .values(values)
    .onConflictDoNothing({ target: [mediaImages.kind, mediaImages.contentHash] })
    .returning();
  if (row) return row;
  const existing = await findImageByHash(db, values.kind, values.contentHash);
  if (!existing) throw new Error('media_images insert conflicted but no row was found');
  return existing;
}

/** Replaces the variants of a row whose files were re-encoded (e.g. the media folder was wiped). */
export async function updateImageFiles(
  db: Db,
  id: string,
  values: Pick<NewMediaImage, 'width' | 'height' | 'dominantColor' | 'placeholder' | 'variants'>,
): Promise<MediaImageRow> {
  const [row] = await db.update(mediaImages).set(values).where(eq(mediaImages.id, id)).returning();
  return row!;
}

export async function findImageById(db: Db, id: string): Promise<MediaImageRow | undefined> {
  // A malformed id is simply "not found", not a database error.
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(mediaImages).where(eq(mediaImages.id, id)).limit(1);
  return row;
}

export async function findImagesByIds(db: Db, ids: readonly string[]): Promise<MediaImageRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db.select().from(mediaImages).where(inArray(mediaImages.id, valid));
}

/** Stores the picture's Deep Zoom pyramid; false when the picture was deleted meanwhile. */
export async function setImageZoom(db: Db, id: string, zoom: MediaZoom): Promise<boolean> {
  const found = await rows<{ id: string }>(
    db,
    sql`update media_images set zoom = ${JSON.stringify(zoom)}::jsonb where id = ${id}::uuid returning id`,
  );
  return found.length > 0;
}

/**
 * Every column that refers to an image, read from the database's own foreign keys, so a table added later that
 * points at `media_images` keeps its images without the unused-media sweep knowing about it. Names come back quoted
 * as needed.
 */
export async function imageReferences(db: Db): Promise<ImageReference[]> {
  return rows<ImageReference>(
    db,
    sql`select c.conrelid::regclass::text as table_name, quote_ident(a.attname) as column_name
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = 'media_images'::regclass
        order by 1, 2`,
  );
}

/**
 * Locks, in the caller's transaction `tx`, up to `limit` images unused for `graceSeconds` that nothing refers to,
 * oldest first; `for update skip locked`, so two sweeps never take the same image.
 */
export async function lockUnusedImages(
  tx: Db,
  refs: readonly ImageReference[],
  graceSeconds: number,
  limit: number,
): Promise<{ id: string }[]> {
  return rows<{ id: string }>(
    tx,
    sql`select m.id from media_images m
        where m.last_used_at < now() - make_interval(secs => ${graceSeconds}) and ${unreferenced(refs)}
        order by m.last_used_at
        limit ${limit}
        for update skip locked`,
  );
}

/**
 * Deletes the locked images that still have no reference (checked again in this statement, which sees what
 * committed since they were locked) and answers their files to remove.
 */
export async function deleteUnreferencedImages(
  tx: Db,
  ids: readonly string[],
  refs: readonly ImageReference[],
): Promise<{ id: string; variants: MediaVariant[]; zoom: MediaZoom | null }[]> {
  return rows<{ id: string; variants: MediaVariant[]; zoom: MediaZoom | null }>(
    tx,
    sql`delete from media_images m
        where m.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and ${unreferenced(refs)}
        returning m.id, m.variants, m.zoom`,
  );
}
