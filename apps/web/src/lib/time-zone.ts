import { useSyncExternalStore } from 'react';

/**
 * The time zone a page's times are shown in (decision 077). The server renders in the zone the visitor's cookie
 * names (set below on every visit), else UTC; while the browser hydrates that page it formats in the same zone, so
 * the HTML matches (React #418 otherwise), and right after hydration it switches to the browser's own zone.
 * A page rendered in the browser uses the browser's zone from its first render.
 */
export const TIME_ZONE_COOKIE = 'kw_tz';

/** The zone of the server render this page came from (entry-server.tsx on the server, main.tsx before hydrating). */
let renderZone = 'UTC';
export function setRenderTimeZone(zone: string | undefined) {
  renderZone = zone || 'UTC';
}

let browserZone: string | undefined;
/**
 * The browser's zone, read once a visit: every call built a formatter (useTimeZone asks on each render), and the
 * first Intl call of a page loads ICU's data, 15-40 ms at desktop speed (issue 24 §10, decision 078's addendum).
 */
export const browserTimeZone = (): string =>
  (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/**
 * Tells the server the visitor's zone, so its next render of a page already shows their local times. With cookies
 * off nothing is stored: the server keeps rendering in UTC and the page switches after hydration.
 */
export function rememberTimeZone() {
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browserTimeZone())}; path=/; max-age=31536000; samesite=lax`;
}

const noSubscription = () => () => {};

/** The zone to format this render's times in: the server render's while hydrating, else the browser's. */
export function useTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserTimeZone, () => renderZone);
}

/** False on the server and while hydrating, true from the render after: for values only the browser knows. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
