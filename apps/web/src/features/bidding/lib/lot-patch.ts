import type { Lot } from '@knotwork/shared/schemas/catalogue';

/** Fields only the caller's own requests carry (AUCTION-RULES.md: nobody but the bidder sees a maximum). */
const CALLER_FIELDS = new Set<string>(['leading', 'myMaxBid', 'liked']);

/**
 * A public lot payload (a live event) as a patch: the caller's own fields are never taken from it, so a
 * broadcast can't wipe "you are leading" or the heart; undefined fields are dropped.
 */
export function publicLotPatch(lot: Lot): Partial<Lot> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(lot))
    if (value !== undefined && !CALLER_FIELDS.has(key)) patch[key] = value;
  return patch;
}
