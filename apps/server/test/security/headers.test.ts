import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { signUp, newAccount } from '../auth/helpers.ts';

describe('security headers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signUp(t)).token;
  });
  afterAll(() => t.close());
  const bearer = () => ({ authorization: `Bearer ${token}` });

  it('answers that carry a token or personal data are never stored by a cache', async () => {
    const account = newAccount();
    const calls = [
      t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: account }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: account.email, password: 'Wrong@2024' },
      }),
      t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer() }),
      t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: bearer() }),
      t.app.inject({ method: 'GET', url: '/api/v1/address/get', headers: bearer() }),
      t.app.inject({ method: 'GET', url: '/api/v1/notification/unread/count', headers: bearer() }),
      t.app.inject({ method: 'GET', url: '/api/v1/notification/unread/count' }),
      t.app.inject({ method: 'GET', url: '/api/v1/nope' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe('no-store');
    }
  });

  it('keeps the deliberate public caching of the country list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/countries' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('sends a Permissions-Policy that turns off the powerful features the site does not use', async () => {
    for (const url of ['/api/health', '/api/v1/auth/me', '/api/docs/static/index.html']) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(policy, url).toContain(feature);
    }
  });

  it('gives /api/docs the same Content-Security-Policy as the rest of the site', async () => {
    const site = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers[
      'content-security-policy'
    ];
    expect(site).toContain("script-src 'self'");
    for (const url of [
      '/api/docs',
      '/api/docs/static/index.html',
      '/api/docs/static/swagger-initializer.js',
      '/api/docs/json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(res.headers['content-security-policy'], url).toBe(site);
    }
  });
});

describe('Content-Security-Policy for the payment providers', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  };
  const paypal = { PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' };
  const policy = async (env: Record<string, string>) => {
    const t = await createTestApp(env);
    try {
      const csp = (await t.app.inject({ method: 'GET', url: '/api/v1/payment/methods' })).headers[
        'content-security-policy'
      ] as string;
      return Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
    } finally {
      await t.close();
    }
  };

  it('allows no provider when none is configured', async () => {
    const csp = await policy({});
    expect(JSON.stringify(csp)).not.toMatch(/stripe|paypal/);
  });

  it('allows Stripe.js, its frames and its API only with Stripe configured', async () => {
    const csp = await policy(stripe);
    expect(csp['script-src']).toContain('https://js.stripe.com');
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(csp['frame-src']).not.toContain("'none'");
    expect(csp['connect-src']).toContain('https://api.stripe.com');
    expect(JSON.stringify(csp)).not.toMatch(/paypal/);
  });

  it('allows PayPal buttons (sandbox outside production) only with PayPal configured', async () => {
    const csp = await policy(paypal);
    expect(csp['script-src']).toContain('https://www.paypal.com');
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://www.paypal.com', 'https://www.sandbox.paypal.com']),
    );
    expect(JSON.stringify(csp)).not.toMatch(/stripe/);
  });
});
