import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContentMessages as m } from '@knotwork/shared/schemas/content-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { send } from '../helpers/staff.ts';

function multipart(file: Buffer) {
  const boundary = '----kwcontent';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('back office: content', () => {
  let t: TestApp;
  let specialist: { id: string; token: string };
  let accounts: { id: string; token: string };
  const put = (url: string, payload: unknown, token = specialist.token) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1${url}`,
      payload: payload as Record<string, unknown>,
      headers: { authorization: `Bearer ${token}` },
    });
  const audit = async (action: string) =>
    t.database.query<{ action: string; details: Record<string, unknown> }>(
      'select action, details from staff_actions where action = $1 and staff_id = $2 order by created_at',
      [action, specialist.id],
    );

  beforeAll(async () => {
    t = await createTestApp();
    specialist = await makeUser(t);
    accounts = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [specialist.id]);
    await t.database.query(`update users set role = 'accounts' where id = $1`, [accounts.id]);
  });
  afterAll(() => t.close());

  it('writes a draft post, edits it under a version check, publishes it and visitors see it at once', async () => {
    const created = await send(
      t,
      'POST',
      '/admin/content/posts',
      { title: 'Reading an Abrash', author: 'Miriam', bodyMarkdown: '## Colour\n\nBands of dye.' },
      specialist.token,
    );
    expect(created.statusCode).toBe(201);
    const post = created.json().data;
    expect(post).toMatchObject({ slug: 'reading-an-abrash', status: 'draft', version: 1, publishedAt: null });
    expect((await send(t, 'GET', `/auth/blog/${post.slug}`)).statusCode).toBe(404);

    const edit = await send(
      t,
      'PATCH',
      `/admin/content/posts/${post.id}`,
      { version: 1, excerpt: 'What uneven colour tells you', tags: ['Guides'] },
      specialist.token,
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({
      version: 2,
      excerpt: 'What uneven colour tells you',
      tags: ['guides'],
    });

    // A second editor still on version 1 is refused and writes nothing.
    const stale = await send(
      t,
      'PATCH',
      `/admin/content/posts/${post.id}`,
      { version: 1, title: 'Overwrite' },
      specialist.token,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: m.staleVersion, code: 'STALE_VERSION' });

    const published = await send(
      t,
      'POST',
      `/admin/content/posts/${post.id}/publish`,
      { version: 2 },
      specialist.token,
    );
    expect(published.statusCode).toBe(200);
    expect(published.json().data.status).toBe('published');
    const visible = await send(t, 'GET', `/auth/blog/${post.slug}`);
    expect(visible.statusCode).toBe(200);
    expect(visible.json().data).toMatchObject({ title: 'Reading an Abrash' });
    expect(visible.json().data.html).toContain('<h2>Colour</h2>');

    const list = await send(
      t,
      'GET',
      '/admin/content/posts?status=published&q=abrash',
      undefined,
      specialist.token,
    );
    expect(list.json().data.map((p: { id: string }) => p.id)).toEqual([post.id]);

    const unpublished = await send(
      t,
      'POST',
      `/admin/content/posts/${post.id}/unpublish`,
      { version: 3 },
      specialist.token,
    );
    expect(unpublished.json().data.status).toBe('draft');
    expect((await send(t, 'GET', `/auth/blog/${post.slug}`)).statusCode).toBe(404);

    expect(
      (await send(t, 'DELETE', `/admin/content/posts/${post.id}`, undefined, specialist.token)).statusCode,
    ).toBe(200);
    expect(
      (await send(t, 'GET', `/admin/content/posts/${post.id}`, undefined, specialist.token)).statusCode,
    ).toBe(404);

    const actions = await t.database.query<{ action: string }>(
      `select action from staff_actions where details->>'kind' = 'post' and details->>'id' = $1 order by created_at`,
      [post.id],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'create_content',
      'update_content',
      'publish_content',
      'unpublish_content',
      'delete_content',
    ]);
  });

  it('answers field errors for bad input and a taken slug', async () => {
    const bad = await send(
      t,
      'POST',
      '/admin/content/posts',
      { title: '', author: 'A', slug: 'Not A Slug' },
      specialist.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ title: m.titleRequired, slug: m.slugInvalid });

    const a = (
      await send(t, 'POST', '/admin/content/posts', { title: 'Same', author: 'A' }, specialist.token)
    ).json().data;
    const b = (
      await send(t, 'POST', '/admin/content/posts', { title: 'Same', author: 'A' }, specialist.token)
    ).json().data;
    expect(b.slug).not.toBe(a.slug);
    const taken = await send(
      t,
      'PATCH',
      `/admin/content/posts/${b.id}`,
      { version: 1, slug: a.slug },
      specialist.token,
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toMatchObject({ slug: m.slugTaken });

    const cover = await send(
      t,
      'PATCH',
      `/admin/content/posts/${b.id}`,
      { version: 1, coverImageId: crypto.randomUUID() },
      specialist.token,
    );
    expect(cover.statusCode).toBe(400);
    expect(cover.json().errors).toMatchObject({ coverImageId: m.imageNotFound });

    // Accounts may not write content.
    expect(
      (await send(t, 'POST', '/admin/content/posts', { title: 'X', author: 'A' }, accounts.token)).statusCode,
    ).toBe(403);
  });

  it('uploads a picture for the body through the media pipeline, keeps it referenced, and previews like the public page', async () => {
    const post = (
      await send(
        t,
        'POST',
        '/admin/content/posts',
        { title: 'With a picture', author: 'A' },
        specialist.token,
      )
    ).json().data;
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/content/posts/${post.id}/images`,
      headers: { authorization: `Bearer ${specialist.token}`, 'content-type': multipart(png).contentType },
      payload: multipart(png).payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { imageId, url } = res.json().data;
    expect(url).toMatch(/^\/media\/blog\/.+\.webp$/);
    const [link] = await t.database.query(
      'select 1 from blog_post_images where post_id = $1 and image_id = $2',
      [post.id, imageId],
    );
    expect(link).toBeDefined();

    const notImage = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/content/posts/${post.id}/images`,
      headers: {
        authorization: `Bearer ${specialist.token}`,
        'content-type': multipart(Buffer.from('hello')).contentType,
      },
      payload: multipart(Buffer.from('hello')).payload,
    });
    expect(notImage.statusCode).toBe(415);

    const preview = await send(
      t,
      'POST',
      '/admin/content/preview',
      { markdown: `![Rug](${url})\n\n<script>alert(1)</script><img src=x onerror=alert(1)>` },
      specialist.token,
    );
    expect(preview.statusCode).toBe(200);
    const html: string = preview.json().data.html;
    expect(html).toContain(`src="${url}"`);
    expect(html).not.toContain('script');
    expect(html).not.toContain('onerror');

    const withCover = await send(
      t,
      'PATCH',
      `/admin/content/posts/${post.id}`,
      { version: 1, coverImageId: imageId },
      specialist.token,
    );
    expect(withCover.json().data.coverImage).toMatchObject({ id: imageId });
  });

  it('edits, orders and deletes FAQ groups and questions, and the public FAQ follows', async () => {
    let faq = (
      await send(t, 'POST', '/admin/content/faq/groups', { title: 'Bidding' }, specialist.token)
    ).json().data;
    faq = (await send(t, 'POST', '/admin/content/faq/groups', { title: 'Shipping' }, specialist.token)).json()
      .data;
    const [bidding, shipping] = faq;
    expect(faq.map((g: { title: string }) => g.title)).toEqual(['Bidding', 'Shipping']);
    await send(
      t,
      'POST',
      '/admin/content/faq/entries',
      { groupId: bidding.id, question: 'Q1?', answer: 'A1' },
      specialist.token,
    );
    faq = (
      await send(
        t,
        'POST',
        '/admin/content/faq/entries',
        { groupId: bidding.id, question: 'Q2?', answer: 'A2' },
        specialist.token,
      )
    ).json().data;
    const [q1, q2] = faq[0].entries;

    const bad = await send(
      t,
      'POST',
      '/admin/content/faq/entries',
      { groupId: bidding.id, question: ' ', answer: 'A' },
      specialist.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ question: m.questionRequired });
    const wrongOrder = await put(`/admin/content/faq/groups/${bidding.id}/order`, { ids: [q1.id] });
    expect(wrongOrder.statusCode).toBe(400);

    await put(`/admin/content/faq/groups/${bidding.id}/order`, { ids: [q2.id, q1.id] });
    await put('/admin/content/faq/groups/order', { ids: [shipping.id, bidding.id] });
    await send(
      t,
      'PATCH',
      `/admin/content/faq/entries/${q1.id}`,
      { answer: 'A1, revised' },
      specialist.token,
    );

    const pub = (await send(t, 'GET', '/auth/faq')).json().data;
    expect(pub.map((g: { group: string }) => g.group)).toEqual(['Bidding']);
    expect(
      pub[0].items.map((i: { question: string; answer: string }) => `${i.question} ${i.answer}`),
    ).toEqual(['Q2? A2', 'Q1? A1, revised']);

    faq = (
      await send(t, 'DELETE', `/admin/content/faq/groups/${bidding.id}`, undefined, specialist.token)
    ).json().data;
    expect(faq.map((g: { title: string }) => g.title)).toEqual(['Shipping']);
    expect((await audit('order_content')).length).toBeGreaterThanOrEqual(2);
  });

  it('saves the About page under a version check; the public page shows it at once', async () => {
    const about = (await send(t, 'GET', '/admin/content/pages/about', undefined, specialist.token)).json()
      .data;
    expect(about.version).toBe(1);
    const saved = await put('/admin/content/pages/about', {
      title: 'Our story',
      bodyMarkdown: 'We **repair** rugs.',
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.version).toBe(2);
    expect((await send(t, 'GET', '/auth/about')).json().data.html).toContain('<strong>repair</strong>');

    const stale = await put('/admin/content/pages/about', { title: 'Old', bodyMarkdown: 'x', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');

    // A page never written (no demo data here) is created by its first save, from version 0.
    expect((await send(t, 'GET', '/auth/terms')).statusCode).toBe(404);
    expect(
      (await put('/admin/content/pages/terms', { title: 'Terms', bodyMarkdown: 'Be fair.', version: 0 }))
        .statusCode,
    ).toBe(200);
    expect((await send(t, 'GET', '/auth/terms')).json().data.title).toBe('Terms');
    expect(
      (await put('/admin/content/pages/terms', { title: 'T', bodyMarkdown: 'x', version: 0 })).statusCode,
    ).toBe(409);
    expect((await audit('update_content')).some((a) => a.details.slug === 'about')).toBe(true);
  });

  it('adds, edits, orders and removes testimonials and careers', async () => {
    const quote = { name: 'Ann', location: 'Oslo', quote: 'Lovely', rating: 5 };
    await send(t, 'POST', '/admin/content/testimonials', quote, specialist.token);
    let list = (
      await send(t, 'POST', '/admin/content/testimonials', { ...quote, name: 'Bo' }, specialist.token)
    ).json().data;
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Ann', 'Bo']);
    const bad = await send(
      t,
      'POST',
      '/admin/content/testimonials',
      { ...quote, rating: 9 },
      specialist.token,
    );
    expect(bad.json().errors).toMatchObject({ rating: m.ratingInvalid });
    list = (await put('/admin/content/testimonials/order', { ids: [list[1].id, list[0].id] })).json().data;
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Bo', 'Ann']);
    expect(
      (await send(t, 'GET', '/misc/testimonials')).json().data.map((x: { name: string }) => x.name),
    ).toEqual(['Bo', 'Ann']);
    list = (
      await send(t, 'DELETE', `/admin/content/testimonials/${list[0].id}`, undefined, specialist.token)
    ).json().data;
    expect(list).toHaveLength(1);

    const job = {
      title: 'Restorer',
      location: 'London',
      type: 'Full-time',
      description: 'Hands.',
      isOpen: true,
    };
    let careers = (await send(t, 'POST', '/admin/content/careers', job, specialist.token)).json().data;
    careers = (
      await send(t, 'PATCH', `/admin/content/careers/${careers[0].id}`, { isOpen: false }, specialist.token)
    ).json().data;
    expect(careers[0].isOpen).toBe(false);
    expect((await send(t, 'GET', '/misc/careers')).json().data).toEqual([]);
    const empty = await send(t, 'PATCH', `/admin/content/careers/${careers[0].id}`, {}, specialist.token);
    expect(empty.statusCode).toBe(400);
  });

  it("chooses the home page's featured sale and collections", async () => {
    const [c1] = await t.database.query<{ id: string }>(
      `insert into collections (title, slug) values ('Tribal', 'tribal-x') returning id`,
    );
    const [sale] = await t.database.query<{ id: string }>(
      `insert into auctions (slug, title, status, starts_at, ends_at) values ('s-home', 'Winter', 'scheduled', now() + interval '1 day', now() + interval '2 days') returning id`,
    );
    const [draft] = await t.database.query<{ id: string }>(
      `insert into auctions (slug, title, status, starts_at, ends_at) values ('s-draft', 'Draft', 'draft', now() + interval '1 day', now() + interval '2 days') returning id`,
    );
    const home = (await send(t, 'GET', '/admin/content/home', undefined, specialist.token)).json().data;
    expect(home.sales.map((s: { id: string }) => s.id)).toEqual([sale!.id]);

    const refused = await put('/admin/content/home', {
      featuredSaleId: draft!.id,
      collectionIds: [],
      version: home.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ featuredSaleId: m.saleNotFound });

    const saved = await put('/admin/content/home', {
      featuredSaleId: sale!.id,
      collectionIds: [c1!.id],
      version: home.version,
    });
    expect(saved.statusCode).toBe(200);
    expect((await send(t, 'GET', '/misc/home')).json().data).toEqual({
      featuredSaleId: sale!.id,
      collectionIds: [c1!.id],
    });
    const stale = await put('/admin/content/home', {
      featuredSaleId: null,
      collectionIds: [],
      version: home.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((await audit('set_home_features')).length).toBe(1);
  });
});
