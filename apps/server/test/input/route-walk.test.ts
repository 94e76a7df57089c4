import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationMessages as v } from '@knotwork/shared/messages/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { staffAccount } from '../helpers/staff.ts';
import { multipart } from '../auth/multipart.ts';

/**
 * Walks every route the OpenAPI document lists (it is generated from the very schemas that validate the
 * requests) and sends it hostile input: NUL in every path parameter, query parameter and string body
 * field, and malformed bodies. Each must answer 4xx, never 5xx (issue 7, point 4).
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
};
interface Operation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Route {
  method: string;
  path: string;
  op: Operation;
}

const NUL = 'a\u0000b';

describe('route walk: hostile input answers 4xx on every route', () => {
  let t: TestApp;
  let token: string;
  let routes: Route[];
  let schemas: Record<string, Schema>;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1000' });
    token = (await staffAccount(t)).token;
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, Schema> };
    };
    schemas = doc.components.schemas;
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
  });
  afterAll(() => t.close());

  const resolve = (s: Schema): Schema => (s.$ref ? resolve(schemas[s.$ref.split('/').pop()!]!) : s);

  /** A value for the schema with NUL in every free-text string; records the paths of those strings. */
  function hostile(s: Schema, path: string[], free: string[][]): unknown {
    s = resolve(s);
    const alt = s.anyOf ?? s.oneOf;
    if (alt) {
      const pick = alt.map(resolve).find((a) => a.type !== 'null') ?? alt[0]!;
      return hostile(
        pick,
        path,
        alt.length === 1 || alt.filter((a) => resolve(a).type !== 'null').length === 1 ? free : [],
      );
    }
    if (s.allOf) return hostile(s.allOf[0]!, path, free);
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    if (s.enum || s.const !== undefined) return NUL;
    if (type === 'object' || s.properties) {
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, p]) => [k, hostile(p, [...path, k], free)]),
      );
    }
    if (type === 'array') return [hostile(s.items ?? { type: 'string' }, [...path, '0'], [])];
    if (type === 'number' || type === 'integer') return 1;
    if (type === 'boolean') return true;
    if (type === 'string' && !s.format) free.push(path);
    return NUL;
  }

  const send = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
  const okId = '00000000-0000-4000-8000-000000000000';
  /** The route's path with valid-looking parameters: an enum's first value (a page's slug), else a uuid. */
  const okPath = (r: Route) =>
    r.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const schema = r.op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
      const first = schema?.enum?.[0];
      return typeof first === 'string' ? first : okId;
    });

  it('lists the routes (the walk covers the whole API)', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/v1/admin/auctions');
  });

  it('refuses NUL in path parameters with 4xx', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.path.includes('{'))) {
      for (const value of ['%00', 'a%00b', `${okId}%00`]) {
        const res = await send(r.method, fill(r.path, value), r.op.requestBody ? {} : undefined);
        if (res.statusCode >= 500 || res.statusCode < 400)
          failures.push(`${r.method} ${fill(r.path, value)} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL in every query parameter with 4xx', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      for (const p of (r.op.parameters ?? []).filter((x) => x.in === 'query')) {
        const url = `${okPath(r)}?${p.name}=${encodeURIComponent(NUL)}`;
        const res = await send(r.method, url, r.op.requestBody ? {} : undefined);
        if (res.statusCode >= 500 || res.statusCode < 400)
          failures.push(`${r.method} ${url} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL in every string body field, naming each field with the NUL message', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.op.requestBody?.content['application/json'])) {
      const free: string[][] = [];
      const body = hostile(r.op.requestBody!.content['application/json']!.schema, [], free);
      // A body of numbers and booleans only (a premium) has no text to poison: nothing to refuse.
      if (!JSON.stringify(body).includes('\\u0000')) continue;
      const res = await send(r.method, okPath(r), body);
      if (res.statusCode >= 500 || res.statusCode < 400) {
        failures.push(`${r.method} ${r.path} -> ${res.statusCode}`);
        continue;
      }
      const errors = res.json<{ errors?: Record<string, string> }>().errors ?? {};
      for (const field of free.map((f) => f.join('.'))) {
        if (res.statusCode === 400 && errors[field] !== v.textNul)
          failures.push(`${r.method} ${r.path} ${field}: ${errors[field]}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL in each string body field alone (the rest left out) with 4xx', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.op.requestBody?.content['application/json'])) {
      const free: string[][] = [];
      hostile(r.op.requestBody!.content['application/json']!.schema, [], free);
      for (const field of free) {
        const body: Record<string, unknown> = {};
        let at = body;
        field.forEach((k, i) => {
          if (i === field.length - 1) at[k] = NUL;
          else at = at[k] = {};
        });
        const res = await send(r.method, okPath(r), body);
        if (res.statusCode >= 500 || res.statusCode < 400)
          failures.push(`${r.method} ${r.path} ${field.join('.')} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL in every multipart text field with the NUL message', async () => {
    const failures: string[] = [];
    const multiparts = routes.filter((x) => x.op.requestBody?.content['multipart/form-data']);
    expect(multiparts.map((r) => r.path)).toContain('/api/v1/auth/profile');
    for (const r of multiparts) {
      const free: string[][] = [];
      hostile(r.op.requestBody!.content['multipart/form-data']!.schema, [], free);
      for (const field of free.filter((f) => f.length === 1).map((f) => f[0]!)) {
        const { payload, headers } = multipart({ [field]: NUL });
        const res = await send(r.method, okPath(r), payload, headers);
        if (res.statusCode !== 400 || res.json().errors?.[field] !== v.textNul)
          failures.push(`${r.method} ${r.path} ${field} -> ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 4xx to malformed bodies: bad JSON, wrong content type, arrays, scalars, huge numbers', async () => {
    const failures: string[] = [];
    // [what, body, content type, may a route with only optional fields accept it?]
    const bodies: [string, string, string, boolean?][] = [
      ['bad json', '{"a":', 'application/json'],
      ['array', '[{"a":1}]', 'application/json'],
      ['string', '"x"', 'application/json'],
      ['null', 'null', 'application/json', true],
      ['number', '1e400', 'application/json'],
      [
        'huge numbers',
        JSON.stringify({ page: 1e300, amount: 1e300, amountCents: 9e300, id: 1e300 }),
        'application/json',
        true,
      ],
      ['deep', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'],
      ['text', 'hello', 'text/plain'],
      ['form', 'a=b', 'application/x-www-form-urlencoded'],
      ['xml', '<a/>', 'application/xml'],
    ];
    for (const r of routes.filter((x) => x.op.requestBody)) {
      for (const [what, payload, type, mayPass] of bodies) {
        const res = await send(r.method, okPath(r), payload, { 'content-type': type });
        if (res.statusCode >= 500 || (res.statusCode < 400 && !mayPass))
          failures.push(`${r.method} ${r.path} ${what} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 4xx to malformed query strings and path ids: huge numbers, repeats, bad JSON', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      const urls = [
        ...(r.path.includes('{')
          ? [fill(r.path, '9'.repeat(400)), fill(r.path, '-1'), fill(r.path, '%E0%A4%A')]
          : []),
        ...(r.op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .flatMap((p) => [
            `${okPath(r)}?${p.name}=${'9'.repeat(400)}`,
            `${okPath(r)}?${p.name}=1e400`,
            `${okPath(r)}?${p.name}=1&${p.name}=2`,
            `${okPath(r)}?${p.name}=%7B%22q%22%3A`,
            `${okPath(r)}?${p.name}=${encodeURIComponent('{"q":"\u0000","page":1e300}')}`,
          ]),
      ];
      for (const url of urls) {
        const res = await send(r.method, url, r.op.requestBody ? {} : undefined);
        // 2xx is fine here: repeated or out-of-range values may be read leniently; only 5xx is wrong.
        if (res.statusCode >= 500) failures.push(`${r.method} ${url} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
