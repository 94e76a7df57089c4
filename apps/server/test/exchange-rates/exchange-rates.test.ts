import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRateMessages as m } from '@knotwork/shared/schemas/exchange-rates';
import { createExchangeRateService } from '../../src/modules/exchange-rates/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';

/** Display exchange rates (issue 14 section 6, decision 063): public list, staff edits, validation and audit. */
describe('exchange rates API', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let accounts: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    admin = await makeUser(t);
    accounts = await makeUser(t);
    await t.database.query(
      `update users set role = 'admin', first_name = 'Ada', last_name = 'Admin' where id = $1`,
      [admin.id],
    );
    await t.database.query(`update users set role = 'accounts' where id = $1`, [accounts.id]);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('seeds demo figures once, against the house currency, and lists them publicly with a short cache', async () => {
    const service = createExchangeRateService({ db: t.app.ctx.db, base: 'USD' });
    await service.seedDemo();
    await service.seedDemo();
    const res = await call('GET', '/exchange-rates');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json<{ data: { base: string; rates: Record<string, unknown>[] } }>();
    expect(body.data.base).toBe('USD');
    const codes = body.data.rates.map((r) => r.currency);
    expect(codes).toEqual(expect.arrayContaining(['EUR', 'GBP', 'CHF', 'AED', 'JPY']));
    expect(codes).not.toContain('USD');
    expect(new Set(codes).size).toBe(codes.length);
    expect(body.data.rates.find((r) => r.currency === 'GBP')).toMatchObject({
      rateMicros: 790_000,
      rate: '0.79',
      demo: true,
    });
    // Who set a rate is for staff only.
    expect(body.data.rates[0]).not.toHaveProperty('updatedBy');
  });

  it('lets an admin set a rate (no longer a demo figure), audited with the old and new rate', async () => {
    const res = await call('PUT', '/admin/exchange-rates', admin.token, { currency: 'gbp', rate: '0,8125' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: m.rateSaved,
      data: { currency: 'GBP', rateMicros: 812_500, rate: '0.8125', demo: false, updatedBy: 'Ada Admin' },
    });
    const pub = (await call('GET', '/exchange-rates')).json<{
      data: { rates: { currency: string; rateMicros: number }[] };
    }>();
    expect(pub.data.rates.find((r) => r.currency === 'GBP')?.rateMicros).toBe(812_500);

    const [audit] = await t.database.query<{
      action: string;
      staff_id: string;
      details: Record<string, unknown>;
    }>(
      `select action, staff_id, details from staff_actions where action = 'set_exchange_rate' order by created_at desc limit 1`,
    );
    expect(audit).toMatchObject({
      staff_id: admin.id,
      details: { currency: 'GBP', base: 'USD', rate: '0.8125', previous: '0.79' },
    });

    // A new currency is added; deleting it is audited too, and a second delete is 404.
    expect(
      (await call('PUT', '/admin/exchange-rates', admin.token, { currency: 'SEK', rate: '10.5' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', '/admin/exchange-rates/SEK', admin.token)).json()).toEqual({
      message: m.rateDeleted,
    });
    expect((await call('DELETE', '/admin/exchange-rates/SEK', admin.token)).statusCode).toBe(404);
    const [deleted] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from staff_actions where action = 'delete_exchange_rate' and details->>'currency' = 'SEK'`,
    );
    expect(deleted!.n).toBe(1);
  });

  it('refuses bad input with field errors, never a 500, and writes nothing', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ currency: 'EURO', rate: '1' }, 'currency', m.currencyInvalid],
      [{ currency: 'ZZZ', rate: '1' }, 'currency', m.currencyInvalid],
      [{ currency: 'USD', rate: '1' }, 'currency', m.currencyIsBase],
      [{ currency: 'EUR', rate: '0' }, 'rate', m.rateInvalid],
      [{ currency: 'EUR', rate: '-1' }, 'rate', m.rateInvalid],
      [{ currency: 'EUR', rate: '1.1234567' }, 'rate', m.rateInvalid],
      [{ currency: 'EUR', rate: 'abc' }, 'rate', m.rateInvalid],
      [{ currency: 'EUR', rate: 0.9 }, 'rate', m.rateInvalid],
      [{ currency: 'EUR', rate: '0.9', extra: 1 }, '', ''],
    ];
    const before = await t.database.query<{ n: number }>(`select count(*)::int as n from staff_actions`);
    for (const [payload, field, message] of cases) {
      const res = await call('PUT', '/admin/exchange-rates', admin.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(res.json().errors?.[field], JSON.stringify(payload)).toBe(message);
    }
    const after = await t.database.query<{ n: number }>(`select count(*)::int as n from staff_actions`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('accounts read the rates but may not set them; collectors and visitors reach no staff route', async () => {
    const list = await call('GET', '/admin/exchange-rates', accounts.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.base).toBe('USD');
    expect(
      (await call('PUT', '/admin/exchange-rates', accounts.token, { currency: 'EUR', rate: '2' })).statusCode,
    ).toBe(403);
    const collector = await makeUser(t);
    expect((await call('GET', '/admin/exchange-rates', collector.token)).statusCode).toBe(403);
    expect((await call('GET', '/admin/exchange-rates')).statusCode).toBe(401);
  });
});
