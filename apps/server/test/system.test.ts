import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports database reachability', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', redis: 'off', media: 'up', reasons: [] });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/v1/notification/unread/count');
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses the unread count without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/notification/unread/count' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Session expired. Please log in again.' });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/contactus',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(typeof res.json().message).toBe('string');
  });
});
