/**
 * How loud a lot's countdown is, everywhere a countdown shows: red in the last 2 minutes (the default soft-close
 * window, so a soft close keeps a contested lot there), amber in the last 10.
 */
export type CountdownTone = 'calm' | 'soon' | 'urgent';

export const COUNTDOWN_URGENT_MS = 2 * 60_000;
export const COUNTDOWN_SOON_MS = 10 * 60_000;

/** The tone with `leftMs` milliseconds left (zero or less: the lot is closing, still urgent). */
export function countdownTone(leftMs: number): CountdownTone {
  if (leftMs <= COUNTDOWN_URGENT_MS) return 'urgent';
  if (leftMs <= COUNTDOWN_SOON_MS) return 'soon';
  return 'calm';
}
