import { sql } from 'drizzle-orm';
import type { RugShape, RugStyle } from '@knotwork/shared/constants/catalogue';
import type { Db } from '../../db/client.ts';
import { cutZoom, type MediaService } from '../../modules/media/index.ts';
import type { MediaStorage } from '../../media/storage/index.ts';
import { renderRugArt, type RugView } from '../rug-art/index.ts';
import { coverSalesFromLots } from './rug-images.ts';

/**
 * Each demo rug's own pictures ("full" DEMO_PICTURES): its art is seeded by the rug (slug), drawn in its style,
 * size and shape, rendered at site size (SEED_LONG_SIDE) and stored with the media `seed` profile.
 *
 * Order: a first pass gives every rug its whole-rug view (what cards show), the first screenful first (FIRST_SCREEN); a second pass adds the field
 * detail to each gallery. Idempotent: each pass only does rugs lacking that picture, so a restart resumes.
 */
export const SEED_LONG_SIDE = 900;
/**
 * The first screenful: the listing's first page and the open sale's soonest-ending lots (landing and sale page);
 * then the rest of the open sale, then newest first.
 */
const FIRST_PAGE = 24;
const FIRST_SALE_LOTS = 12;
const RANKED = sql`select r.*, row_number() over (order by r.published_at desc, r.id) as newest_rank,
    row_number() over (partition by (r.active_ends_at is not null and r.lot_starts_at <= now()) order by r.active_ends_at, r.id) as lot_rank,
    (r.active_ends_at is not null and r.lot_starts_at <= now()) as in_open_sale
  from rugs r`;
const FIRST_SCREEN = sql`(r.newest_rank <= ${FIRST_PAGE} or (r.in_open_sale and r.lot_rank <= ${FIRST_SALE_LOTS}))`;
/** Rugs in flight at once: one renders (JavaScript) while another encodes (sharp's threads). */
const CONCURRENCY = 2;
const PASSES: { view: RugView; position: number }[] = [
  { view: 'main', position: 0 },
  { view: 'detail', position: 1 },
];

interface RugToPicture {
  id: string;
  slug: string;
  title: string;
  style: RugStyle;
  shape: RugShape;
  width_cm: number;
  length_cm: number;
}

/** Rugs without a picture at `position`, in the order they should get one (see above). */
async function rugsMissing(db: Db, position: number): Promise<RugToPicture[]> {
  const result = (await db.execute(sql`
    with ranked as (${RANKED})
    select id, slug, title, style, shape, width_cm, length_cm from ranked r
    where not exists (select 1 from rug_images ri where ri.rug_id = r.id and ri.position = ${position})
    order by case when ${FIRST_SCREEN} then 0 when r.in_open_sale then 1 else 2 end, r.published_at desc, r.id`)) as {
    rows: RugToPicture[];
  };
  return result.rows;
}

/** Renders one view of one rug and adds it to the rug's gallery at `position` (kept if one is there already). */
export async function pictureRug(db: Db, media: MediaService, rug: RugToPicture, pass: { view: RugView; position: number }): Promise<string> {
  const [png] = await renderRugArt({
    seed: `rug:${rug.slug}`,
    style: rug.style,
    shape: rug.shape,
    widthCm: rug.width_cm,
    lengthCm: rug.length_cm,
    views: [pass.view],
    longSide: SEED_LONG_SIDE,
  });
  const image = await media.ingest(png!, { kind: 'rug', profile: 'seed' });
  await db.execute(sql`
    insert into rug_images (rug_id, image_id, position, alt)
    select ${rug.id}::uuid, ${image.id}::uuid, ${pass.position}, ${rug.title}
    where not exists (select 1 from rug_images ri where ri.rug_id = ${rug.id}::uuid and ri.position = ${pass.position})
    on conflict do nothing`);
  return image.id;
}

