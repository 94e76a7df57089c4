import { describe, expect, it } from 'vitest';
import type { AdminConditionRequest } from '@knotwork/shared/schemas/condition-reports';
import { formatSpan, requestClock } from '@/features/admin/condition-reports/lib/clock.ts';

const request = (over: Partial<AdminConditionRequest> = {}): AdminConditionRequest => ({
  id: 'r',
  lotId: 'l',
  lotNumber: 1,
  rugTitle: 'Heriz',
  auctionTitle: 'Sale',
  userId: 'u',
  userName: 'Ada',
  userEmail: 'ada@example.com',
  question: null,
  requestedAt: '2026-11-29T10:00:00.000Z',
  dueAt: '2026-11-30T10:00:00.000Z',
  answeredAt: null,
  answeredAtOnce: false,
  answeredVersion: null,
  ...over,
});

/** The desk's clock (decision 095): read against the server's time, never the desk computer's. */
describe('condition report clock', () => {
  it('says how long is left, how late a request is, or how fast it was answered', () => {
    expect(requestClock(request(), '2026-11-30T05:00:00.000Z')).toEqual({ state: 'dueIn', minutes: 300 });
    expect(requestClock(request(), '2026-11-30T12:00:00.000Z')).toEqual({ state: 'overdueBy', minutes: 120 });
    expect(
      requestClock(request({ answeredAt: '2026-11-29T13:00:00.000Z' }), '2026-12-05T00:00:00.000Z'),
    ).toEqual({ state: 'answeredIn', minutes: 180 });
    expect(
      requestClock(request({ answeredAtOnce: true, answeredAt: '2026-11-29T10:00:00.000Z' }), ''),
    ).toEqual({
      state: 'atOnce',
      minutes: 0,
    });
  });

  it('writes the span in minutes, hours or days, with the language’s plurals', () => {
    expect(formatSpan(0.2)).toBe('1 minute');
    expect(formatSpan(45)).toBe('45 minutes');
    expect(formatSpan(300)).toBe('5 hours');
    expect(formatSpan(47 * 60)).toBe('47 hours');
    expect(formatSpan(72 * 60)).toBe('3 days');
  });
});
