import type { Lot } from '@knotwork/shared/schemas/catalogue';

/** The open lot that closes first (server clock `nowMs`), or null when nothing is open. */
export function nextToClose<T extends Pick<Lot, 'id' | 'status' | 'endsAt'>>(
  lots: readonly T[],
  nowMs: number,
): T | null {
  let best: T | null = null;
  for (const lot of lots) {
    if (lot.status !== 'open' || Date.parse(lot.endsAt) <= nowMs) continue;
    if (!best || Date.parse(lot.endsAt) < Date.parse(best.endsAt)) best = lot;
  }
  return best;
}

/** Lots per page: each visible lot is one live subscription, and a socket holds at most 200. */
export const ROOM_PAGE_SIZE = 20;
