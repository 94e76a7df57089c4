import { useMemo, useSyncExternalStore } from 'react';

/**
 * One ticker for every countdown on the page: a single interval, started by the first subscriber and stopped
 * with the last. Four ticks a second, so a whole-second display never lags the true second by more than 250 ms.
 */
const ticker = (() => {
  const listeners = new Set<() => void>();
  let now = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      if (!timer) {
        now = Date.now();
        timer = setInterval(() => {
          now = Date.now();
          for (const l of listeners) l();
        }, 250);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    snapshot: () => now,
  };
})();

/**
 * The live socket's clock offset (server minus this clock, from its pongs), registered by lib/live-socket.ts when
 * the socket starts: that module is not in the first download, so this one cannot import it (issue 9).
 */
let socketClockOffset: () => number = () => 0;
export function setSocketClock(offset: () => number) {
  socketClockOffset = offset;
}

/**
 * The clock a server render used (docs/decisions/057-server-rendering.md): the server renders countdowns at its
 * time and hydration renders that same time, so the HTML matches; the ticker's own time follows right after.
 */
let renderClock = Date.now();
export function setRenderClock(now: number) {
  renderClock = now;
}
const renderSnapshot = () => renderClock;

/** A payload's clock offset: its `serverNow` stamp minus this browser's clock when it arrived (0 if unreadable). */
export function payloadOffsetMs(serverNow: string, receivedAt: number): number {
  const offset = Date.parse(serverNow) - receivedAt;
  return Number.isFinite(offset) ? offset : 0;
}

/**
 * The server's time now, ticking (AUCTION-RULES.md: the server's clock rules, so a visitor whose clock is wrong
 * still sees a lot close when the server closes it). The live socket's offset, measured from its pings, wins;
 * until it has one, `fallbackOffsetMs` (see payloadOffsetMs) stands in.
 */
export function useServerTime(fallbackOffsetMs: number): number {
  return useServerTimeValue(fallbackOffsetMs, sameTime);
}
const sameTime = (now: number) => now;

/** The live socket's offset when it has one, else the payload's. */
function offsetNow(fallbackOffsetMs: number): number {
  const socketOffset = socketClockOffset();
  return socketOffset !== 0 ? socketOffset : fallbackOffsetMs;
}

/**
 * A value derived from the server's time that re-renders only when it changes: a lot's phase, whether it is open, a
 * countdown's words. useServerTime re-renders four times a second; a sale page of 40 lot cards (or a lot page's whole
 * panel) doing that took the main thread for 50-250 ms at every tick on a phone (Lighthouse TBT, issue 24 section 10).
 * `derive` returns a primitive, compared with Object.is.
 */
export function useServerTimeValue<T extends string | number | boolean | null>(
  fallbackOffsetMs: number,
  derive: (now: number) => T,
): T {
  // The hydration snapshot leaves the socket's offset out, as the server did (it has no socket): under load a part
  // of the page hydrates after the live socket (started by a part hydrated earlier) has measured its offset, and
  // its words then differed from the server's HTML by that offset (React #418 in a browser test, 2026-11-30).
  return useSyncExternalStore(
    ticker.subscribe,
    () => derive(ticker.snapshot() + offsetNow(fallbackOffsetMs)),
    () => derive(renderSnapshot() + fallbackOffsetMs),
  );
}

/** useServerTimeValue for a payload stamped with `serverNow` (see useServerNow). */
export function useServerNowValue<T extends string | number | boolean | null>(
  serverNow: string,
  receivedAt: number | undefined,
  derive: (now: number) => T,
): T {
  const offset = useMemo(() => payloadOffsetMs(serverNow, receivedAt ?? Date.now()), [serverNow, receivedAt]);
  return useServerTimeValue(offset, derive);
}

/**
 * useServerTime for a payload stamped with `serverNow`; `receivedAt` is this browser's clock when it arrived
 * (defaults to when this hook first saw that stamp).
 */
export function useServerNow(serverNow: string, receivedAt?: number): number {
  // Recomputed only when a new stamp arrives (a refetch or a live update).
  const offset = useMemo(() => payloadOffsetMs(serverNow, receivedAt ?? Date.now()), [serverNow, receivedAt]);
  return useServerTime(offset);
}
