import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@knotwork/shared/schemas/sales-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { signUp } from '../auth/helpers.ts';
import { createRug } from '../jobs/fixtures.ts';
import { inSeconds, send, staffAccount } from '../helpers/staff.ts';

describe('staff API: sales and lots', () => {
  let t: TestApp;
  let staff: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    staff = (await staffAccount(t)).token;
    user = (await signUp(t)).token;
  });
  afterAll(() => t.close());

  const newSale = (over: Record<string, unknown> = {}) => ({
    title: 'Important Antique Rugs and Carpets',
    startsAt: inSeconds(3600),
    endsAt: inSeconds(7200),
    staggerSeconds: 120,
    buyersPremiumPct: 22.5,
    ...over,
  });

  it('refuses anonymous callers (401) and non-staff (403), before validating their input', async () => {
    expect((await send(t, 'POST', '/admin/auctions', newSale())).statusCode).toBe(401);
    const forbidden = await send(t, 'POST', '/admin/auctions', { nonsense: true }, user);
    expect(forbidden.statusCode).toBe(403);
    expect((await send(t, 'GET', '/admin/auctions', undefined, user)).statusCode).toBe(403);
    expect((await send(t, 'GET', '/admin/users', undefined, user)).statusCode).toBe(403);
  });

  it('creates a sale with defaults and computes each lot end from the stagger', async () => {
    const res = await send(t, 'POST', '/admin/auctions', newSale(), staff);
    expect(res.statusCode).toBe(201);
    const sale = res.json().data;
    expect(sale).toMatchObject({
      title: 'Important Antique Rugs and Carpets',
      slug: 'important-antique-rugs-and-carpets',
      type: 'timed',
      status: 'scheduled',
      staggerSeconds: 120,
      buyersPremiumPct: 22.5,
      increments: null,
      softClose: { enabled: true, windowSeconds: 120, extensionSeconds: 120 },
      editable: true,
      lotCount: 0,
    });
    const rug1 = await createRug(t.database, 'Antique Heriz Serapi, circa 1890');
    const rug2 = await createRug(t.database, 'Kazak rug, circa 1900');
    const lot1 = await send(
      t,
      'POST',
      `/admin/auctions/${sale.id}/lots`,
      { rugId: rug1, openingBid: 100_000, reserve: 250_000, estimateLow: 200_000, estimateHigh: 300_000 },
      staff,
    );
    expect(lot1.statusCode).toBe(201);
    expect(lot1.json().data).toMatchObject({
      lotNumber: 1,
      status: 'scheduled',
      reserve: 250_000,
      reserveMet: false,
      endsAt: sale.endsAt,
      startsAt: sale.startsAt,
    });
    const lot3 = await send(
      t,
      'POST',
      `/admin/auctions/${sale.id}/lots`,
      { rugId: rug2, lotNumber: 3, openingBid: 50_000, estimateLow: 60_000, estimateHigh: 90_000 },
      staff,
    );
    expect(lot3.statusCode).toBe(201);
    expect(Date.parse(lot3.json().data.endsAt) - Date.parse(sale.endsAt)).toBe(2 * 120 * 1000);

    // The same rug cannot be in two active lots; a lot number is unique per sale.
    const again = await send(
      t,
      'POST',
      `/admin/auctions/${sale.id}/lots`,
      { rugId: rug1, openingBid: 100_000, estimateLow: 1, estimateHigh: 2 },
      staff,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RUG_IN_LOT');
    const rug3 = await createRug(t.database, 'Tabriz carpet');
    const taken = await send(
      t,
      'POST',
      `/admin/auctions/${sale.id}/lots`,
      { rugId: rug3, lotNumber: 3, openingBid: 100_000, estimateLow: 1, estimateHigh: 2 },
      staff,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(adminMessages.lotNumberTaken);

    // Rescheduling moves every lot; the detail shows them with reserves.
    const moved = await send(
      t,
      'PATCH',
      `/admin/auctions/${sale.id}`,
      { endsAt: inSeconds(9000), staggerSeconds: 60 },
      staff,
    );
    expect(moved.statusCode).toBe(200);
    const detail = (await send(t, 'GET', `/admin/auctions/${sale.id}`, undefined, staff)).json().data;
    expect(detail.lots.map((l: { lotNumber: number }) => l.lotNumber)).toEqual([1, 3]);
    expect(detail.lots[0].endsAt).toBe(moved.json().data.endsAt);
    expect(Date.parse(detail.lots[1].endsAt) - Date.parse(detail.lots[0].endsAt)).toBe(2 * 60 * 1000);

    // Editing a lot re-validates the merged prices.
    const badReserve = await send(t, 'PATCH', `/admin/lots/${detail.lots[0].id}`, { reserve: 50_000 }, staff);
    expect(badReserve.statusCode).toBe(400);
    expect(badReserve.json().errors.reserve).toBe(adminMessages.reserveBelowOpening);
    const renumbered = await send(
      t,
      'PATCH',
      `/admin/lots/${detail.lots[0].id}`,
      { lotNumber: 2, estimateHigh: 350_000 },
      staff,
    );
    expect(renumbered.statusCode).toBe(200);
    expect(Date.parse(renumbered.json().data.endsAt) - Date.parse(moved.json().data.endsAt)).toBe(60 * 1000);

    const list = (await send(t, 'GET', '/admin/auctions?q=important', undefined, staff)).json();
    expect(list.data.some((a: { id: string }) => a.id === sale.id)).toBe(true);
  });

  it('validates sale input with clear 400s', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [newSale({ title: '' }), 'title', adminMessages.titleRequired],
      [newSale({ startsAt: 'tomorrow' }), 'startsAt', adminMessages.dateInvalid],
      [
        newSale({ endsAt: inSeconds(1000), startsAt: inSeconds(2000) }),
        'endsAt',
        adminMessages.endsBeforeStart,
      ],
      [newSale({ buyersPremiumPct: 101 }), 'buyersPremiumPct', adminMessages.premiumInvalid],
      [newSale({ buyersPremiumPct: 12.345 }), 'buyersPremiumPct', adminMessages.premiumInvalid],
      [newSale({ staggerSeconds: -1 }), 'staggerSeconds', adminMessages.staggerInvalid],
      [
        newSale({ increments: [{ from: 100, increment: 10 }] }),
        'increments',
        'The increment table must start at 0',
      ],
      [
        newSale({
          increments: [
            { from: 0, increment: 1000 },
            { from: 0, increment: 2000 },
          ],
        }),
        'increments',
        'Increment rows must be in ascending order',
      ],
      [
        newSale({ softClose: { enabled: true, windowSeconds: 1.5, extensionSeconds: 120 } }),
        'softClose.windowSeconds',
        adminMessages.secondsInvalid,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(t, 'POST', '/admin/auctions', body, staff);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
    const past = await send(
      t,
      'POST',
      '/admin/auctions',
      newSale({ startsAt: inSeconds(-7200), endsAt: inSeconds(-3600) }),
      staff,
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.endsAt).toBe(adminMessages.endsInPast);
    expect((await send(t, 'PATCH', '/admin/auctions/not-a-uuid', { title: 'x' }, staff)).statusCode).toBe(
      400,
    );
    expect(
      (await send(t, 'PATCH', '/admin/auctions/8a3d7f2e-1111-4222-8333-944455556666', { title: 'x' }, staff))
        .statusCode,
    ).toBe(404);
    expect(
      (await send(t, 'PATCH', '/admin/auctions/8a3d7f2e-1111-4222-8333-944455556666', {}, staff)).statusCode,
    ).toBe(400);
    const withTable = await send(
      t,
      'POST',
      '/admin/auctions',
      newSale({
        title: 'Sale with its own table',
        increments: [
          { from: 0, increment: 500 },
          { from: 100_000, increment: 5_000 },
        ],
      }),
      staff,
    );
    expect(withTable.statusCode).toBe(201);
    expect(withTable.json().data.increments).toEqual([
      { from: 0, increment: 500 },
      { from: 100_000, increment: 5_000 },
    ]);
  });

  it('validates lot input', async () => {
    const sale = (
      await send(t, 'POST', '/admin/auctions', newSale({ title: 'Lot validation sale' }), staff)
    ).json().data;
    const rugId = await createRug(t.database);
    const base = { rugId, openingBid: 100_000, estimateLow: 100_000, estimateHigh: 200_000 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, openingBid: 100_050 }, 'openingBid', adminMessages.amountWholeUnits],
      [{ ...base, openingBid: 0 }, 'openingBid', adminMessages.amountPositive],
      [{ ...base, estimateHigh: 50_000 }, 'estimateHigh', adminMessages.estimateOrder],
      [{ ...base, buyNowPrice: 100_000 }, 'buyNowPrice', adminMessages.buyNowBelowOpening],
      [{ ...base, rugId: 'nope' }, 'rugId', adminMessages.idInvalid],
      [{ ...base, lotNumber: 0 }, 'lotNumber', adminMessages.lotNumberInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(t, 'POST', `/admin/auctions/${sale.id}/lots`, body, staff);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
    const unknownRug = await send(
      t,
      'POST',
      `/admin/auctions/${sale.id}/lots`,
      { ...base, rugId: '8a3d7f2e-1111-4222-8333-944455556666' },
      staff,
    );
    expect(unknownRug.statusCode).toBe(400);
    expect(unknownRug.json().errors.rugId).toBe(adminMessages.rugNotFound);
  });

  it('refuses to reschedule a sale or edit a lot once the sale has started, but allows its title', async () => {
    const sale = (
      await send(
        t,
        'POST',
        '/admin/auctions',
        newSale({ title: 'Started sale', startsAt: inSeconds(3600) }),
        staff,
      )
    ).json().data;
    const rugId = await createRug(t.database);
    const lot = (
      await send(
        t,
        'POST',
        `/admin/auctions/${sale.id}/lots`,
        { rugId, openingBid: 100_000, estimateLow: 1, estimateHigh: 2 },
        staff,
      )
    ).json().data;
    await t.database.query(`update auctions set starts_at = now() - interval '1 minute' where id = $1`, [
      sale.id,
    ]);
    await t.database.query(`update lots set starts_at = now() - interval '1 minute' where id = $1`, [lot.id]);
    const res = await send(t, 'PATCH', `/admin/auctions/${sale.id}`, { endsAt: inSeconds(99_999) }, staff);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'AUCTION_STARTED', message: adminMessages.auctionStarted });
    expect((await send(t, 'PATCH', `/admin/lots/${lot.id}`, { openingBid: 200_000 }, staff)).statusCode).toBe(
      409,
    );
    const rug2 = await createRug(t.database);
    expect(
      (
        await send(
          t,
          'POST',
          `/admin/auctions/${sale.id}/lots`,
          { rugId: rug2, openingBid: 100_000, estimateLow: 1, estimateHigh: 2 },
          staff,
        )
      ).statusCode,
    ).toBe(409);
    const renamed = await send(
      t,
      'PATCH',
      `/admin/auctions/${sale.id}`,
      { title: 'Started sale (renamed)' },
      staff,
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ title: 'Started sale (renamed)', editable: false });
  });
});
