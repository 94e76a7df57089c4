import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeRug } from '../bidding/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const collection = async (slug: string) =>
  (
    await t.database.query<{ id: string }>(
      "insert into collections (title, slug, description) values ($1, $1, '') returning id",
      [slug],
    )
  )[0]!.id;
const idsOf = async (rugId: string) =>
  (
    await t.database.query<{ ids: string[] }>(
      'select collection_ids::text[] as ids from rugs where id = $1',
      [rugId],
    )
  )[0]!.ids;
/** What rug_collections says, in the order the trigger keeps (by collection id). */
const membership = async (rugId: string) =>
  (
    await t.database.query<{ collection_id: string }>(
      'select collection_id from rug_collections where rug_id = $1 order by collection_id',
      [rugId],
    )
  ).map((r) => r.collection_id);

describe('rugs.collection_ids mirrors rug_collections (migration 0009)', () => {
  it('follows inserts, bulk inserts, deletes, moves and a deleted collection', async () => {
    const [a, b, c] = [
      await collection('mirror-a'),
      await collection('mirror-b'),
      await collection('mirror-c'),
    ];
    const [r1, r2, r3] = [await makeRug(t), await makeRug(t), await makeRug(t)];
    expect(await idsOf(r1)).toEqual([]);

    // One statement, several rows per rug: each rug ends with all of its collections.
    await t.database.query(
      'insert into rug_collections (rug_id, collection_id) values ($1, $3), ($1, $4), ($2, $3), ($1, $5)',
      [r1, r2, a, b, c],
    );
    for (const rug of [r1, r2, r3]) expect(await idsOf(rug)).toEqual(await membership(rug));
    expect(await idsOf(r1)).toHaveLength(3);

    await t.database.query('delete from rug_collections where rug_id = $1 and collection_id = $2', [r1, b]);
    expect(await idsOf(r1)).toEqual(await membership(r1));
    expect(await idsOf(r1)).not.toContain(b);

    // A membership moved to another rug leaves the first and reaches the second.
    await t.database.query(
      'update rug_collections set rug_id = $1 where rug_id = $2 and collection_id = $3',
      [r3, r2, a],
    );
    expect(await idsOf(r2)).toEqual([]);
    expect(await idsOf(r3)).toEqual([a]);

    // Deleting a collection cascades to its memberships, and so to the rugs.
    await t.database.query('delete from collections where id = $1', [a]);
    expect(await idsOf(r1)).toEqual([c]);
    expect(await idsOf(r3)).toEqual([]);
  });

  it('writes no new rug version when the ids already match (the seed sets them with the rug)', async () => {
    const [e, f] = [await collection('mirror-e'), await collection('mirror-f')];
    const rug = await makeRug(t);
    const sorted = [e, f].sort();
    await t.database.query('update rugs set collection_ids = $2::uuid[] where id = $1', [rug, sorted]);
    const version = async () =>
      (await t.database.query<{ v: string }>('select xmin::text as v from rugs where id = $1', [rug]))[0]!.v;
    const before = await version();
    await t.database.query('insert into rug_collections (rug_id, collection_id) values ($1, $2), ($1, $3)', [
      rug,
      e,
      f,
    ]);
    expect(await version()).toBe(before);
    expect(await idsOf(rug)).toEqual(sorted);
    await t.database.query('delete from rug_collections where rug_id = $1 and collection_id = $2', [rug, e]);
    expect(await version()).not.toBe(before);
    expect(await idsOf(rug)).toEqual([f]);
  });

  it('filters the listing by collection through the mirrored ids', async () => {
    const d = await collection('mirror-d');
    const rug = await makeRug(t);
    const list = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/rug?data=${encodeURIComponent(JSON.stringify({ collections: ['mirror-d'] }))}`,
        })
      ).json();
    expect((await list()).meta.total).toBe(0);
    await t.database.query('insert into rug_collections (rug_id, collection_id) values ($1, $2)', [rug, d]);
    const found = await list();
    expect(found.meta.total).toBe(1);
    expect(found.data.map((r: { id: string }) => r.id)).toEqual([rug]);
  });
});
