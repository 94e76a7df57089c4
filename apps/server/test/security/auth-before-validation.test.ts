import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

interface Operation {
  security?: unknown[];
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Every route of the API, as the OpenAPI document lists them (each route declares `security` exactly when
 * it needs a sign-in). A stranger must learn nothing about a protected route's fields: the sign-in is
 * checked before the body, query or path is validated.
 */
describe('authentication comes before validation', () => {
  let t: TestApp;
  let routes: { method: Method; path: string; url: string; protected: boolean }[];
  beforeAll(async () => {
    // The dev mailbox on, so its staff-only route is walked too.
    t = await createTestApp({ DEV_MAILBOX: 'true' });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    }>();
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, ops]) =>
        METHODS.filter((m) => ops[m]).map((m) => ({
          method: m.toUpperCase() as Method,
          path,
          // Ill-formed path parameters and query values, on top of a body of the wrong shape.
          url: `${path.replace(/\{[^}]+\}/g, 'not-an-id')}?page=-1&limit=nope&pageSize=x`,
          // `{}` among the requirements means anonymous callers are welcome too (optional sign-in).
          protected:
            Array.isArray(ops[m]!.security) &&
            ops[m]!.security.length > 0 &&
            !ops[m]!.security.some(
              (req) => typeof req === 'object' && req !== null && Object.keys(req).length === 0,
            ),
        })),
      );
  });
  afterAll(() => t.close());

  const anonymousWithBadInput = (r: (typeof routes)[number]) =>
    t.app.inject({
      method: r.method,
      url: r.url,
      ...(r.method === 'GET'
        ? {}
        : { headers: { 'content-type': 'application/json' }, payload: '[1, {"email": 5}]' }),
    });

  it('walks a real list of protected routes', () => {
    expect(routes.filter((r) => r.protected).length).toBeGreaterThan(30);
    expect(routes.some((r) => r.protected && r.path === '/api/v1/address/add')).toBe(true);
    expect(routes.some((r) => r.protected && r.path.startsWith('/api/v1/admin/'))).toBe(true);
    expect(routes.some((r) => r.protected && r.path === '/api/v1/dev/mailbox/messages')).toBe(true);
  });

  it('answers an anonymous caller with bad input 401 on every protected route, never 400', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.protected)) {
      const res = await anonymousWithBadInput(r);
      if (res.statusCode !== 401 || Object.keys(res.json()).join() !== 'message')
        wrong.push(`${r.method} ${r.path}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never asks a sign-in on a route that does not declare one (the declarations above are complete)', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => !x.protected)) {
      const res = await anonymousWithBadInput(r);
      if (res.statusCode === 401) wrong.push(`${r.method} ${r.path}`);
    }
    expect(wrong).toEqual([]);
  });
});
