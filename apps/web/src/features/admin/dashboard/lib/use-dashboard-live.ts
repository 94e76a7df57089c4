import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STAFF_DASHBOARD_CHANNEL } from '@knotwork/shared/realtime/events';
import { liveSocket, subscribeChannel } from '@/lib/live-socket.ts';

/**
 * The dashboard's live side (decision 064): every `dashboard.changed` nudge on `staff:dashboard` (a bid, a lot
 * closing, a payment, a message; at most one every few seconds) refetches the figures, as does the socket coming
 * back after a drop (nudges are not replayed). Returns whether the socket is open, for the "updates live" hint.
 */
export function useDashboardLive(): boolean {
  const client = useQueryClient();
  const [open, setOpen] = useState(() => liveSocket().status === 'open');
  useEffect(() => {
    const refetch = () => void client.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    const off = subscribeChannel(STAFF_DASHBOARD_CHANNEL, (e) => {
      if (e.event === 'dashboard.changed') refetch();
    });
    let wasOpen = liveSocket().status === 'open';
    const offStatus = liveSocket().onStatus((s) => {
      if (s === 'open' && !wasOpen) refetch();
      wasOpen = s === 'open';
      setOpen(wasOpen);
    });
    return () => {
      off();
      offStatus();
    };
  }, [client]);
  return open;
}
