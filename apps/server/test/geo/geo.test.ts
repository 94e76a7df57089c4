import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

describe('geo reference data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}` });

  it('lists every country by name with a dialling code and flag, cacheable', async () => {
    const res = await get('/auth/countries');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const { data } = res.json();
    expect(data.length).toBeGreaterThan(240);
    expect(data).toContainEqual({ code: 'GB', name: 'United Kingdom', phoneCode: '+44', flag: '🇬🇧' });
    expect(data.find((c: { code: string }) => c.code === 'DO').phoneCode).toBe('+1-809');
    for (const c of data) expect(c.phoneCode).toMatch(/^\+\d[\d-]*$/);
    const names = data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it("lists a country's states, any case in", async () => {
    const res = await get('/auth/state?country=us');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ code: 'CA', name: 'California' });
  });

  it('answers an empty list for a country without subdivisions', async () => {
    const res = await get('/auth/state?country=GI');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it.each([
    ['/auth/state', 'country', 'Country is required'],
    ['/auth/state?country=', 'country', 'Country is required'],
    ['/auth/state?country=USA', 'country', 'Country must be a two-letter ISO code'],
    ['/auth/state?country=Z1', 'country', 'Country must be a two-letter ISO code'],
    ['/auth/state?country=ZZ', 'country', 'Unknown country'],
    ['/auth/cities?country=ZZ&state=CA', 'country', 'Unknown country'],
    ['/auth/cities?country=US&state=ZZ', 'state', 'Unknown state for this country'],
    ['/auth/cities?country=US&state=%3Cscript%3E', 'state', 'State must be a subdivision code'],
    ['/auth/cities?country=US', 'state', 'State is required for this country'],
  ])('refuses %s with a 400 naming %s', async (url, field, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('lists the cities of a state, sorted and unique', async () => {
    const res = await get('/auth/cities?country=US&state=ny');
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((c: { name: string }) => c.name);
    expect(names).toContain('New York City');
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists the cities of a country without states', async () => {
    const res = await get('/auth/cities?country=GI');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().data)).toBe(true);
  });

  it('documents every geo route in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of ['/api/v1/auth/countries', '/api/v1/auth/state', '/api/v1/auth/cities']) {
      expect(doc.paths[p].get.tags).toEqual(['geo']);
    }
  });
});
