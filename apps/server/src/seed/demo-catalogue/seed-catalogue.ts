import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateRug, type GeneratedRug } from './generate-rug.ts';
import { insertRugs } from './insert-rugs.ts';
import { createRandom } from './random.ts';
import { picturesForRugsWithout } from './rug-images.ts';
import { processRenderer } from './picture-renderer.ts';
import { picturesPerRug, zoomDemoRugs } from './rug-pictures.ts';
import { seedDemoSales } from './seed-sales.ts';
import { seedDemoArchive } from './seed-archive.ts';

export const DEMO_RUG_COUNT = 200;
/** The demo catalogue is the same on every machine: one fixed seed. */
const DEMO_SEED = 2010;

/** The demo rugs, newest first over the last ~4 months. */
export function demoRugs(now = new Date()): (GeneratedRug & { publishedAt: Date })[] {
  const rng = createRandom(DEMO_SEED);
  return Array.from({ length: DEMO_RUG_COUNT }, (_, i) => ({
    ...generateRug(rng, i, now.getUTCFullYear()),
    publishedAt: new Date(now.getTime() - i * 14 * 3_600_000),
  }));
}

async function collectionIdsBySlug(app: FastifyInstance): Promise<Map<string, string>> {
  const rows = (
    (await app.ctx.db.execute(sql`select id, slug from collections`)) as {
      rows: { id: string; slug: string }[];
    }
  ).rows;
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/**
 * Seeds the demo catalogue into an empty one (a catalogue with any rug is left alone: it is someone's data, or a
 * benchmark's), then the demo sales. Pictures (DEMO_PICTURES) are rendered afterwards in the background, so the
 * server answers within seconds while the rug photographs appear, first screen first; a restart finishes what is
 * missing.
 */
export async function seedDemoCatalogue(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const started = Date.now();
  const [{ n } = { n: 0 }] = (
    (await db.execute(sql`select count(*)::int as n from rugs`)) as { rows: { n: number }[] }
  ).rows;
  if (Number(n) === 0) {
    const collectionIds = await collectionIdsBySlug(app);
    const ids = await insertRugs(db, demoRugs(), collectionIds);
    const sales = (await seedDemoSales(db)) + (await seedDemoArchive(db, collectionIds));
    app.log.info({ rugs: ids.size, sales, ms: Date.now() - started }, 'demo catalogue seeded');
  }
  if (Number(n) > 1000) return; // A generated (benchmark) catalogue takes its pictures from generate-catalogue.
  if (app.ctx.config.DEMO_PICTURES !== 'off') startPictureJob(app, app.ctx.config.DEMO_PICTURES);
}

/** `full`: every rug its own pictures (rug-pictures.ts); `pool`: a few shared renders (rug-images.ts), fast. */
function startPictureJob(app: FastifyInstance, mode: 'full' | 'pool') {
  const controller = new AbortController();
  const { media } = app.services;
  const started = Date.now();
  const options = { signal: controller.signal, log: (m: string) => app.log.info(m) };
  // Drawing and encoding in a child process at a lower priority, both cores busy, the site first (decision 078).
  const renderer = mode === 'full' ? processRenderer((m) => app.log.warn(m)) : undefined;
  const deps = { db: app.ctx.db, media, storage: app.ctx.storage, renderer };
  const run =
    mode === 'full'
      ? picturesPerRug(deps, options).then(async (p) => {
          // Pyramids the first pass could not cut (an older start's pictures, a failure).
          await zoomDemoRugs(deps, options);
          return p.done;
        })
      : picturesForRugsWithout(app.ctx.db, media, options);
  const job = run
    .then((rendered) => {
      if (rendered > 0) app.log.info({ rendered, mode, ms: Date.now() - started }, 'demo rug pictures ready');
    })
    .catch((err: unknown) => {
      if (!controller.signal.aborted)
        app.log.warn({ err }, 'demo rug pictures failed; they are retried on the next start');
    })
    .finally(() => renderer?.close());
  app.addHook('onClose', async () => {
    controller.abort();
    renderer?.close();
    // A picture in progress finishes (rendering cannot be interrupted) before the database closes.
    await Promise.race([job, new Promise((r) => setTimeout(r, 20_000).unref())]);
  });
}
