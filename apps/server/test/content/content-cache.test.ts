import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageMetaService } from '../../src/modules/page-meta/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { send } from '../helpers/staff.ts';

describe('back office: content changes reach cached heads at once', () => {
  let t: TestApp;
  let staff: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [staff.id]);
  });
  afterAll(() => t.close());

  it('drops the page-meta cache when staff edit a post, so a shared link shows the new title', async () => {
    const meta = createPageMetaService({
      db: t.app.ctx.db,
      publicUrl: 'http://localhost',
      mediaBaseUrl: '/media',
      cacheTtlMs: 60_000,
      bus: t.app.ctx.bus,
    });
    const post = (
      await send(
        t,
        'POST',
        '/admin/content/posts',
        { title: 'First title', author: 'A', publishedAt: new Date(Date.now() - 60_000).toISOString() },
        staff.token,
      )
    ).json().data;
    const path = `/auction-blog/${post.slug}`;
    expect((await meta.metaFor(path))?.title).toBe('First title | Knotwork');

    // Changed behind the service's back: the cache still answers the old title...
    await t.database.query(`update blog_posts set title = 'Sneaky' where id = $1`, [post.id]);
    expect((await meta.metaFor(path))?.title).toBe('First title | Knotwork');

    // ...but a staff edit tells every process, and the next head is built afresh.
    const edit = await send(
      t,
      'PATCH',
      `/admin/content/posts/${post.id}`,
      { version: 1, title: 'New title' },
      staff.token,
    );
    expect(edit.statusCode).toBe(200);
    expect((await meta.metaFor(path))?.title).toBe('New title | Knotwork');
  });
});
