import { sql } from 'drizzle-orm';
import type { RugShape, RugStyle } from '@knotwork/shared/constants/catalogue';
import type { Db } from '../../db/client.ts';
import type { MediaService } from '../../modules/media/index.ts';
import { storeZoom } from '../../modules/media/zoom.ts';
import type { MediaStorage } from '../../media/storage/index.ts';
import { inlineRenderer, type PictureRenderer, type RenderedPicture, type RugArtJob } from './picture-renderer.ts';
import { coverSalesFromLots } from './rug-images.ts';

export { SEED_LONG_SIDE, SEED_ZOOM_LONG_SIDE } from './picture-renderer.ts';

/**
 * Each demo rug's own pictures ("full" DEMO_PICTURES): its art is seeded by the rug (slug), drawn in its style,
 * size and shape, and stored with the media `seed` profile (picture-renderer.ts does the drawing and encoding).
 *
 * Order: a first pass gives every rug its whole-rug view (what cards show) and, from the same drawing, its Deep Zoom
 * pyramid, the first screenful first (FIRST_SCREEN); a second pass adds the field detail to each gallery. Idempotent:
 * each pass only does rugs lacking that picture, so a restart resumes (decisions 013, 061, 078).
 */
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
/** Rugs in flight at once: one draws (JavaScript) while sharp encodes another. */
const CONCURRENCY = 2;
const PASSES: { name: 'main' | 'detail'; position: number }[] = [
  { name: 'main', position: 0 },
  { name: 'detail', position: 1 },
];

export interface RugToPicture {
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

export interface PictureDeps {
  db: Db;
  media: MediaService;
  storage: MediaStorage;
  /** Where the drawing and encoding run (default: in this process). */
  renderer?: PictureRenderer;
}

const jobFor = (rug: RugToPicture, parts: Pick<RugArtJob, 'main' | 'detail' | 'zoom'>): RugArtJob => ({
  slug: rug.slug,
  style: rug.style,
  shape: rug.shape,
  widthCm: rug.width_cm,
  lengthCm: rug.length_cm,
  ...parts,
});

async function addToGallery(deps: PictureDeps, rug: RugToPicture, picture: RenderedPicture, position: number) {
  const image = await deps.media.storeEncoded('rug', picture.contentHash, picture.encoded);
  await deps.db.execute(sql`
    insert into rug_images (rug_id, image_id, position, alt)
    select ${rug.id}::uuid, ${image.id}::uuid, ${position}, ${rug.title}
    where not exists (select 1 from rug_images ri where ri.rug_id = ${rug.id}::uuid and ri.position = ${position})
    on conflict do nothing`);
  return image;
}

/**
 * Draws one rug's `view` and adds it to the rug's gallery (kept if one is there already); the whole-rug view gets its
 * pyramid too unless `zoom` is false. Resolves to the media id.
 */
export async function pictureRug(deps: PictureDeps, rug: RugToPicture, view: 'main' | 'detail', options: { zoom?: boolean } = {}): Promise<string> {
  const renderer = deps.renderer ?? inlineRenderer();
  const zoom = view === 'main' && options.zoom !== false;
  const result = await renderer.render(jobFor(rug, { main: view === 'main', detail: view === 'detail', zoom }));
  const picture = view === 'main' ? result.main! : result.detail!;
  const image = await addToGallery(deps, rug, picture, view === 'main' ? 0 : 1);
  if (result.zoom) await storeZoom(deps, { id: image.id, kind: image.kind, contentHash: image.contentHash }, result.zoom);
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
  deps: PictureDeps,
  options: { signal?: AbortSignal; log?: (msg: string) => void } = {},
): Promise<PictureProgress> {
  const started = Date.now();
  const progress: PictureProgress = { done: 0, firstScreenMs: null };
  for (const pass of PASSES) {
    const queue = await rugsMissing(deps.db, pass.position);
    if (queue.length === 0) continue;
    const firstScreen = pass.position === 0 ? await firstScreenMissing(deps.db) : 0;
    let next = 0;
    let finished = 0;
    const worker = async () => {
      while (next < queue.length && !options.signal?.aborted) {
        const rug = queue[next++]!;
        await pictureRug(deps, rug, pass.name);
        progress.done += 1;
        finished += 1;
        if (finished === firstScreen) {
          progress.firstScreenMs = Date.now() - started;
          options.log?.(`rug pictures: first screen (${firstScreen} rugs) in ${progress.firstScreenMs} ms`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    if (pass.position === 0) await coverSalesFromLots(deps.db);
    options.log?.(`rug pictures: ${pass.name} view of ${finished} rugs after ${Date.now() - started} ms`);
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
 * Gives each demo rug's whole-rug picture (position 0) that lacks one a Deep Zoom pyramid: those made before the first
 * pass cut pyramids (decision 078), or whose pyramid failed. First screenful first; resolves to the number cut.
 */
export async function zoomDemoRugs(
  deps: Pick<PictureDeps, 'db' | 'storage' | 'renderer'>,
  options: { signal?: AbortSignal; log?: (msg: string) => void } = {},
): Promise<number> {
  const started = Date.now();
  const renderer = deps.renderer ?? inlineRenderer();
  const result = (await deps.db.execute(sql`
    with ranked as (${RANKED})
    select r.id, r.slug, r.title, r.style, r.shape, r.width_cm, r.length_cm, m.id as image_id, m.kind, m.content_hash
    from ranked r join rug_images ri on ri.rug_id = r.id and ri.position = 0 join media_images m on m.id = ri.image_id
    where m.zoom is null
    order by case when ${FIRST_SCREEN} then 0 when r.in_open_sale then 1 else 2 end, r.published_at desc, r.id`)) as {
    rows: (RugToPicture & { image_id: string; kind: string; content_hash: string })[];
  };
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < result.rows.length && !options.signal?.aborted) {
      const rug = result.rows[next++]!;
      const { zoom } = await renderer.render(jobFor(rug, { main: false, detail: false, zoom: true }));
      if (zoom && (await storeZoom(deps, { id: rug.image_id, kind: rug.kind, contentHash: rug.content_hash }, zoom))) done += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (done > 0) options.log?.(`rug pictures: ${done} deep zoom pyramids after ${Date.now() - started} ms`);
  return done;
}
