import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCHES_MAX, savedSearchMessages } from '@knotwork/shared/schemas/saved-search';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get, post, signUp } from '../auth/helpers.ts';
import { createAuction, createLot, createRug } from '../jobs/fixtures.ts';

const send = (t: TestApp, method: 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('saved searches: the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t.close());

  it('saves a listing filter without its paging and sort, lists, renames, pauses and deletes it', async () => {
    const me = await signUp(t);
    const created = await post(
      t,
      '/saved-search',
      {
        name: '  Antique Heriz  ',
        filter: { origins: ['Heriz'], ageClasses: ['antique'], sort: 'priceAsc', page: 3 },
      },
      me.token,
    );
    expect(created.statusCode).toBe(201);
    const search = created.json().data;
    expect(created.json().message).toBe(savedSearchMessages.created);
    expect(search).toEqual({
      id: expect.any(String),
      name: 'Antique Heriz',
      filter: { origins: ['Heriz'], ageClasses: ['antique'] },
      emailMode: 'instant',
      paused: false,
      alertCount: 0,
      lastAlertAt: null,
      createdAt: expect.stringMatching(/^\d{4}-/),
    });

    const renamed = await send(t, 'PUT', `/saved-search/${search.id}`, me.token, {
      name: 'Herizes',
      paused: true,
      emailMode: 'daily',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Herizes', paused: true, emailMode: 'daily' });
    const listed = (await get(t, '/saved-search', me.token)).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: search.id, name: 'Herizes', paused: true });

    expect((await send(t, 'DELETE', `/saved-search/${search.id}`, me.token)).json()).toEqual({
      message: savedSearchMessages.deleted,
    });
    expect((await get(t, '/saved-search', me.token)).json().data).toEqual([]);
    expect((await send(t, 'DELETE', `/saved-search/${search.id}`, me.token)).statusCode).toBe(404);
  });

  it('is owner-only: another account sees, changes and deletes nothing of mine (404), and signed-out is 401', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const search = (
      await post(t, '/saved-search', { name: 'Kilims', filter: { styles: ['turkish'] } }, me.token)
    ).json().data;
    expect((await get(t, '/saved-search', other.token)).json().data).toEqual([]);
    expect(
      (await send(t, 'PUT', `/saved-search/${search.id}`, other.token, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await send(t, 'DELETE', `/saved-search/${search.id}`, other.token)).statusCode).toBe(404);
    expect((await send(t, 'PUT', '/saved-search/not-a-uuid', me.token, { name: 'x' })).statusCode).toBe(404);
    expect((await get(t, '/saved-search', me.token)).json().data[0].name).toBe('Kilims');
    expect((await get(t, '/saved-search')).statusCode).toBe(401);
    expect((await post(t, '/saved-search', { name: 'x', filter: {} })).statusCode).toBe(401);
  });

  it('refuses bad input with 400 { message, errors }, and more than the limit with 409', async () => {
    const me = await signUp(t);
    const badFilter = await post(
      t,
      '/saved-search',
      { name: 'Bad', filter: { styles: ['plastic'] } },
      me.token,
    );
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    const noName = await post(t, '/saved-search', { name: '   ', filter: {} }, me.token);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain(savedSearchMessages.nameRequired);
    expect(
      (await post(t, '/saved-search', { name: 'x', filter: {}, emailMode: 'hourly' }, me.token)).statusCode,
    ).toBe(400);
    const one = (await post(t, '/saved-search', { name: 'One', filter: {} }, me.token)).json().data;
    expect((await send(t, 'PUT', `/saved-search/${one.id}`, me.token, {})).statusCode).toBe(400);

    await t.database.query(
      `insert into saved_searches (user_id, name, filter) select $1, 'Filler ' || i, '{}' from generate_series(2, $2) as i`,
      [me.user.id, SAVED_SEARCHES_MAX],
    );
    const over = await post(t, '/saved-search', { name: 'One too many', filter: {} }, me.token);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: savedSearchMessages.tooMany, code: 'SAVED_SEARCHES_LIMIT' });
  });
});

