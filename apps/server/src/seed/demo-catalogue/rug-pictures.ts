import { sql } from 'drizzle-orm';
import type { RugShape, RugStyle } from '@knotwork/shared/constants/catalogue';
import type { Db } from '../../db/client.ts';
import type { MediaService } from '../../modules/media/index.ts';
import { storeZoom } from '../../modules/media/zoom.ts';
import type { MediaStorage } from '../../media/storage/index.ts';
import {
  inlineRenderer,
  type PictureRenderer,
  type RenderedPicture,
  type RugArtJob,
} from './picture-renderer.ts';
import { coverSalesFromLots } from './rug-images.ts';

export { SEED_LONG_SIDE, SEED_ZOOM_LONG_SIDE } from './picture-renderer.ts';

/**
 * Each demo rug's own pictures ("full" DEMO_PICTURES): its art is seeded by the rug (slug), drawn in its style,
 * size and shape, and stored with the media `seed` profile (picture-renderer.ts does the drawing and encoding).
 *
 * One pass, the first screenful first (FIRST_SCREEN): each rug's design is made once and drawn as its whole-rug view
 * (what cards show, and from the same drawing its Deep Zoom pyramid) and its field detail. Idempotent: a rug gets only
 * the pictures it lacks, so a restart resumes (decisions 013, 061, 078).
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
/**
 * Rugs in flight at once: two per renderer process (picture-renderer.ts starts one per core, up to two), so a renderer
 * always has the next rug while this process stores the last one's files and pyramid; with one each, the renderers
 * stood idle during every store (the first-start bench: 84 s for the whole-rug views against 51 s of drawing).
 */
const CONCURRENCY = 4;

export interface RugToPicture {
  id: string;
  slug: string;
  title: string;
  style: RugStyle;
  shape: RugShape;
  width_cm: number;
  length_cm: number;
}

interface RugMissing extends RugToPicture {
  need_main: boolean;
  need_detail: boolean;
  first_screen: boolean;
}

/** Rugs lacking their whole-rug view (position 0) or their detail (1), in the order they should get them (see above). */
async function rugsMissing(db: Db): Promise<RugMissing[]> {
  const result = (await db.execute(sql`
    with ranked as (${RANKED}), missing as (
      select r.*, ${FIRST_SCREEN} as first_screen,
        not exists (select 1 from rug_images ri where ri.rug_id = r.id and ri.position = 0) as need_main,
        not exists (select 1 from rug_images ri where ri.rug_id = r.id and ri.position = 1) as need_detail
      from ranked r)
    select id, slug, title, style, shape, width_cm, length_cm, need_main, need_detail, first_screen from missing r
    where need_main or need_detail
    order by case when first_screen then 0 when r.in_open_sale then 1 else 2 end, r.published_at desc, r.id`)) as {
    rows: RugMissing[];
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

async function addToGallery(
  deps: PictureDeps,
  rug: RugToPicture,
  picture: RenderedPicture,
  position: number,
) {
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
export async function pictureRug(
  deps: PictureDeps,
  rug: RugToPicture,
  view: 'main' | 'detail',
  options: { zoom?: boolean } = {},
): Promise<string> {
  const renderer = deps.renderer ?? inlineRenderer();
  const zoom = view === 'main' && options.zoom !== false;
  const result = await renderer.render(
    jobFor(rug, { main: view === 'main', detail: view === 'detail', zoom }),
  );
  const picture = view === 'main' ? result.main! : result.detail!;
  const image = await addToGallery(deps, rug, picture, view === 'main' ? 0 : 1);
  if (result.zoom)
    await storeZoom(deps, { id: image.id, kind: image.kind, contentHash: image.contentHash }, result.zoom);
  return image.id;
}

/** Draws the views a rug lacks in one job (one design for both) and stores them; the whole-rug view with its pyramid. */
async function pictureRugViews(
  deps: PictureDeps,
  rug: RugToPicture,
  need: { main: boolean; detail: boolean },
): Promise<number> {
  const renderer = deps.renderer ?? inlineRenderer();
  const result = await renderer.render(
    jobFor(rug, { main: need.main, detail: need.detail, zoom: need.main }),
  );
  let stored = 0;
  if (result.main) {
    const image = await addToGallery(deps, rug, result.main, 0);
    if (result.zoom)
      await storeZoom(deps, { id: image.id, kind: image.kind, contentHash: image.contentHash }, result.zoom);
    stored += 1;
  }
  if (result.detail) {
    await addToGallery(deps, rug, result.detail, 1);
    stored += 1;
  }
  return stored;
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
  const queue = await rugsMissing(deps.db);
  if (queue.length === 0) return progress;
  const firstScreen = queue.filter((r) => r.first_screen).length;
  let firstScreenDone = 0;
  let next = 0;
  const worker = async () => {
    while (next < queue.length && !options.signal?.aborted) {
      const rug = queue[next++]!;
      // Awaited first: `done += await …` would read `done` before the wait and lose the other workers' counts.
      const stored = await pictureRugViews(deps, rug, { main: rug.need_main, detail: rug.need_detail });
      progress.done += stored;
      if (rug.first_screen && (firstScreenDone += 1) === firstScreen) {
        progress.firstScreenMs = Date.now() - started;
        options.log?.(`rug pictures: first screen (${firstScreen} rugs) in ${progress.firstScreenMs} ms`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  // A sale's cover is its dearest lot's picture, once every lot has one.
  await coverSalesFromLots(deps.db);
  options.log?.(`rug pictures: every view of ${queue.length} rugs after ${Date.now() - started} ms`);
  return progress;
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
      if (
        zoom &&
        (await storeZoom(deps, { id: rug.image_id, kind: rug.kind, contentHash: rug.content_hash }, zoom))
      )
        done += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (done > 0) options.log?.(`rug pictures: ${done} deep zoom pyramids after ${Date.now() - started} ms`);
  return done;
}
