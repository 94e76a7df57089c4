import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_SOON_MS,
  COUNTDOWN_URGENT_MS,
  countdownTone,
  type CountdownTone,
} from '@knotwork/shared/bidding/countdown';

const LOUDNESS: Record<CountdownTone, number> = { calm: 0, soon: 1, urgent: 2 };

describe('countdownTone', () => {
  it('is red in the last 2 minutes and amber in the last 10', () => {
    expect(COUNTDOWN_URGENT_MS).toBe(2 * 60_000);
    expect(COUNTDOWN_SOON_MS).toBe(10 * 60_000);
    expect(countdownTone(-5)).toBe('urgent');
    expect(countdownTone(COUNTDOWN_URGENT_MS)).toBe('urgent');
    expect(countdownTone(COUNTDOWN_URGENT_MS + 1)).toBe('soon');
    expect(countdownTone(COUNTDOWN_SOON_MS)).toBe('soon');
    expect(countdownTone(COUNTDOWN_SOON_MS + 1)).toBe('calm');
  });

  it('gets louder as the end comes closer, never quieter', () => {
    fc.assert(
      fc.property(fc.integer({ min: -60_000, max: 3_600_000 }), fc.nat(3_600_000), (left, more) => {
        expect(LOUDNESS[countdownTone(left)]).toBeGreaterThanOrEqual(LOUDNESS[countdownTone(left + more)]);
      }),
    );
  });
});