export interface PictureProgress {
  /** Pictures made, over both passes. */
  done: number;
  /** Milliseconds from the start until the first screenful of rugs had a card picture (null: nothing was missing). */
  firstScreenMs: number | null;
}

/** Gives every rug its own pictures, a few at a time, in the order above; logs when the first screen is done. */
export async function picturesPerRug(
  db: Db,
  media: MediaService,
  options: { signal?: AbortSignal; log?: (msg: string) => void } = {},
): Promise<PictureProgress> {
  const started = Date.now();
  const progress: PictureProgress = { done: 0, firstScreenMs: null };
  for (const pass of PASSES) {
    const queue = await rugsMissing(db, pass.position);
    if (queue.length === 0) continue;
    const firstScreen = pass.position === 0 ? await firstScreenMissing(db) : 0;
    let next = 0;
    let finished = 0;
    const worker = async () => {
      while (next < queue.length && !options.signal?.aborted) {
        const rug = queue[next++]!;
        await pictureRug(db, media, rug, pass);
        progress.done += 1;
        finished += 1;
        if (finished === firstScreen) {
          progress.firstScreenMs = Date.now() - started;
          options.log?.(`rug pictures: first screen (${firstScreen} rugs) in ${progress.firstScreenMs} ms`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    if (pass.position === 0) await coverSalesFromLots(db);
    options.log?.(`rug pictures: ${pass.view} view of ${finished} rugs after ${Date.now() - started} ms`);
  }
  return progress;
}

/** First-screen rugs still without a card picture. */
async function firstScreenMissing(db: Db): Promise<number> {
  const result = (await db.execute(sql`with ranked as (${RANKED}) select count(*)::int as n from ranked r
    where ${FIRST_SCREEN} and not exists (select 1 from rug_images ri where ri.rug_id = r.id and ri.position = 0)`)) as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Long side of the demo rugs' zoom source: the whole-rug view rendered again this large (about 7 px per knot), so the
 * Deep Zoom viewer reaches the knots and the wear (decision 061). The gallery's own pictures stay at SEED_LONG_SIDE.
 */
export const SEED_ZOOM_LONG_SIDE = 2400;

/**
 * Gives each demo rug's whole-rug picture (position 0) a Deep Zoom pyramid, after every rug has its pictures: one rug
 * at a time (about 5 s of CPU each here), first screenful first, so a first start stays fast. Rugs whose picture has a
 * pyramid are skipped, so a restart resumes. Resolves to the number of pyramids cut.
 */
export async function zoomDemoRugs(
  db: Db,
  storage: MediaStorage,
  options: { signal?: AbortSignal; log?: (msg: string) => void } = {},
): Promise<number> {
  const started = Date.now();
  const result = (await db.execute(sql`
    with ranked as (${RANKED})
    select r.id, r.slug, r.title, r.style, r.shape, r.width_cm, r.length_cm, m.id as image_id, m.kind, m.content_hash
    from ranked r join rug_images ri on ri.rug_id = r.id and ri.position = 0 join media_images m on m.id = ri.image_id
    where m.zoom is null
    order by case when ${FIRST_SCREEN} then 0 when r.in_open_sale then 1 else 2 end, r.published_at desc, r.id`)) as {
    rows: (RugToPicture & { image_id: string; kind: string; content_hash: string })[];
  };
  let done = 0;
  for (const rug of result.rows) {
    if (options.signal?.aborted) break;
    const [png] = await renderRugArt({
      seed: `rug:${rug.slug}`,
      style: rug.style,
      shape: rug.shape,
      widthCm: rug.width_cm,
      lengthCm: rug.length_cm,
      views: ['main'],
      longSide: SEED_ZOOM_LONG_SIDE,
    });
    if (await cutZoom({ db, storage }, { id: rug.image_id, kind: rug.kind, contentHash: rug.content_hash }, png!)) done += 1;
  }
  if (done > 0) options.log?.(`rug pictures: ${done} deep zoom pyramids after ${Date.now() - started} ms`);
  return done;
}
