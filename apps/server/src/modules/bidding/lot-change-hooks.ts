import type { LotEvent, LotState } from '@knotwork/shared/bidding/types';

/**
 * What committed on a lot, for in-process listeners that act on it (notifications: outbid, won, lost; jobs).
 * Carries bidder ids: never send it to a browser as is (the bus events are the public, pseudonymous view).
 */
export interface LotChange {
  lotId: string;
  rugId: string;
  auctionId: string;
  /** Engine events in commit order, each with its lot event seq. */
  events: (LotEvent & { eventSeq: number })[];
  state: LotState;
  /** The order created by this change (lot sold), if any. */
  orderId: string | null;
}

export type LotChangeListener = (change: LotChange) => void | Promise<void>;

const listeners = new Set<LotChangeListener>();

/** Register a listener for committed lot changes; returns the unsubscribe function. */
export function onLotChange(listener: LotChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after commit. A failing listener is logged by the caller and never undoes or fails the change. */
export async function emitLotChange(change: LotChange, log: (err: unknown) => void): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(change);
    } catch (err) {
      log(err);
    }
  }
}
