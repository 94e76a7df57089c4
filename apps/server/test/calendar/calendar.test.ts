import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMessages } from '@knotwork/shared/schemas/calendar';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get, post, signUp } from '../auth/helpers.ts';
import { createAuction, createLot, createRug } from '../jobs/fixtures.ts';
import { hashFeedToken } from '../../src/modules/calendar/repository.ts';

/** Parses an iCalendar text the way calendar apps do (ical.js); throws on anything malformed. */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      end: e.endDate.toJSDate().toISOString(),
      start: e.startDate.toJSDate().toISOString(),
      url: v.getFirstPropertyValue('url'),
    };
  });
}

describe('calendar: the personal feed and Add to calendar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://rugs.example' });
  });
  afterAll(() => t.close());

  const feedPath = (url: string) => new URL(url).pathname;
  const endOf = async (lotId: string) =>
    (
      await t.database.query<{ e: string }>(
        `select to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as e from lots where id = $1`,
        [lotId],
      )
    )[0]!.e;

  it('lists watched lots (not others); events move with the end; closed lots drop after a week; the feed parses', async () => {
    const me = await signUp(t);
    const feed = (await get(t, '/calendar/feed', me.token)).json();
    expect(feed.url).toMatch(/^https:\/\/rugs\.example\/api\/v1\/calendar\/[\w-]{40,}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace('https:', 'webcal:'));
    expect((await get(t, '/calendar/feed', me.token)).json().url).toBe(feed.url);

    const auctionId = await createAuction(t.database, { title: 'Important Rugs' });
    const watchedRug = await createRug(t.database, 'Heriz Serapi');
    const watched = await createLot(t.database, { auctionId, rugId: watchedRug, lotNumber: 1 });
    const otherRug = await createRug(t.database, 'Not mine');
    await createLot(t.database, { auctionId, rugId: otherRug, lotNumber: 2 });
    const bidRug = await createRug(t.database, 'Closed last week');
    const oldAuction = await createAuction(t.database, { startsIn: -30 * 86400, endsIn: -20 * 86400 });
    const recentlyClosed = await createRug(t.database, 'Closed two days ago');
    await t.database.query(`insert into likes (user_id, rug_id) values ($1, $2), ($1, $3), ($1, $4)`, [
      me.user.id,
      watchedRug,
      bidRug,
      recentlyClosed,
    ]);
    const tooOld = await createLot(t.database, {
      auctionId: oldAuction,
      rugId: bidRug,
      lotNumber: 3,
      startsIn: -9 * 86400,
      endsIn: -8 * 86400,
    });
    const recent = await createLot(t.database, {
      auctionId: oldAuction,
      rugId: recentlyClosed,
      lotNumber: 4,
      startsIn: -3 * 86400,
      endsIn: -2 * 86400,
    });
    await t.database.query(`update lots set status = 'closed', outcome = 'unsold' where id = any($1)`, [
      [tooOld, recent],
    ]);

    const res = await t.app.inject({ method: 'GET', url: feedPath(feed.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const listed = events(res.body);
    expect(listed.map((e) => e.uid).sort()).toEqual(
      [`lot-${recent}@knotwork`, `lot-${watched}@knotwork`].sort(),
    );
    const event = listed.find((e) => e.uid === `lot-${watched}@knotwork`)!;
    expect(event.summary).toBe('Lot 1 closes: Heriz Serapi');
    expect(event.end).toBe(await endOf(watched));
    expect(event.url).toBe(`https://rugs.example/rugs-details-live/${watchedRug}`);

    // Soft close moves the lot's end: the same event (same UID) moves with it.
    await t.database.query(`update lots set ends_at = ends_at + interval '2 minutes' where id = $1`, [
      watched,
    ]);
    const moved = events((await t.app.inject({ method: 'GET', url: feedPath(feed.url) })).body).find(
      (e) => e.uid === `lot-${watched}@knotwork`,
    )!;
    expect(moved.end).toBe(await endOf(watched));
    expect(Date.parse(moved.end) - Date.parse(event.end)).toBe(120_000);
  });

  it('a regenerated link replaces the old one, which then answers 404; the feed URL needs a session to read', async () => {
    const me = await signUp(t);
    const old = (await get(t, '/calendar/feed', me.token)).json().url as string;
    const renewed = await post(t, '/calendar/feed', {}, me.token);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().message).toBe(calendarMessages.regenerated);
    expect(renewed.json().url).not.toBe(old);
    const gone = await t.app.inject({ method: 'GET', url: feedPath(old) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: calendarMessages.feedNotFound });
    const empty = await t.app.inject({ method: 'GET', url: feedPath(renewed.json().url) });
    expect(empty.statusCode).toBe(200);
    expect(events(empty.body)).toEqual([]);
    expect((await get(t, '/calendar/feed')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/calendar/short.ics' })).statusCode).toBe(400);
  });

  it('Add to calendar: one lot by its id or its rug id, as a file; unknown ids are 404', async () => {
    const auctionId = await createAuction(t.database);
    const rugId = await createRug(t.database, 'Kazak');
    const lotId = await createLot(t.database, { auctionId, rugId, lotNumber: 7 });
    for (const id of [lotId, rugId]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/lot/${id}/calendar.ics` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="knotwork-lot-7.ics"');
      const [event] = events(res.body);
      expect(event).toMatchObject({
        uid: `lot-${lotId}@knotwork`,
        summary: 'Lot 7 closes: Kazak',
        end: await endOf(lotId),
      });
      expect(Date.parse(event!.end) - Date.parse(event!.start)).toBe(15 * 60_000);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/lot/${crypto.randomUUID()}/calendar.ics` }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/lot/nope/calendar.ics' })).statusCode).toBe(
      404,
    );
  });

  it('keeps only a hash of the token; a pre-0080 token keeps working until the link is replaced', async () => {
    const me = await signUp(t);
    const url = (await get(t, '/calendar/feed', me.token)).json().url as string;
    const token = /\/calendar\/([\w-]+)\.ics$/.exec(url)![1]!;
    const [row] = await t.database.query<Record<string, unknown>>(
      `select * from calendar_feeds where user_id = $1`,
      [me.user.id],
    );
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.token_hash).toBe(hashFeedToken(token));
    // Migration 0080 hashed stored tokens in SQL: the same digest as the server's.
    const [sqlHash] = await t.database.query<{ h: string }>(
      `select encode(sha256(convert_to($1::text, 'UTF8')), 'hex') as h`,
      [token],
    );
    expect(sqlHash!.h).toBe(hashFeedToken(token));

    // An account whose link was issued before 0080: only the legacy hash, no nonce.
    const old = await signUp(t);
    const legacy = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    await t.database.query(`insert into calendar_feeds (user_id, legacy_token_hash) values ($1, $2)`, [
      old.user.id,
      hashFeedToken(legacy),
    ]);
    const legacyPath = `/api/v1/calendar/${legacy}.ics`;
    expect((await t.app.inject({ method: 'GET', url: legacyPath })).statusCode).toBe(200);
    const shown = (await get(t, '/calendar/feed', old.token)).json().url as string;
    expect(shown).not.toContain(legacy);
    expect((await t.app.inject({ method: 'GET', url: feedPath(shown) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: legacyPath })).statusCode).toBe(200);
    expect((await get(t, '/calendar/feed', old.token)).json().url).toBe(shown);
    const renewed = (await post(t, '/calendar/feed', {}, old.token)).json().url as string;
    expect((await t.app.inject({ method: 'GET', url: legacyPath })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: feedPath(shown) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: feedPath(renewed) })).statusCode).toBe(200);
  });

  it('Add to calendar for a sale: one event from before its first lot closes to its last; by id or slug', async () => {
    const auctionId = await createAuction(t.database, { title: 'Caucasian Weavings' });
    const [{ slug } = { slug: '' }] = await t.database.query<{ slug: string }>(
      `select slug from auctions where id = $1`,
      [auctionId],
    );
    const first = await createLot(t.database, {
      auctionId,
      rugId: await createRug(t.database),
      endsIn: 3600,
    });
    const last = await createLot(t.database, { auctionId, rugId: await createRug(t.database), endsIn: 7200 });
    for (const id of [auctionId, slug]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/auction/${id}/calendar.ics` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="knotwork-${slug}.ics"`);
      const [event, ...more] = events(res.body);
      expect(more).toEqual([]);
      expect(event).toMatchObject({
        uid: `sale-${auctionId}@knotwork`,
        summary: 'Caucasian Weavings: lots close',
        end: await endOf(last),
        url: `https://rugs.example/upcoming-auctions/${slug}`,
      });
      expect(Date.parse(event!.start)).toBe(Date.parse(await endOf(first)) - 15 * 60_000);
    }
    const finished = await createAuction(t.database, { startsIn: -7200, endsIn: -3600 });
    await t.database.query(
      `insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, outcome,
         starts_at, ends_at) values ($1, $2, 1, 100, 100, 200, 'closed', 'unsold', now() - interval '2 hours', now() - interval '1 hour')`,
      [finished, await createRug(t.database)],
    );
    for (const id of [finished, crypto.randomUUID(), 'no-such-sale']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/auction/${id}/calendar.ics` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: calendarMessages.saleNotFound });
    }
  });
});
