import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterAnswer } from '../../src/lib/after-answer.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { newAccount, post, signUp } from './helpers.ts';

const ROUNDS = 40;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Median answer times of `url` for a known and an unknown address, calls interleaved so noise hits both. */
async function medians(t: TestApp, url: string, known: string): Promise<{ known: number; unknown: number }> {
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const kind of ['known', 'unknown'] as const) {
      const email = kind === 'known' ? known : `nobody${i}@example.com`;
      // The previous call's deferred work is not what this call's answer time should measure.
      await settleAfterAnswer();
      const start = process.hrtime.bigint();
      const res = await t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: { email } });
      times[kind].push(Number(process.hrtime.bigint() - start) / 1e6);
      expect(res.statusCode).toBe(200);
    }
  }
  if (process.env.TIMING_DEBUG) console.log(url, times);
  return { known: median(times.known), unknown: median(times.unknown) };
}

// Issue 7.6a: answer times must not tell whether an address is registered.
describe('answer times of the e-mail based routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1000' });
    // Warm up the code paths (JIT, prepared queries, the OTP secret).
    const warm = await signUp(t);
    await medians(t, '/auth/password/forgot', warm.email);
  });
  afterAll(() => t.close());

  // The work for a known address (lookup, code, mail) happens after the answer: both answers cost the
  // same, up to scheduling noise.
  const close = (m: { known: number; unknown: number }) =>
    expect(m.known).toBeLessThan(m.unknown * 1.25 + 0.3);

  it('forgot password answers as fast for a registered address as for an unknown one', async () => {
    const { email } = await signUp(t);
    close(await medians(t, '/auth/password/forgot', email));
  });

  it('resend-otp answers as fast for a pending account as for an unknown address', async () => {
    const pending = newAccount();
    await post(t, '/auth/register', pending);
    close(await medians(t, '/auth/resend-otp', pending.email));
  });
});
