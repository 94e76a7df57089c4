import { lotPhase } from '@knotwork/shared/bidding/lot-phase';
import type { Lot } from '@knotwork/shared/schemas/catalogue';

/** The open lot (shared `lotPhase`) that closes first (server clock `nowMs`), or null when nothing is open. */
export function nextToClose<T extends Pick<Lot, 'id' | 'status' | 'outcome' | 'startsAt' | 'endsAt'>>(
  lots: readonly T[],
  nowMs: number,
): T | null {
  let best: T | null = null;
  for (const lot of lots) {
    if (lotPhase(lot, nowMs) !== 'open') continue;
    if (!best || Date.parse(lot.endsAt) < Date.parse(best.endsAt)) best = lot;
  }
  return best;
}

/** Lots per page: each visible lot is one live subscription, and a socket holds at most 200. */
export const ROOM_PAGE_SIZE = 20;
