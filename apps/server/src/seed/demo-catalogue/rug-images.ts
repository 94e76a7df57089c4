import { sql } from 'drizzle-orm';
import type { RugShape, RugStyle } from '@knotwork/shared/constants/catalogue';
import type { Db } from '../../db/client.ts';
import type { MediaService } from '../../modules/media/index.ts';
import { renderRugArt, type RugView } from '../rug-art/index.ts';

/**
 * Pooled pictures (DEMO_PICTURES=pool, and benchmark catalogues): rugs share pictures from a small pool: one rendered rug per (style, shape family), whose views (whole rug,
 * then field detail) become every such rug's gallery.
 */
export type ShapeFamily = 'rectangle' | 'runner' | 'round';
export const shapeFamily = (shape: RugShape): ShapeFamily =>
  shape === 'runner' ? 'runner' : shape === 'round' || shape === 'oval' ? 'round' : 'rectangle';

const FAMILY_SIZE: Record<ShapeFamily, { widthCm: number; lengthCm: number; shape: RugShape }> = {
  rectangle: { widthCm: 200, lengthCm: 290, shape: 'rectangle' },
  runner: { widthCm: 85, lengthCm: 340, shape: 'runner' },
  round: { widthCm: 220, lengthCm: 220, shape: 'round' },
};

/** The views each pooled rug has (whole rug and field detail), at the site's seed size (rug-pictures.ts). */
const VIEWS_KEPT: readonly RugView[] = ['main', 'detail'];
const POOL_LONG_SIDE = 900;

export interface PoolKey {
  style: RugStyle;
  family: ShapeFamily;
}

/** Renders and stores one pooled picture set; resolves to the media ids in gallery order. */
export async function renderPoolEntry(media: MediaService, key: PoolKey, variant = 0): Promise<string[]> {
  const views = await renderRugArt({
    seed: `pool:${key.style}:${key.family}:${variant}`,
    style: key.style,
    ...FAMILY_SIZE[key.family],
    views: VIEWS_KEPT,
    longSide: POOL_LONG_SIDE,
  });
  const ids: string[] = [];
  for (const view of views) ids.push((await media.ingest(view, { kind: 'rug', profile: 'seed' })).id);
  return ids;
}

/** Gives each listed rug the gallery `imageIds` (in order), unless it already has pictures. */
export async function attachGallery(
  db: Db,
  rugIds: readonly string[],
  imageIds: readonly string[],
  alt?: (rugId: string) => string,
) {
  if (rugIds.length === 0 || imageIds.length === 0) return;
  const rows = rugIds.flatMap((rugId) =>
    imageIds.map((imageId, position) => ({
      rug_id: rugId,
      image_id: imageId,
      position,
      alt: alt?.(rugId) ?? null,
    })),
  );
  for (let i = 0; i < rows.length; i += 5000) {
    await db.execute(sql`
      insert into rug_images (rug_id, image_id, position, alt)
      select x.rug_id, x.image_id, x.position, x.alt from json_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::json)
        as x(rug_id uuid, image_id uuid, position int, alt text)
      where not exists (select 1 from rug_images ri where ri.rug_id = x.rug_id and ri.image_id <> x.image_id)
      on conflict do nothing`);
  }
}

/** Every sale without a cover takes the first picture of its most valuable lot. */
export async function coverSalesFromLots(db: Db) {
  await db.execute(sql`
    update auctions a set cover_image_id = (
      select ri.image_id from lots l join rug_images ri on ri.rug_id = l.rug_id
      where l.auction_id = a.id order by l.estimate_high desc, l.lot_number, ri.position limit 1)
    where a.cover_image_id is null`);
}

/**
 * Pictures for every rug that has none: renders the pool entries those rugs need, one at a time (so a first start
 * stays responsive), attaching each as soon as it exists. Resolves to the number of pool entries rendered.
 */
export async function picturesForRugsWithout(
  db: Db,
  media: MediaService,
  options: { signal?: AbortSignal; log?: (msg: string) => void } = {},
): Promise<number> {
  const missing = (
    (await db.execute(sql`
      select r.id, r.style, r.shape, r.title from rugs r
      where not exists (select 1 from rug_images ri where ri.rug_id = r.id)`)) as {
      rows: { id: string; style: RugStyle; shape: RugShape; title: string }[];
    }
  ).rows;
  const groups = new Map<string, { key: PoolKey; rugs: typeof missing }>();
  for (const rug of missing) {
    const key = { style: rug.style, family: shapeFamily(rug.shape) };
    const id = `${key.style}:${key.family}`;
    const group = groups.get(id) ?? { key, rugs: [] };
    group.rugs.push(rug);
    groups.set(id, group);
  }
  // Biggest groups first: the most rugs get a picture soonest.
  const ordered = [...groups.values()].sort((a, b) => b.rugs.length - a.rugs.length);
  let rendered = 0;
  for (const group of ordered) {
    if (options.signal?.aborted) break;
    const started = Date.now();
    const imageIds = await renderPoolEntry(media, group.key);
    const titles = new Map(group.rugs.map((r) => [r.id, r.title]));
    await attachGallery(
      db,
      group.rugs.map((r) => r.id),
      imageIds,
      (id) => titles.get(id) ?? '',
    );
    rendered += 1;
    options.log?.(
      `rug pictures: ${group.key.style}/${group.key.family} for ${group.rugs.length} rugs in ${Date.now() - started} ms (${rendered}/${ordered.length})`,
    );
  }
  if (rendered > 0) await coverSalesFromLots(db);
  return rendered;
}
