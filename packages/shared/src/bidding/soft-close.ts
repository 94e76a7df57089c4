import type { EpochMs, SoftCloseRules } from './types.ts';

/**
 * The lot's end after a bid accepted at `at`: a bid within the last `windowSeconds` before the end moves it
 * to `at + extensionSeconds` if that is later. Never earlier, and a bid at or after the end extends nothing.
 */
export function extendedEnd(endsAt: EpochMs, at: EpochMs, softClose: SoftCloseRules): EpochMs {
  if (!softClose.enabled || at >= endsAt) return endsAt;
  if (endsAt - at > softClose.windowSeconds * 1000) return endsAt;
  return Math.max(endsAt, at + softClose.extensionSeconds * 1000);
}
