import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biddingMessages } from '@knotwork/shared/schemas/bidding';
import { registrationMessages } from '@knotwork/shared/schemas/registrations';
import { adminRegistrationMessages } from '@knotwork/shared/schemas/registrations-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { clerk, makeLiveSale, onlineBid } from '../live-sales/helpers.ts';
import { bid, buyNow, get, makeLot, makeUser, units } from '../bidding/helpers.ts';

/**
 * Issue 28 §1 (decision 090): registration to bid. A sale that requires it takes bids only from approved
 * registrants, on every path (timed bids, fast and locked, buy now, the live room's online bids); the house's rules
 * approve at once or leave the registration to staff, who approve (with a limit) or reject with a reason.
 */
let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function withAddress(user: { id: string }) {
  const [row] = await t.database.query<{ id: string }>(
    `insert into addresses (user_id, name, phone, line1, city, postal_code, country)
     values ($1, 'Bea Bidder', '+442079460958', '1 Bond Street', 'London', 'W1S 1SR', 'GB') returning id`,
    [user.id],
  );
  return row!.id;
}

async function requireRegistration(auctionId: string, cardRequired = false) {
  await t.database.query(
    `update auctions set registration_required = true, registration_card_required = $2 where id = $1`,
    [auctionId, cardRequired],
  );
}

const register = (auctionId: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/rug/upcoming/${auctionId}/registration`,
    headers: auth(token),
    payload,
  });

async function registered(auctionId: string, user: { id: string; token: string }) {
  const addressId = await withAddress(user);
  return register(auctionId, user.token, { acceptTerms: true, addressId, phone: '+44 20 7946 0958' });
}

const decide = (
  auctionId: string,
  registrationId: string,
  payload: Record<string, unknown>,
  token = admin.token,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/auctions/${auctionId}/registrations/${registrationId}/decision`,
    headers: auth(token),
    payload,
  });

