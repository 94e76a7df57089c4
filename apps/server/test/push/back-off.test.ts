import { describe, expect, it } from 'vitest';
import {
  backOffMs,
  createBackOff,
  DEFAULT_BACK_OFF_MS,
  MAX_BACK_OFF_MS,
} from '../../src/modules/push/back-off.ts';

describe('back-off after a 429 from a push service', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');

  it('reads Retry-After as seconds or as an HTTP date, defaults to a minute, and never holds longer than an hour', () => {
    expect(backOffMs('120', now)).toBe(120_000);
    expect(backOffMs(' 0 ', now)).toBe(0);
    expect(backOffMs('Fri, 01 May 2026 12:05:00 GMT', now)).toBe(300_000);
    expect(backOffMs('Fri, 01 May 2026 11:00:00 GMT', now)).toBe(0);
    expect(backOffMs(undefined, now)).toBe(DEFAULT_BACK_OFF_MS);
    expect(backOffMs('soon', now)).toBe(DEFAULT_BACK_OFF_MS);
    expect(backOffMs('-5', now)).toBe(DEFAULT_BACK_OFF_MS);
    expect(backOffMs('86400', now)).toBe(MAX_BACK_OFF_MS);
    expect(backOffMs(['30', '60'], now)).toBe(30_000);
  });

  it('holds one endpoint until its time, and only that one', () => {
    let clock = now;
    const backOff = createBackOff(() => clock);
    backOff.hold('https://a', '10');
    expect(backOff.holds('https://a')).toBe(true);
    expect(backOff.holds('https://b')).toBe(false);
    clock += 9_999;
    expect(backOff.holds('https://a')).toBe(true);
    clock += 1;
    expect(backOff.holds('https://a')).toBe(false);
  });
});
