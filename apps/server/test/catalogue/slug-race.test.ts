import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { inSeconds, send, staffAccount } from '../helpers/staff.ts';

describe('sale slugs under concurrent creation', () => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    staff = (await staffAccount(t)).token;
  });
  afterAll(() => t.close());

  it('gives ten sales created at once with the same title ten distinct slugs, never a 500', async () => {
    const sale = (n: number) => ({
      // Different titles, one slug: punctuation and case fold away.
      title: `${n % 2 ? 'Tribal' : 'TRIBAL'} Rugs${'!'.repeat(n)}`,
      startsAt: inSeconds(3600),
      endsAt: inSeconds(7200),
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) => send(t, 'POST', '/admin/auctions', sale(n), staff)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const slugs = results.map((r) => r.json().data.slug as string);
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toContain('tribal-rugs');
    for (const slug of slugs) expect(slug).toMatch(/^tribal-rugs(-[0-9a-f]{6})?$/);
  });
});
