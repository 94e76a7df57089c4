import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRugMessages } from '@knotwork/shared/schemas/catalogue-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { send } from '../helpers/staff.ts';

const heriz = {
  title: 'Heriz carpet',
  description: 'Bold medallion',
  originCountry: 'Iran',
  originRegion: 'Heriz',
  style: 'persian',
  ageClass: 'antique',
  circaYear: 1900,
  widthCm: 240,
  lengthCm: 330,
  shape: 'rectangle',
  pileMaterials: ['wool'],
  foundationMaterials: ['cotton'],
  knotType: 'symmetric',
  knotDensity: 80,
  colours: ['red'],
  conditionGrade: 'good',
  conditionReport: 'Even wear',
  estimateLow: 300000,
  estimateHigh: 500000,
  fixedPrice: null,
};

async function png(colour: string) {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function multipart(file: Buffer) {
  const boundary = '----kwtest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('back office: rugs', () => {
  let t: TestApp;
  let specialist: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    specialist = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [specialist.id]);
  });
  afterAll(() => t.close());

  it('creates a draft, edits it under a version check, publishes it and audits each step', async () => {
    const created = await send(t, 'POST', '/admin/rugs', heriz, specialist.token);
    expect(created.statusCode).toBe(201);
    const rug = created.json().data;
    expect(rug).toMatchObject({ status: 'draft', version: 1, title: 'Heriz carpet', photos: [] });

    const edit = await send(
      t,
      'PATCH',
      `/admin/rugs/${rug.id}`,
      { version: 1, title: 'Heriz carpet, c. 1900', fixedPrice: 450000 },
      specialist.token,
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({
      version: 2,
      title: 'Heriz carpet, c. 1900',
      fixedPrice: 450000,
    });

    // A second editor still on version 1 is refused and writes nothing.
    const stale = await send(
      t,
      'PATCH',
      `/admin/rugs/${rug.id}`,
      { version: 1, title: 'Overwrite' },
      specialist.token,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: adminRugMessages.staleVersion, code: 'STALE_VERSION' });

    const bad = await send(
      t,
      'PATCH',
      `/admin/rugs/${rug.id}`,
      { version: 2, estimateLow: 900000 },
      specialist.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ estimateHigh: adminRugMessages.estimateOrder });

    const published = await send(
      t,
      'POST',
      `/admin/rugs/${rug.id}/publish`,
      { version: 2 },
      specialist.token,
    );
    expect(published.statusCode).toBe(200);
    expect(published.json().data.status).toBe('available');
    const visible = await send(t, 'GET', `/rug/${rug.id}`);
    expect(visible.statusCode).toBe(200);

    const actions = await t.database.query<{ action: string }>(
      'select action from staff_actions where rug_id = $1 order by created_at',
      [rug.id],
    );
    expect(actions.map((a) => a.action)).toEqual(['create_rug', 'update_rug', 'publish_rug']);
  });

  it('adds photos through the media pipeline, reorders them (the first is the cover) and removes one', async () => {
    const rug = (await send(t, 'POST', '/admin/rugs', heriz, specialist.token)).json().data;
    const ids: string[] = [];
    for (const colour of ['#a03030', '#30a030', '#3030a0']) {
      const body = multipart(await png(colour));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/rugs/${rug.id}/photos`,
        payload: body.payload,
        headers: { authorization: `Bearer ${specialist.token}`, 'content-type': body.contentType },
      });
      expect(res.statusCode, res.body).toBe(200);
      const photos = res.json().data.photos as Array<{ imageId: string; image: { fallback: string } }>;
      ids.push(photos.at(-1)!.imageId);
      expect(photos.at(-1)!.image.fallback).toMatch(/^\/media\//);
    }
    const notImage = multipart(Buffer.from('<svg/>'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/rugs/${rug.id}/photos`,
      payload: notImage.payload,
      headers: { authorization: `Bearer ${specialist.token}`, 'content-type': notImage.contentType },
    });
    expect(refused.statusCode).toBe(415);

    const current = (await send(t, 'GET', `/admin/rugs/${rug.id}`, undefined, specialist.token)).json().data;
    const reordered = [ids[2]!, ids[0]!, ids[1]!];
    const ordered = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/rugs/${rug.id}/photos`,
      payload: { version: current.version, imageIds: reordered },
      headers: { authorization: `Bearer ${specialist.token}` },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().data.photos.map((p: { imageId: string }) => p.imageId)).toEqual(reordered);

    const removed = await send(
      t,
      'DELETE',
      `/admin/rugs/${rug.id}/photos/${ids[0]}`,
      undefined,
      specialist.token,
    );
    expect(removed.json().data.photos.map((p: { imageId: string }) => p.imageId)).toEqual([ids[2], ids[1]]);
  });

  it('pages, filters and sorts the grid', async () => {
    const list = await send(
      t,
      'GET',
      '/admin/rugs?status=draft&sort=title&order=asc&pageSize=1',
      undefined,
      specialist.token,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ page: 1, pageSize: 1, total: 1 });
    const search = await send(t, 'GET', '/admin/rugs?q=heriz', undefined, specialist.token);
    expect(search.json().meta.total).toBe(2);
  });
});