describe('registering', () => {
  it('approves at once by the house rules, with paddles from 101 in order; a second request changes nothing', async () => {
    const { auctionId, lotId } = await makeLot(t);
    await requireRegistration(auctionId);
    const [a, b] = [await makeUser(t), await makeUser(t)];

    const first = await registered(auctionId, a);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: registrationMessages.registered,
      data: { required: true, open: true, registration: { paddle: 101, status: 'approved', gaps: [] } },
    });
    expect((await registered(auctionId, b)).json().data.registration.paddle).toBe(102);
    const again = await registered(auctionId, a);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(registrationMessages.alreadyRegistered);
    expect(again.json().data.registration.paddle).toBe(101);

    // The bidder is told in the bell (and by e-mail).
    const [notice] = await t.database.query<{ type: string }>(
      `select type from notifications where user_id = $1`,
      [a.id],
    );
    expect(notice?.type).toBe('registration_decided');
    expect((await bid(t, lotId, units(200), a.token)).statusCode).toBe(201);
  });

  it('waits for staff when a house rule is not met, and says which', async () => {
    const { auctionId, lotId } = await makeLot(t);
    await requireRegistration(auctionId, true);
    const user = await makeUser(t);
    const res = await registered(auctionId, user);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.registration).toMatchObject({ status: 'pending', gaps: ['card'] });
    const refused = await bid(t, lotId, units(200), user.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'REGISTRATION_PENDING',
      message: biddingMessages.registrationPending,
    });
    expect((await get(t, `/rug/upcoming/${auctionId}/registration`, user.token)).json().data).toMatchObject({
      required: true,
      cardRequired: true,
      registration: { status: 'pending', gaps: ['card'] },
    });
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const { auctionId } = await makeLot(t);
    await requireRegistration(auctionId);
    const user = await makeUser(t);
    const other = await makeUser(t);
    const foreignAddress = await withAddress(other);
    const noTerms = await register(auctionId, user.token, {
      acceptTerms: false,
      addressId: foreignAddress,
      phone: '+442079460958',
    });
    expect(noTerms.statusCode).toBe(400);
    const badPhone = await register(auctionId, user.token, {
      acceptTerms: true,
      addressId: foreignAddress,
      phone: '12',
    });
    expect(badPhone.statusCode).toBe(400);
    const notMine = await register(auctionId, user.token, {
      acceptTerms: true,
      addressId: foreignAddress,
      phone: '+442079460958',
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().errors).toEqual({ addressId: registrationMessages.addressNotFound });
    expect((await register(crypto.randomUUID(), user.token, {})).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/rug/upcoming/${auctionId}/registration`,
          payload: { acceptTerms: true },
        })
      ).statusCode,
    ).toBe(401);
    const [n] = await t.database.query<{ n: string }>(
      `select count(*) as n from sale_registrations where auction_id = $1`,
      [auctionId],
    );
    expect(Number(n!.n)).toBe(0);

    // A sale open to all needs no registration.
    const open = await makeLot(t);
    const res = await registered(open.auctionId, user);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(registrationMessages.notRequired);
  });
});

describe('bidding in a sale that requires registration', () => {
  it('refuses the unregistered on the timed path (fast and locked), buy now and the live room', async () => {
    const { auctionId, lotId } = await makeLot(t, { buyNowPrice: units(5000) });
    const [registeredUser, stranger] = [await makeUser(t), await makeUser(t)];
    // The lot is cached on the fast path before registration is turned on.
    expect((await bid(t, lotId, units(150), registeredUser.token)).statusCode).toBe(201);
    await requireRegistration(auctionId);
    const refused = await bid(t, lotId, units(300), stranger.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'NOT_REGISTERED', message: biddingMessages.notRegistered });
    expect((await buyNow(t, lotId, stranger.token)).json().code).toBe('NOT_REGISTERED');
    expect(await t.database.query('select 1 from bids where bidder_id = $1', [stranger.id])).toHaveLength(0);

    // Once approved, the same bidder bids.
    await registered(auctionId, stranger);
    expect((await bid(t, lotId, units(300), stranger.token)).statusCode).toBe(201);

    const live = await makeLiveSale(t, { lots: 1 });
    await requireRegistration(live.auctionId);
    expect(
      (await clerk(t, live.auctionId, admin.token, { type: 'open', lotId: live.lotIds[0] })).statusCode,
    ).toBe(200);
    const online = await onlineBid(t, live.auctionId, stranger.token, {
      lotId: live.lotIds[0]!,
      ask: 100_000,
    });
    expect(online.statusCode).toBe(403);
    expect(online.json().code).toBe('NOT_REGISTERED');
  });
});

describe('the clerk', () => {
  it('sees the paddles of approved registrants and cannot enter a floor bid past a registrant’s limit', async () => {
    const live = await makeLiveSale(t, { lots: 1 });
    await requireRegistration(live.auctionId);
    const user = await makeUser(t);
    const reg = (await registered(live.auctionId, user)).json().data.registration;
    await decide(live.auctionId, reg.id, { decision: 'approve', limitCents: units(1100) });
    expect(
      (await clerk(t, live.auctionId, admin.token, { type: 'open', lotId: live.lotIds[0] })).statusCode,
    ).toBe(200);
    // Online at the opening ask ($1,000, within the limit): the clerk sees the leader's paddle.
    expect(
      (await onlineBid(t, live.auctionId, user.token, { lotId: live.lotIds[0]!, ask: 100_000 })).statusCode,
    ).toBe(201);
    const view = (await get(t, `/admin/live/${live.auctionId}`, admin.token)).json().data;
    expect(view.paddles).toEqual([{ paddle: 101, userId: user.id, name: 'Bea Bidder' }]);
    expect(view.leaderPaddle).toBe(101);
    // The room goes to $1,100; a floor entry on paddle 101 at $1,200 would pass the bidder's $1,100 limit.
    expect((await clerk(t, live.auctionId, admin.token, { type: 'floorBid', paddle: 7 })).statusCode).toBe(
      200,
    );
    const over = await clerk(t, live.auctionId, admin.token, { type: 'floorBid', paddle: 101 });
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('OVER_LIMIT');
  });
});

describe('staff', () => {
  it('list the queue pending first, approve with a limit, reject with a reason, and may change their mind', async () => {
    const { auctionId, lotId } = await makeLot(t);
    await requireRegistration(auctionId, true);
    const user = await makeUser(t);
    const reg = (await registered(auctionId, user)).json().data.registration;

    const list = await get(t, `/admin/auctions/${auctionId}/registrations`, admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().counts).toEqual({ pending: 1, approved: 0, rejected: 0 });
    expect(list.json().data[0]).toMatchObject({
      id: reg.id,
      paddle: 101,
      status: 'pending',
      gaps: ['card'],
      phone: '+442079460958',
      address: ['Bea Bidder', '1 Bond Street', 'LONDON', 'W1S 1SR', 'UNITED KINGDOM'],
      cardOnFile: false,
      activeStrikes: 0,
    });

    const rejected = await decide(auctionId, reg.id, {
      decision: 'reject',
      reason: 'We could not reach you',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      message: adminRegistrationMessages.rejected,
      data: { status: 'rejected', reason: 'We could not reach you' },
    });
    expect((await bid(t, lotId, units(200), user.token)).json().code).toBe('REGISTRATION_REJECTED');
    expect(
      (await get(t, `/rug/upcoming/${auctionId}/registration`, user.token)).json().data.registration,
    ).toMatchObject({ status: 'rejected', reason: 'We could not reach you' });

    const approved = await decide(auctionId, reg.id, { decision: 'approve', limitCents: units(300) });
    expect(approved.json()).toMatchObject({
      data: { status: 'approved', reason: null, limitCents: units(300) },
    });
    expect((await bid(t, lotId, units(200), user.token)).statusCode).toBe(201);
    expect((await bid(t, lotId, units(400), user.token)).json().code).toBe('OVER_LIMIT');

    const audit = await t.database.query<{ n: string }>(
      `select count(*) as n from staff_actions where action = 'decide_registration' and user_id = $1`,
      [user.id],
    );
    expect(Number(audit[0]!.n)).toBe(2);
    const notices = await t.database.query(
      `select 1 from notifications where user_id = $1 and type = 'registration_decided'`,
      [user.id],
    );
    expect(notices).toHaveLength(2);
  });

  it('refuses a reject without a reason, an unknown registration and the wrong roles', async () => {
    const { auctionId } = await makeLot(t);
    await requireRegistration(auctionId, true);
    const user = await makeUser(t);
    const reg = (await registered(auctionId, user)).json().data.registration;
    expect((await decide(auctionId, reg.id, { decision: 'reject', reason: ' ' })).statusCode).toBe(400);
    expect((await decide(auctionId, reg.id, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await decide(auctionId, crypto.randomUUID(), { decision: 'approve' })).statusCode).toBe(404);
    // The registration of another sale is not found through this one.
    const other = await makeLot(t);
    expect((await decide(other.auctionId, reg.id, { decision: 'approve' })).statusCode).toBe(404);
    // Specialists read the queue (the clerk console names paddles); accounts and admins decide.
    const specialist = await makeUser(t, { role: 'specialist' });
    expect((await get(t, `/admin/auctions/${auctionId}/registrations`, specialist.token)).statusCode).toBe(
      200,
    );
    expect((await decide(auctionId, reg.id, { decision: 'approve' }, specialist.token)).statusCode).toBe(403);
    expect((await decide(auctionId, reg.id, { decision: 'approve' }, user.token)).statusCode).toBe(403);
    expect((await get(t, `/admin/auctions/${auctionId}/registrations`, user.token)).statusCode).toBe(403);
    const [row] = await t.database.query<{ status: string }>(
      `select status from sale_registrations where id = $1`,
      [reg.id],
    );
    expect(row!.status).toBe('pending');
  });

  it('register a bidder by e-mail with the paddle they hand over or the next one, approved, audited and told', async () => {
    const { auctionId } = await makeLot(t);
    await requireRegistration(auctionId, true);
    const [walkIn, caller, online] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const addressId = await withAddress(walkIn);
    const emailOf = async (u: { id: string }) =>
      (await t.database.query<{ email: string }>(`select email from users where id = $1`, [u.id]))[0]!.email;
    const staffRegister = (payload: Record<string, unknown>, token = admin.token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/auctions/${auctionId}/registrations`,
        headers: auth(token),
        payload,
      });

    // A paddle from the room's own cards (below 101), approved although the card rule is not met: staff decide.
    const handed = await staffRegister({
      email: (await emailOf(walkIn)).toUpperCase(),
      phone: '+33 1 42 60 34 47',
      paddle: 7,
    });
    expect(handed.statusCode).toBe(201);
    expect(handed.json()).toMatchObject({
      message: adminRegistrationMessages.registered,
      data: { userId: walkIn.id, paddle: 7, status: 'approved', phone: '+33142603447', decidedBy: admin.id },
    });
    expect(handed.json().data.address).not.toBeNull();
    // The next paddle is one above the sale's highest; an online registrant continues from there.
    const next = await staffRegister({ email: await emailOf(caller), phone: '+442079460958' });
    expect(next.json().data).toMatchObject({ paddle: 101, address: null });
    expect((await registered(auctionId, online)).json().data.registration.paddle).toBe(102);

    // The walk-in hears of it in the bell, with their paddle.
    const [bell] = await t.database.query<{ body: string; data: { paddle: number } }>(
      `select body, data from notifications where user_id = $1 and type = 'registration_decided'`,
      [walkIn.id],
    );
    expect(bell!.data.paddle).toBe(7);
    expect(bell!.body).toContain('7');
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from staff_actions where action = 'register_bidder' and auction_id = $1`,
      [auctionId],
    );
    expect(audit!.n).toBe(2);

    // Refusals change nothing: taken paddle, registered twice, unknown e-mail, bad input, wrong role.
    const other = await makeUser(t);
    const taken = await staffRegister({ email: await emailOf(other), phone: '+442079460958', paddle: 7 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(adminRegistrationMessages.paddleTaken);
    expect((await staffRegister({ email: await emailOf(walkIn), phone: '+442079460958' })).statusCode).toBe(
      409,
    );
    const unknown = await staffRegister({ email: 'nobody.here@example.com', phone: '+442079460958' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ email: adminRegistrationMessages.noAccount });
    expect(
      (await staffRegister({ email: await emailOf(other), phone: 'call me', paddle: 0 })).statusCode,
    ).toBe(400);
    expect(
      (await staffRegister({ email: await emailOf(other), phone: '+442079460958', paddle: 1.5 })).statusCode,
    ).toBe(400);
    const specialist = await makeUser(t, { role: 'specialist' });
    expect(
      (await staffRegister({ email: await emailOf(other), phone: '+442079460958' }, specialist.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await staffRegister({ email: await emailOf(other), phone: '+442079460958' }, other.token)).statusCode,
    ).toBe(403);
    const [count] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from sale_registrations where auction_id = $1`,
      [auctionId],
    );
    expect(count!.n).toBe(3);
    expect(addressId).toBeTruthy();
  });

  it('new live sales require registration by default, timed ones do not', async () => {
    const create = (type: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auctions',
        headers: auth(admin.token),
        payload: {
          title: `Registration default ${type}`,
          type,
          startsAt: new Date(Date.now() + 86_400_000).toISOString(),
          endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        },
      });
    expect((await create('live')).json().data.registration).toEqual({ required: true, cardRequired: false });
    expect((await create('timed')).json().data.registration).toEqual({
      required: false,
      cardRequired: false,
    });
  });
});

