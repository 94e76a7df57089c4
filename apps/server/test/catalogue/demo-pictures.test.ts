import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaService } from '../../src/modules/media/index.ts';
import { processRenderer } from '../../src/seed/demo-catalogue/picture-renderer.ts';
import { picturesPerRug } from '../../src/seed/demo-catalogue/rug-pictures.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FIXTURE_RUGS } from './fixtures.ts';
import { insertRugs } from '../../src/seed/demo-catalogue/insert-rugs.ts';

/** DEMO_PICTURES=full: every rug its own pictures, made once. */
describe('demo pictures per rug', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MEDIA_DIR: `/tmp/knotwork-test-media-${process.pid}` });
    await insertRugs(t.app.ctx.db, FIXTURE_RUGS.slice(0, 2), new Map());
  });
  afterAll(() => t.close());

  const gallery = async () =>
    (
      (await t.app.ctx.db
        .execute(sql`select r.slug, ri.position, ri.image_id, m.content_hash, m.width, m.height, m.variants
      from rug_images ri join rugs r on r.id = ri.rug_id join media_images m on m.id = ri.image_id order by r.slug, ri.position`)) as {
        rows: {
          slug: string;
          position: number;
          image_id: string;
          content_hash: string;
          width: number;
          height: number;
          variants: { format: string; width: number }[];
        }[];
      }
    ).rows;

  it('gives each rug two pictures of its own at site size, and a second run makes none', async () => {
    const media = createMediaService({ db: t.app.ctx.db, storage: t.app.ctx.storage, config: t.config });
    // The renderer process the server uses (decision 078): drawing and encoding off the server's process.
    const renderer = processRenderer();
    const deps = { db: t.app.ctx.db, media, storage: t.app.ctx.storage, renderer };
    const first = await picturesPerRug(deps).finally(() => renderer.close());
    expect(first.done).toBe(4);
    expect(first.firstScreenMs).not.toBeNull();
    const rows = await gallery();
    expect(rows.map((r) => `${r.slug}:${r.position}`)).toEqual([
      'heriz-serapi:0',
      'heriz-serapi:1',
      'kashan-silk:0',
      'kashan-silk:1',
    ]);
    // Distinct per rug and per view: four different pictures.
    expect(new Set(rows.map((r) => r.content_hash)).size).toBe(4);
    // Seed profile: at most 900 px long side, WebP at 320/640/900 (capped at the picture), one JPEG, no AVIF.
    for (const r of rows) {
      expect(Math.max(r.width, r.height)).toBeLessThanOrEqual(900);
      expect(r.variants.some((v) => v.format === 'avif')).toBe(false);
      expect(r.variants.filter((v) => v.format === 'jpeg')).toHaveLength(1);
      expect(r.variants.filter((v) => v.format === 'webp').map((v) => v.width)).toContain(320);
    }
    // The whole-rug pictures have their pyramids from the same drawing.
    const zoomed = (await t.app.ctx.db
      .execute(sql`select count(*)::int as n from rug_images ri join media_images m on m.id = ri.image_id
      where ri.position = 0 and m.zoom is not null`)) as { rows: { n: number }[] };
    expect(zoomed.rows[0]!.n).toBe(2);
    const again = await picturesPerRug({ db: t.app.ctx.db, media, storage: t.app.ctx.storage });
    expect(again).toEqual({ done: 0, firstScreenMs: null });
    expect(await gallery()).toEqual(rows);
  }, 300_000);
});