describe('saved searches: alerts on publish and on being put into a sale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t.close());

  const notificationsOf = async (userId: string) =>
    t.database.query<{
      type: string;
      title: string;
      body: string;
      link: string;
      data: { rugIds: string[]; count: number };
    }>(
      `select type, title, body, link, data from notifications where user_id = $1 and type = 'saved_search_match' order by created_at`,
      [userId],
    );
  const mailsTo = (email: string) => t.mails.filter((m) => m.to === email);
  const save = async (token: string, body: Record<string, unknown>) => {
    const res = await post(t, '/saved-search', body, token);
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string };
  };

  it('alerts in-app and by e-mail at once, once per rug per search, however often the rug is edited or sold', async () => {
    const me = await signUp(t);
    const herizes = await save(me.token, {
      name: 'Heriz carpets',
      filter: { origins: ['heriz'], styles: ['persian'] },
    });
    await save(me.token, { name: 'Turkish only', filter: { styles: ['turkish'] } });
    await t.app.jobs.runDueJobsOnce(); // drains whatever was queued before this test
    const mailsBefore = mailsTo(me.email).length;

    const rugId = await createRug(t.database, 'Antique Heriz Serapi, circa 1890');
    const report = await t.app.jobs.runDueJobsOnce();
    expect(report.savedSearchAlerts).toBe(1);
    const notes = await notificationsOf(me.user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: 'New match for “Heriz carpets”',
      body: 'Antique Heriz Serapi, circa 1890 has just been published or put into a sale.',
      link: `/rug-listing/${rugId}`,
      data: { rugIds: [rugId], count: 1 },
    });
    const mails = mailsTo(me.email).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New rugs for your search “Heriz carpets”');
    expect(mails[0]!.text).toContain(`/rug-listing/${rugId}`);

    // Withdrawn and published again, then put into a sale: the same rug never alerts the same search twice.
    await t.database.query(`update rugs set status = 'withdrawn' where id = $1`, [rugId]);
    await t.database.query(`update rugs set status = 'available' where id = $1`, [rugId]);
    const auctionId = await createAuction(t.database);
    await createLot(t.database, { auctionId, rugId });
    expect((await t.app.jobs.runDueJobsOnce()).savedSearchAlerts).toBe(0);
    expect(await notificationsOf(me.user.id)).toHaveLength(1);
    expect(mailsTo(me.email).slice(mailsBefore)).toHaveLength(1);
    const listed = (await get(t, '/saved-search', me.token)).json().data as {
      id: string;
      alertCount: number;
      lastAlertAt: string | null;
    }[];
    expect(listed.find((s) => s.id === herizes.id)).toMatchObject({
      alertCount: 1,
      lastAlertAt: expect.any(String),
    });
  });

  it('a rug put into a sale alerts when it is published; drafts and paused searches do not', async () => {
    const me = await signUp(t);
    const paused = await save(me.token, { name: 'Paused', filter: { origins: ['Heriz'] } });
    await send(t, 'PUT', `/saved-search/${paused.id}`, me.token, { paused: true });
    await t.app.jobs.runDueJobsOnce();
    const draft = await createRug(t.database, 'Heriz in draft');
    await t.database.query(`update rugs set status = 'draft' where id = $1`, [draft]);
    await t.app.jobs.runDueJobsOnce();
    expect(await notificationsOf(me.user.id)).toHaveLength(0);

    await save(me.token, { name: 'Active', filter: { origins: ['Heriz'] }, emailMode: 'off' });
    const auctionId = await createAuction(t.database);
    await createLot(t.database, {
      auctionId,
      rugId: draft,
      status: 'scheduled',
      startsIn: 600,
      endsIn: 3600,
    });
    await t.app.jobs.runDueJobsOnce();
    expect(await notificationsOf(me.user.id)).toHaveLength(0); // the lot of a draft rug is not public

    await t.database.query(`update rugs set status = 'available' where id = $1`, [draft]);
    await t.app.jobs.runDueJobsOnce();
    const notes = await notificationsOf(me.user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe('New match for “Active”');
    expect(mailsTo(me.email).filter((m) => m.subject.includes('Active'))).toHaveLength(0); // e-mail off
  });

  it('several matches in one batch make one notification per search; the daily digest waits for its hour', async () => {
    const me = await signUp(t);
    await save(me.token, {
      name: 'Large Persians',
      filter: { styles: ['persian'], widthMin: 200 },
      emailMode: 'daily',
    });
    await t.app.jobs.runDueJobsOnce();
    const mailsBefore = mailsTo(me.email).length;
    const a = await createRug(t.database, 'Heriz one');
    const b = await createRug(t.database, 'Heriz two');
    await t.app.jobs.runDueJobsOnce();
    const [mine] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from saved_search_alerts where user_id = $1`,
      [me.user.id],
    );
    expect(mine!.n).toBe(2);
    const notes = await notificationsOf(me.user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toBe('2 new rugs match your saved search.');
    expect(notes[0]!.link).toMatch(/^\/rug-listings\?data=/);
    expect(new Set(notes[0]!.data.rugIds)).toEqual(new Set([a, b]));
    expect(mailsTo(me.email).length).toBe(mailsBefore);

    const [due] = await t.database.query<{ hour: number; future: boolean }>(
      `select extract(hour from email_due_at at time zone 'UTC')::int as hour, email_due_at > now() as future
       from saved_search_alerts where user_id = $1 limit 1`,
      [me.user.id],
    );
    expect(due).toEqual({ hour: 7, future: true });
    await t.database.query(
      `update saved_search_alerts set email_due_at = now() - interval '1 second' where user_id = $1`,
      [me.user.id],
    );
    await t.app.jobs.runDueJobsOnce();
    await t.app.jobs.runDueJobsOnce();
    const digest = mailsTo(me.email).slice(mailsBefore);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toContain('Heriz one');
    expect(digest[0]!.text).toContain('Heriz two');
  });

  it('writes the alert in the owner’s language', async () => {
    const me = await signUp(t);
    await t.database.query(`update users set language = 'fr' where id = $1`, [me.user.id]);
    await save(me.token, { name: 'Tapis', filter: { q: 'serapi' } });
    await t.app.jobs.runDueJobsOnce();
    await createRug(t.database, 'Serapi ancien');
    await t.app.jobs.runDueJobsOnce();
    const [note] = await notificationsOf(me.user.id);
    expect(note!.title).toBe('Nouveau résultat pour « Tapis »');
    expect(mailsTo(me.email).at(-1)!.subject).toBe('Nouveaux tapis pour votre recherche « Tapis »');
  });
});
