import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaService, sweepUnusedMedia, type MediaService } from '../../src/modules/media/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { multipart } from '../auth/multipart.ts';
import { send } from '../helpers/staff.ts';

const picture = (background: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();

describe('unused media: removed with their files once nothing refers to them', () => {
  let t: TestApp;
  let media: MediaService;
  let mediaDir: string;
  let specialist: { id: string; token: string };
  const sweep = (graceMs = 0) =>
    sweepUnusedMedia({ db: t.app.ctx.db, storage: t.app.ctx.storage, log: t.app.log }, { graceMs });
  const onDisk = (variantPath: string) => fs.existsSync(path.join(mediaDir, variantPath));
  const rowExists = async (id: string) =>
    (await t.database.query('select 1 from media_images where id = $1', [id])).length === 1;
  /** As if the image had last been stored `minutes` ago. */
  const age = (id: string, minutes: number) =>
    t.database.query(
      `update media_images set last_used_at = now() - make_interval(mins => $2) where id = $1`,
      [id, minutes],
    );

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-media-'));
    t = await createTestApp({ MEDIA_DIR: mediaDir });
    media = createMediaService({ db: t.app.ctx.db, storage: t.app.ctx.storage, config: t.config });
    specialist = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [specialist.id]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('a photo taken off a rug loses its row and every stored file after the grace period; the rug’s other photo stays', async () => {
    const created = await send(
      t,
      'POST',
      '/admin/rugs',
      {
        title: 'Kazak rug',
        description: 'Star medallions',
        originCountry: 'Azerbaijan',
        originRegion: 'Kazak',
        style: 'caucasian',
        ageClass: 'antique',
        circaYear: 1890,
        widthCm: 150,
        lengthCm: 210,
        shape: 'rectangle',
        pileMaterials: ['wool'],
        foundationMaterials: ['wool'],
        knotType: 'symmetric',
        knotDensity: 60,
        colours: ['red'],
        conditionGrade: 'good',
        conditionReport: 'Low pile in places',
        estimateLow: 200000,
        estimateHigh: 300000,
        fixedPrice: null,
      },
      specialist.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const rugId = created.json<{ data: { id: string } }>().data.id;
    const photoIds: string[] = [];
    for (const colour of ['#6b2a1a', '#1a3a6b']) {
      const body = multipart(
        {},
        { field: 'file', filename: 'p.png', contentType: 'image/png', data: await picture(colour) },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/rugs/${rugId}/photos`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${specialist.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      photoIds.push(res.json<{ data: { photos: Array<{ imageId: string }> } }>().data.photos.at(-1)!.imageId);
    }
    const [removedId, keptId] = photoIds as [string, string];
    const [removed] = await media.getMany([removedId]);
    const [kept] = await media.getMany([keptId]);
    for (const v of [...removed!.variants, ...kept!.variants]) expect(onDisk(v.path)).toBe(true);

    const res = await send(
      t,
      'DELETE',
      `/admin/rugs/${rugId}/photos/${removedId}`,
      undefined,
      specialist.token,
    );
    expect(res.statusCode, res.body).toBe(200);

    // Within the grace period (an upload stores its image before the row that refers to it): kept.
    await sweep(15 * 60_000);
    expect(await rowExists(removedId)).toBe(true);

    await age(removedId, 20);
    await age(keptId, 20);
    const report = await sweep(15 * 60_000);
    expect(report.images).toBe(1);
    expect(report.objects).toBe(removed!.variants.length);
    expect(await rowExists(removedId)).toBe(false);
    for (const v of removed!.variants) expect(onDisk(v.path)).toBe(false);
    expect(await rowExists(keptId)).toBe(true);
    for (const v of kept!.variants) expect(onDisk(v.path)).toBe(true);
  });

  it('keeps an image any foreign key refers to, a table it was never told about included', async () => {
    const image = await media.ingest(await picture('#2a6b1a'), { kind: 'cover' });
    await t.database.query(
      `insert into collections (title, slug, cover_image_id) values ('Tribal weaves', 'tribal-weaves-unused-test', $1)`,
      [image.id],
    );
    // A table added after this code was written, pointing at images: the sweep reads references from the catalogue.
    await t.database.query(
      `create table lookbook_pages (id serial primary key, picture uuid references media_images(id))`,
    );
    const other = await media.ingest(await picture('#6b6b1a'), { kind: 'cover' });
    await t.database.query('insert into lookbook_pages (picture) values ($1)', [other.id]);

    await sweep();
    expect(await rowExists(image.id)).toBe(true);
    expect(await rowExists(other.id)).toBe(true);
    for (const v of [...image.variants, ...other.variants]) expect(onDisk(v.path)).toBe(true);

    // The cover replaced by nothing: the image goes.
    await t.database.query(
      `update collections set cover_image_id = null where slug = 'tribal-weaves-unused-test'`,
    );
    await sweep();
    expect(await rowExists(image.id)).toBe(false);
    expect(await rowExists(other.id)).toBe(true);
  });

  it('an upload of the same picture after the sweep stores it afresh; one reusing it before is spared', async () => {
    const bytes = await picture('#4a1a6b');
    const first = await media.ingest(bytes, { kind: 'blog' });
    await sweep();
    expect(await rowExists(first.id)).toBe(false);
    for (const v of first.variants) expect(onDisk(v.path)).toBe(false);

    const again = await media.ingest(bytes, { kind: 'blog' });
    expect(again.id).not.toBe(first.id);
    for (const v of again.variants) expect(onDisk(v.path)).toBe(true);

    // Reused by an upload just now (touched): a sweep with the real grace period leaves it.
    await age(again.id, 20);
    const reused = await media.ingest(bytes, { kind: 'blog' });
    expect(reused.id).toBe(again.id);
    await sweep(15 * 60_000);
    expect(await rowExists(again.id)).toBe(true);
  });
});