describe('the house rules', () => {
  it('admins set them in Settings; a registration meeting every ticked rule is approved at once', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/registration',
      headers: auth(admin.token),
      payload: { emailVerified: true, cardOnFile: false, address: true, noStrikes: true, paidBefore: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.registration.paidBefore).toBe(true);
    const { auctionId } = await makeLot(t);
    await requireRegistration(auctionId);
    const newcomer = await makeUser(t);
    expect((await registered(auctionId, newcomer)).json().data.registration).toMatchObject({
      status: 'pending',
      gaps: ['history'],
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/registration',
      headers: auth(admin.token),
      payload: { emailVerified: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/registration',
      headers: auth(admin.token),
      payload: { emailVerified: true, cardOnFile: false, address: true, noStrikes: true, paidBefore: false },
    });
  });
});

describe('my registrations', () => {
  it('lists mine only, with the sale', async () => {
    const { auctionId } = await makeLot(t);
    await requireRegistration(auctionId);
    const [me, other] = [await makeUser(t), await makeUser(t)];
    await registered(auctionId, me);
    await registered(auctionId, other);
    const mine = await get(t, '/rug/offer/registrations', me.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toHaveLength(1);
    expect(mine.json().data[0]).toMatchObject({ auctionId, auctionTitle: 'Test Sale', status: 'approved' });
    // Staff read the same on the bidder's page.
    const staffView = await get(t, `/admin/users/${me.id}/registrations`, admin.token);
    expect(staffView.json().data).toMatchObject([{ auctionId, paddle: 101, status: 'approved' }]);
    expect((await get(t, `/admin/users/${me.id}/registrations`, other.token)).statusCode).toBe(403);
  });
});
