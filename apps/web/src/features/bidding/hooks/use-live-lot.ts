import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BidHistoryEntry } from '@knotwork/shared/schemas/bidding';
import type { Lot } from '@knotwork/shared/schemas/catalogue';
import { useAuthStore } from '@/lib/auth-store.ts';
import { subscribeLot, subscribeUser } from '@/lib/live-socket.ts';
import { getBidHistoryQueryOptions } from '../api/get-bid-history.ts';
import { publicLotPatch } from '../lib/lot-patch.ts';

/** A soft-close extension the visitor saw happen: how much later the lot now ends, and when it was seen. */
export interface SeenExtension {
  byMs: number;
  seenAt: number;
}

export interface LiveLot {
  /** Newest first: the REST history (with the caller's own lines as 'You') and every live line since. */
  history: BidHistoryEntry[];
  historyStatus: 'pending' | 'error' | 'success';
  /** Server clock minus this clock, from the last lot payload. */
  payloadOffsetMs: number;
  extension: SeenExtension | null;
}

/**
 * Keeps one lot live: loads its bid history, then subscribes to the lot's channel from the last seq it loaded
 * (the server replays anything in between), and to the user's channel for the caller's own standing. Every
 * change goes out through `onLot` as a patch (the caller keeps the lot, e.g. in the rug's query cache), so
 * the panel shows one lot whatever the source.
 */
export function useLiveLot(lot: Lot, receivedAt: number, onLot: (patch: Partial<Lot>) => void): LiveLot {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const queryClient = useQueryClient();
  const historyOptions = getBidHistoryQueryOptions(lot.rugId, userId);
  const history = useQuery(historyOptions);
  const [liveEntries, setLiveEntries] = useState<BidHistoryEntry[]>([]);
  // After a staff void every line below this seq is superseded (the recomputed lines come above it).
  const [supersededBelow, setSupersededBelow] = useState(0);
  const [payloadOffsetMs, setPayloadOffsetMs] = useState(() => Date.parse(lot.serverNow) - receivedAt);
  const [extension, setExtension] = useState<SeenExtension | null>(null);

  const onLotRef = useRef(onLot);
  useEffect(() => {
    onLotRef.current = onLot;
  });

  // Soft close (AUCTION-RULES.md "Time"): a late bid moved the end; say so, or the jump looks like a bug. Watched
  // on the lot itself because the new end can arrive first through the live socket or through our own bid's answer.
  const lastEndsAt = useRef(Date.parse(lot.endsAt));
  useEffect(() => {
    const endsAt = Date.parse(lot.endsAt);
    if (lot.status === 'open' && endsAt > lastEndsAt.current) {
      setExtension({ byMs: endsAt - lastEndsAt.current, seenAt: Date.now() });
    }
    lastEndsAt.current = endsAt;
  }, [lot.endsAt, lot.status]);

  const historyKey = historyOptions.queryKey;
  const ready = history.isSuccess || history.isError;
  // The highest seq the REST history covers; a lot without bids starts from 0 (the server replays the rest).
  const since = history.data ? history.data.reduce((max, e) => Math.max(max, e.seq), 0) : undefined;

  useEffect(() => {
    if (!ready) return undefined;
    return subscribeLot(
      lot.id,
      (event) => {
        if (event.event === 'lot.history_reset') {
          const { seq } = event.data;
          // `merged` leaves out every line at or below it, live and REST alike, so nothing else is rewritten here.
          setSupersededBelow((below) => Math.max(below, seq));
          // The REST lines carry the renumbered pseudonyms and which lines are the caller's.
          void queryClient.invalidateQueries({ queryKey: historyKey });
          return;
        }
        if (event.event === 'lot.bid') {
          const entry = event.data.entry;
          setLiveEntries((list) =>
            list.some((e) => e.seq === entry.seq) ? list : [...list, { ...entry, mine: false }],
          );
          return;
        }
        const next = event.data.lot;
        setPayloadOffsetMs(Date.parse(next.serverNow) - Date.now());
        onLotRef.current(publicLotPatch(next));
      },
      since === undefined ? {} : { since },
    );
    // `since` is read once, when the history first arrives; later refetches must not resubscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lot.id, ready]);

  useEffect(
    () =>
      subscribeUser((event) => {
        if (event.event !== 'lot.position' || event.data.lotId !== lot.id) return;
        onLotRef.current({ leading: event.data.leading, myMaxBid: event.data.myMaxBid });
        // Live lines are pseudonymous; the REST history marks which of them are the caller's.
        void queryClient.invalidateQueries({ queryKey: historyKey });
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lot.id, queryClient, userId],
  );

  const merged = useMemo(() => {
    const bySeq = new Map<number, BidHistoryEntry>();
    for (const e of liveEntries) bySeq.set(e.seq, e);
    // The REST line wins: it knows whether the line is the caller's own.
    for (const e of history.data ?? []) bySeq.set(e.seq, e);
    return [...bySeq.values()].filter((e) => e.seq > supersededBelow).sort((a, b) => b.seq - a.seq);
  }, [liveEntries, history.data, supersededBelow]);

  return { history: merged, historyStatus: history.status, payloadOffsetMs, extension };
}
