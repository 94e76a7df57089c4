import type { AppContext } from './app-context.ts';

/**
 * What a routes file takes from the app context: only the HTTP edge's own parts (the configuration's public URLs and
 * switches, the rate limits a request spends before any service, the bus, the stored settings, the session tokens),
 * named in its plugin options and passed by the file that registers it (src/routes.ts, src/staff-routes.ts). Domain
 * work goes through `app.services`, built in src/services.ts; no routes file reads `app.ctx` (services-once test).
 */
export type RouteDeps<K extends 'config' | 'rateLimits' | 'bus' | 'settings' | 'tokens'> = Pick<
  AppContext,
  K
>;

/** The parts `keys` names, as a routes plugin's options. */
export function routeDeps<K extends 'config' | 'rateLimits' | 'bus' | 'settings' | 'tokens'>(
  ctx: AppContext,
  ...keys: K[]
): RouteDeps<K> {
  return Object.fromEntries(keys.map((key) => [key, ctx[key]])) as RouteDeps<K>;
}
