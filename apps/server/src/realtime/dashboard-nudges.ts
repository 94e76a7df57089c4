import {
  STAFF_DASHBOARD_CHANNEL,
  type ServerEvent,
  type ServerEventName,
} from '@knotwork/shared/realtime/events';

/** At most one nudge per this interval per process: a busy sale's bids do not become a refetch storm. */
export const DASHBOARD_NUDGE_MS = 3_000;

/** Events that move a dashboard figure: bids, lots closing (orders created), messages; `dashboard.changed` itself. */
const MOVES_A_FIGURE = new Set<ServerEventName>([
  'lot.bid',
  'lot.closed',
  'lot.history_reset',
  'chat.message',
  'chat.conversation',
  'dashboard.changed',
]);

/**
 * Turns the bus's events into `dashboard.changed` nudges for this process's `staff:dashboard` sockets (decision
 * 064). Every process hears every event (the bus), so each nudges its own sockets locally: no extra bus traffic
 * and no duplicate per process. Throttled: the first event nudges at once, those within the next interval once
 * more at its end.
 */
export function createDashboardNudges(
  deliver: (event: ServerEvent) => void,
  intervalMs = DASHBOARD_NUDGE_MS,
) {
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    timer = undefined;
    last = Date.now();
    deliver({ event: 'dashboard.changed', channel: STAFF_DASHBOARD_CHANNEL, data: { at: last } });
  };
  return {
    /** True when the event was a nudge request only (nothing else to deliver). */
    observe(event: ServerEvent): boolean {
      if (!MOVES_A_FIGURE.has(event.event)) return false;
      if (!timer) {
        const wait = last + intervalMs - Date.now();
        if (wait <= 0) send();
        else timer = setTimeout(send, wait);
        timer?.unref();
      }
      return event.event === 'dashboard.changed';
    },
    close() {
      clearTimeout(timer);
    },
  };
}
