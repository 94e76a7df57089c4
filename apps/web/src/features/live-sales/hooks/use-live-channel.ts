import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveSaleView } from '@knotwork/shared/schemas/live-sales';
import { liveSocket, subscribeChannel, type LiveStatus } from '@/lib/live-socket.ts';

export type Connection = 'live' | 'lost' | 'back';

/**
 * Follows `live:<saleId>`: each live.state event carries the sale's whole view, applied to the query at `key`
 * when it is newer than what the page shows (events can arrive out of order across processes). Chat and live-sale
 * channels are not replayed, so the view is refetched each time the server confirms the channel: on the first join
 * (nothing falls between the page's first fetch and the join) and on every re-join after a drop. The page is told
 * 'lost' while the socket is down, 'back' for a few seconds once it returns. `onEvent` sees every applied view.
 */
export function useLiveChannel<T extends LiveSaleView>(
  saleId: string | undefined,
  key: QueryKey,
  options: {
    onEvent?: (next: LiveSaleView, previous: T | undefined) => void;
    /** Merge an event into the cached value (default: the view's fields over the old ones). */
    merge?: (old: T, next: LiveSaleView) => T;
    /** Refetch after each event (the clerk's console, one per sale; never the room's many watchers). */
    refetchOnEvent?: boolean;
  } = {},
): Connection {
  const client = useQueryClient();
  const [connection, setConnection] = useState<Connection>('live');
  const opts = useRef(options);
  opts.current = options;
  const keyString = JSON.stringify(key);

  useEffect(() => {
    if (!saleId) return;
    const unsubscribe = subscribeChannel(
      `live:${saleId.toLowerCase()}`,
      (message) => {
        if (message.event !== 'live.state') return;
        const next = message.data.view;
        const previous = client.getQueryData<T>(key);
        if (previous && previous.seq >= next.seq) return;
        opts.current.onEvent?.(next, previous);
        const merge = opts.current.merge ?? ((old: T, view: LiveSaleView) => ({ ...old, ...view }));
        client.setQueryData<T>(key, (old) => (old ? merge(old, next) : old));
        if (opts.current.refetchOnEvent) void client.invalidateQueries({ queryKey: key });
      },
      {
        // The page's first fetch may have been answered before the server put this socket on the channel: an event
        // in between would be lost (these channels are not replayed). Once joined, fetch the view again.
        onJoined: () => void client.invalidateQueries({ queryKey: key }),
      },
    );
    let wasDown = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offStatus = liveSocket().onStatus((status: LiveStatus) => {
      if (status === 'reconnecting') {
        wasDown = true;
        setConnection('lost');
      } else if (status === 'open' && wasDown) {
        wasDown = false;
        setConnection('back');
        clearTimeout(timer);
        timer = setTimeout(() => setConnection('live'), 4000);
      }
    });
    return () => {
      unsubscribe();
      offStatus();
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saleId, keyString, client]);

  return connection;
}
