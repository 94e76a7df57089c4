import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCollectionMessages as m } from '@knotwork/shared/schemas/collections-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeRug, makeUser } from '../bidding/helpers.ts';
import { send } from '../helpers/staff.ts';

interface Row {
  id: string;
  title: string;
  position: number;
  rugCount: number;
  publishedRugCount: number;
  coverImageId: string | null;
}

/** Collections in the back office (issue 11, decision 060): CRUD, order, rugs, cover, audit, public list. */
describe('back office: collections', () => {
  let t: TestApp;
  let specialist: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    specialist = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [specialist.id]);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    send(t, method, url, payload, specialist.token);
  const put = (url: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1${url}`,
      payload: payload as Record<string, unknown>,
      headers: { authorization: `Bearer ${specialist.token}` },
    });
  const audit = (action: string) =>
    t.database.query<{
      staff_id: string;
      collection_id: string | null;
      rug_id: string | null;
      details: Record<string, unknown>;
    }>(
      'select staff_id, collection_id, rug_id, details from staff_actions where action = $1 order by created_at',
      [action],
    );
  const publicList = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/auth/collection/list' })).json().data as {
      title: string;
      rugCount: number;
    }[];

  it('creates collections last in the order, edits them, refuses a taken title and bad input', async () => {
    const before = (await call('GET', '/admin/collections')).json().data as Row[];
    const created = await call('POST', '/admin/collections', {
      title: '  Tribal weavings ',
      description: 'Nomad work',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: m.collectionCreated,
      data: {
        title: 'Tribal weavings',
        slug: 'tribal-weavings',
        description: 'Nomad work',
        position: before.length,
        rugCount: 0,
      },
    });
    const id = (created.json().data as Row).id;
    expect(await audit('create_collection')).toEqual([
      expect.objectContaining({ staff_id: specialist.id, collection_id: id }),
    ]);

    const taken = await call('POST', '/admin/collections', { title: 'TRIBAL weavings' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: m.titleTaken, errors: { title: m.titleTaken } });

    const empty = await call('POST', '/admin/collections', { title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ title: m.titleRequired });
    const long = await call('POST', '/admin/collections', { title: 'x'.repeat(81) });
    expect(long.json().errors).toMatchObject({ title: m.titleMax });
    const nul = await call('POST', '/admin/collections', { title: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const nothing = await call('PATCH', `/admin/collections/${id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(m.nothingToChange);

    const edited = await call('PATCH', `/admin/collections/${id}`, { title: 'Tribal and village weavings' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Tribal and village weavings',
      description: 'Nomad work',
    });
    expect(await audit('update_collection')).toHaveLength(1);
    // A new collection is a draft without rugs: visitors do not see it (decision 076).
    expect(edited.json().data.status).toBe('draft');
    expect((await publicList()).map((c) => c.title)).not.toContain('Tribal and village weavings');

    const missing = await call('PATCH', `/admin/collections/${crypto.randomUUID()}`, { title: 'Gone' });
    expect(missing.statusCode).toBe(404);
    expect((await call('GET', '/admin/collections/not-a-uuid')).statusCode).toBe(400);
  });

  it('orders the collections as one list, refusing a list that misses or repeats one', async () => {
    for (const title of ['Order A', 'Order B']) await call('POST', '/admin/collections', { title });
    const all = (await call('GET', '/admin/collections')).json().data as Row[];
    const reversed = all.map((c) => c.id).reverse();
    const res = await put('/admin/collections/order', { collectionIds: reversed });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Row[]).map((c) => c.id)).toEqual(reversed);
    const visible = (c: Row & { status: string }) => c.status === 'published' && c.publishedRugCount > 0;
    expect((await publicList()).map((c) => c.title)).toEqual(
      (all as (Row & { status: string })[])
        .filter(visible)
        .map((c) => c.title)
        .reverse(),
    );
    expect(await audit('order_collections')).toHaveLength(1);

    const short = await put('/admin/collections/order', { collectionIds: reversed.slice(1) });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toMatchObject({ collectionIds: m.orderIncomplete });
    const twice = await put('/admin/collections/order', { collectionIds: [reversed[0], reversed[0]] });
    expect(twice.statusCode).toBe(400);
    expect(await audit('order_collections')).toHaveLength(1);
  });

  it('adds and removes rugs; the listing filter by title finds them; unknown rugs are refused and nothing is written', async () => {
    const created = await call('POST', '/admin/collections', { title: 'Prayer rugs' });
    const id = (created.json().data as Row).id;
    const [a, b, draft] = [await makeRug(t), await makeRug(t), await makeRug(t, { status: 'draft' })];
    const added = await call('POST', `/admin/collections/${id}/rugs`, { rugIds: [a, b, draft, a] });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ rugCount: 3, publishedRugCount: 2 });
    const [row] = await audit('add_collection_rugs');
    expect(row).toMatchObject({ collection_id: id, details: { added: 3 } });
    // Adding again changes nothing.
    expect((await call('POST', `/admin/collections/${id}/rugs`, { rugIds: [a] })).json().data.rugCount).toBe(
      3,
    );

    const unknown = await call('POST', `/admin/collections/${id}/rugs`, { rugIds: [crypto.randomUUID(), a] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toMatchObject({ rugIds: m.rugsUnknown });
    expect((await call('POST', `/admin/collections/${id}/rugs`, { rugIds: [] })).statusCode).toBe(400);

    const page = (await call('GET', `/admin/collections/${id}/rugs?pageSize=2`)).json();
    expect(page.meta).toMatchObject({ total: 3, totalPages: 2 });
    expect(page.data).toHaveLength(2);

    // A draft collection filters nothing for visitors; published, the public listing's collection filter
    // (/rug-listings?data={"collections":[title]}) finds the published two.
    const filter0 = encodeURIComponent(JSON.stringify({ collections: ['Prayer rugs'] }));
    const hidden = await t.app.inject({ method: 'GET', url: `/api/v1/rug?data=${filter0}` });
    expect(hidden.json().data).toEqual([]);
    expect((await call('POST', `/admin/collections/${id}/publish`)).statusCode).toBe(200);
    const filter = encodeURIComponent(JSON.stringify({ collections: ['Prayer rugs'] }));
    const listing = await t.app.inject({ method: 'GET', url: `/api/v1/rug?data=${filter}` });
    expect(listing.statusCode, listing.body).toBe(200);
    expect((listing.json().data as { id: string }[]).map((r) => r.id).sort()).toEqual([a, b].sort());

    const removed = await call('DELETE', `/admin/collections/${id}/rugs/${a}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.rugCount).toBe(2);
    expect((await audit('remove_collection_rug'))[0]).toMatchObject({ collection_id: id, rug_id: a });
    expect((await call('DELETE', `/admin/collections/${id}/rugs/${a}`)).statusCode).toBe(404);
  });

  it('keeps a collection a draft until it is published, and refuses to publish one without a public rug', async () => {
    const created = await call('POST', '/admin/collections', { title: 'Kilims of Anatolia' });
    const id = (created.json().data as Row).id;
    expect(created.json().data.status).toBe('draft');
    const draftRug = await makeRug(t, { status: 'draft' });
    await call('POST', `/admin/collections/${id}/rugs`, { rugIds: [draftRug] });

    // Only a draft rug: publishing is refused with a clear message, and nothing is written.
    const refused = await call('POST', `/admin/collections/${id}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: m.publishNeedsPublicRug });
    expect((await call('GET', `/admin/collections/${id}`)).json().data.status).toBe('draft');
    const audited = async () =>
      (await audit('update_collection')).filter((r) => r.collection_id === id && 'status' in r.details);
    expect(await audited()).toEqual([]);

    // A draft with a public rug is still hidden: from the list, the rug page, the listing filter and facets.
    const rug = await makeRug(t);
    await call('POST', `/admin/collections/${id}/rugs`, { rugIds: [rug] });
    const rugPage = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/rug/${rug}` })).body;
    const named = (page: string) => page.includes('Kilims of Anatolia');
    expect((await publicList()).map((c) => c.title)).not.toContain('Kilims of Anatolia');
    expect(named(await rugPage())).toBe(false);
    const filter = encodeURIComponent(JSON.stringify({ collections: ['Kilims of Anatolia'] }));
    const listing = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/rug?data=${filter}` })).json().data as {
        id: string;
      }[];
    expect(await listing()).toEqual([]);
    const facets = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/rug/facets' })).body;
    expect((await facets()).includes('Kilims of Anatolia')).toBe(false);

    const published = await call('POST', `/admin/collections/${id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ message: m.collectionPublished, data: { status: 'published' } });
    expect(await audited()).toEqual([
      expect.objectContaining({ staff_id: specialist.id, details: { status: 'published' } }),
    ]);
    // Again: nothing more is written.
    expect((await call('POST', `/admin/collections/${id}/publish`)).statusCode).toBe(200);
    expect(await audited()).toHaveLength(1);
    expect((await publicList()).find((c) => c.title === 'Kilims of Anatolia')).toMatchObject({ rugCount: 1 });
    expect(named(await rugPage())).toBe(true);
    expect((await listing()).map((r) => r.id)).toEqual([rug]);

    // Published but no longer holding a public rug: hidden again.
    await t.database.query(`update rugs set status = 'draft' where id = $1`, [rug]);
    await call('PATCH', `/admin/collections/${id}`, { description: 'clears the caches' });
    expect((await publicList()).map((c) => c.title)).not.toContain('Kilims of Anatolia');
    await t.database.query(`update rugs set status = 'available' where id = $1`, [rug]);

    const unpublished = await call('POST', `/admin/collections/${id}/unpublish`);
    expect(unpublished.json()).toMatchObject({ message: m.collectionUnpublished, data: { status: 'draft' } });
    expect((await publicList()).map((c) => c.title)).not.toContain('Kilims of Anatolia');
    expect((await call('POST', `/admin/collections/${crypto.randomUUID()}/publish`)).statusCode).toBe(404);
  });

  it('sets and removes a cover through the media pipeline', async () => {
    const id = ((await call('POST', '/admin/collections', { title: 'Covers' })).json().data as Row).id;
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7a2e1f' } })
      .png()
      .toBuffer();
    const boundary = '----kwcover';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/collections/${id}/cover`,
      payload,
      headers: {
        authorization: `Bearer ${specialist.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.coverImageId).toBeTruthy();
    expect(res.json().data.cover).toBeTruthy();
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/collections/${id}/cover`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        Buffer.from('not an image'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: {
        authorization: `Bearer ${specialist.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const cleared = await call('DELETE', `/admin/collections/${id}/cover`);
    expect(cleared.json().data.coverImageId).toBeNull();
  });

  it('deletes a collection by unlinking its rugs, which stay in the catalogue', async () => {
    const id = ((await call('POST', '/admin/collections', { title: 'Short-lived' })).json().data as Row).id;
    const rug = await makeRug(t);
    await call('POST', `/admin/collections/${id}/rugs`, { rugIds: [rug] });
    const res = await call('DELETE', `/admin/collections/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.collectionDeleted, data: { unlinkedRugs: 1 } });
    expect(await t.database.query('select id from rugs where id = $1', [rug])).toHaveLength(1);
    expect(await t.database.query('select * from rug_collections where rug_id = $1', [rug])).toHaveLength(0);
    const [row] = await audit('delete_collection');
    expect(row).toMatchObject({ staff_id: specialist.id, details: { title: 'Short-lived' } });
    expect((await call('DELETE', `/admin/collections/${id}`)).statusCode).toBe(404);
    expect((await publicList()).map((c) => c.title)).not.toContain('Short-lived');
  });

  it('is refused to accounts staff (read and write) and audited under the person in the audit log', async () => {
    const accounts = await makeUser(t);
    await t.database.query(`update users set role = 'accounts' where id = $1`, [accounts.id]);
    expect((await send(t, 'GET', '/admin/collections', undefined, accounts.token)).statusCode).toBe(403);
    expect((await send(t, 'POST', '/admin/collections', { title: 'No' }, accounts.token)).statusCode).toBe(
      403,
    );

    const admin = await makeUser(t);
    await t.database.query(`update users set role = 'admin' where id = $1`, [admin.id]);
    const log = await send(
      t,
      'GET',
      `/admin/audit?staffId=${specialist.id}&action=create_collection`,
      undefined,
      admin.token,
    );
    expect(log.statusCode).toBe(200);
    const entries = log.json().data as { staffId: string; action: string; collectionId: string | null }[];
    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(entries.every((e) => e.staffId === specialist.id && e.action === 'create_collection')).toBe(true);
    const other = await send(t, 'GET', `/admin/audit?staffId=${admin.id}`, undefined, admin.token);
    expect(other.json().data).toEqual([]);
    const future = await send(
      t,
      'GET',
      `/admin/audit?staffId=${specialist.id}&from=2999-01-01`,
      undefined,
      admin.token,
    );
    expect(future.json().data).toEqual([]);
    const bad = await send(t, 'GET', '/admin/audit?from=yesterday', undefined, admin.token);
    expect(bad.statusCode).toBe(400);
  });
});
