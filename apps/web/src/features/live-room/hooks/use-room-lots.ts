import { useEffect, useState } from 'react';
import type { Lot } from '@knotwork/shared/schemas/catalogue';
import type { LotWithRug } from '@knotwork/shared/schemas/sales';
import { subscribeLot } from '@/lib/live-socket.ts';

export interface RoomLot extends LotWithRug {
  /** Counts live price changes: a new value re-runs the price flash. 0 until the first live change. */
  flash: number;
}

/**
 * The given lots kept live: one lot channel each (the first message is a fresh snapshot, then every change),
 * merged over the loaded lots. Subscriptions follow the list, so paging away releases them.
 */
export function useRoomLots(lots: readonly LotWithRug[]): RoomLot[] {
  const [live, setLive] = useState<Record<string, { lot: Partial<Lot>; flash: number }>>({});
  const ids = lots.map((l) => l.id).join(',');

  useEffect(() => {
    const unsubscribes = ids
      .split(',')
      .filter(Boolean)
      .map((lotId) =>
        subscribeLot(lotId, (event) => {
          if (event.event === 'lot.bid' || event.event === 'lot.history_reset') return;
          const next = event.data.lot;
          setLive((state) => {
            const previous = state[lotId];
            const known = previous?.lot.currentBid ?? lots.find((l) => l.id === lotId)?.currentBid ?? null;
            const moved = next.currentBid !== known;
            return { ...state, [lotId]: { lot: next, flash: (previous?.flash ?? 0) + (moved ? 1 : 0) } };
          });
        }),
      );
    return () => unsubscribes.forEach((u) => u());
    // `ids` stands for `lots`; the loaded values are only read as the first baseline.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);

  return lots.map((lot) => {
    const entry = live[lot.id];
    return entry
      ? { ...lot, ...stripUndefined(entry.lot), rug: lot.rug, flash: entry.flash }
      : { ...lot, flash: 0 };
  });
}

function stripUndefined(lot: Partial<Lot>): Partial<Lot> {
  return Object.fromEntries(Object.entries(lot).filter(([, v]) => v !== undefined));
}
