import type { Lot } from '@knotwork/shared/schemas/catalogue';

/** What a visitor can do with a lot at a given moment, derived on the client so a countdown can roll over. */
export type LotPhase =
  | { kind: 'upcoming'; startsAt: number }
  | { kind: 'open'; endsAt: number }
  /** Past its end on the server's clock, result not yet recorded. */
  | { kind: 'closing' }
  | { kind: 'sold'; price: number | null }
  | { kind: 'unsold' }
  | { kind: 'withdrawn' };

/** The lot's phase at `nowMs` (the server's clock): the stored state first, then the lot's times. */
export function lotPhase(lot: Lot, nowMs: number): LotPhase {
  if (lot.status === 'withdrawn') return { kind: 'withdrawn' };
  if (lot.status === 'closed') {
    if (lot.outcome === 'sold') return { kind: 'sold', price: lot.hammerPrice ?? lot.currentBid };
    if (lot.outcome === 'unsold') return { kind: 'unsold' };
    return { kind: 'closing' };
  }
  const startsAt = Date.parse(lot.startsAt);
  const endsAt = Date.parse(lot.endsAt);
  if (nowMs < startsAt) return { kind: 'upcoming', startsAt };
  if (nowMs < endsAt) return { kind: 'open', endsAt };
  return { kind: 'closing' };
}
