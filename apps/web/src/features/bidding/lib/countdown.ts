/** How loud a countdown is: red in the last 2 minutes, amber in the last 10 (a soft close keeps them there). */
export type CountdownTone = 'calm' | 'soon' | 'urgent';

export const URGENT_MS = 2 * 60_000;
export const SOON_MS = 10 * 60_000;

export function countdownTone(leftMs: number): CountdownTone {
  if (leftMs <= URGENT_MS) return 'urgent';
  if (leftMs <= SOON_MS) return 'soon';
  return 'calm';
}

/** An extension in words: "2 minutes", "1 minute 30 seconds", "45 seconds". */
export function formatExtension(ms: number): { minutes: number; seconds: number } {
  const total = Math.max(1, Math.round(ms / 1000));
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}
