import type { LotState } from '@knotwork/shared/bidding/types';
import type { Lot } from '@knotwork/shared/schemas/catalogue';
import { toApiLot } from './lot-mapper.ts';
import type { LockedLotRow } from './lot-state-codec.ts';

/** The caller's own standing on a lot: added to the lot payload for a signed-in caller only. */
export interface CallerFields {
  leading: boolean;
  myMaxBid: number | null;
  liked: boolean;
}

/** From the engine state (under the lock): the caller's maximum is theirs alone to see. */
export function callerFieldsFromState(state: LotState, userId: string, liked: boolean): CallerFields {
  return {
    leading: state.leader === userId,
    myMaxBid: state.maxima.find((m) => m.bidderId === userId)?.maximum ?? null,
    liked,
  };
}

/** The public lot payload (the same mapper every catalogue and sales route uses), plus caller fields if given. */
export function lotPayload(row: LockedLotRow, nowMs: number, caller?: CallerFields): Lot {
  const lot = toApiLot(row, new Date(nowMs));
  return caller ? { ...lot, ...caller } : lot;
}
