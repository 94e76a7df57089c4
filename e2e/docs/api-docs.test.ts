import { describe, expect, it } from 'vitest';
import { useE2E } from '../helpers/harness.ts';

const e2e = useE2E();

// /api/docs runs under the site's own Content-Security-Policy (decision 005): Swagger UI must still render,
// and any blocked script, style or image would be a console error that fails the test.
describe('API docs', () => {
  it('renders Swagger UI under the site CSP, with no violations', async () => {
    const { page } = await e2e.newPage();
    const res = await page.goto('/api/docs');
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('.swagger-ui .info .title', { hasText: 'Knotwork API' }).waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/api/v1/auth/login' }).first().waitFor();
  });
});
