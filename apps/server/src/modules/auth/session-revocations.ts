import type { ServerEvent } from '@knotwork/shared/realtime/events';
import type { RedisLink } from '../../lib/redis-client.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * Keeps a process's session cache current: every `session.revoked` any process publishes (logout, password reset,
 * e-mail change, staff access removed; tokens.ts) drops those sessions here, and every `user.role_changed` (staff
 * gave the user another role, decision 079) drops all of that user's sessions. With Redis, the cache is trusted only while the link is up:
 * while it is down a revocation published elsewhere could be missed, so every request reads the database (a
 * correct 401 or 200 at the cost of one read, never an error: the session check does not need Redis); when it is
 * back, and when the bus resubscribes after an outage, the cache starts empty. A revocation published in the
 * moments between the connection coming back and the subscription being confirmed could be missed; the cache's
 * TTL (session-cache.ts) bounds that case to 30 s.
 */
export function keepSessionCacheCurrent(
  cache: SessionCache,
  bus: EventBus,
  /** Redis's link, or the PostgreSQL bus's (decision 099): the cache is trusted only while it is up. */
  link: Pick<RedisLink, 'up' | 'onChange'> | undefined,
): () => void {
  const stops: (() => void)[] = [
    bus.onEvent((event) => {
      if (isRevocation(event)) cache.revoke(event.data.sessionIds);
      else if (isRoleChange(event)) cache.forgetUser(event.data.userId);
    }),
  ];
  if (link) {
    cache.setTrusted(link.up);
    stops.push(link.onChange((up) => cache.setTrusted(up)));
    stops.push(
      bus.onResync((channels) => {
        if (channels === null) cache.setTrusted(link.up);
      }),
    );
  }
  return () => stops.forEach((stop) => stop());
}

// ServerEvent is not a union over its names, so the name alone does not narrow the data.
const isRevocation = (event: ServerEvent): event is ServerEvent<'session.revoked'> =>
  event.event === 'session.revoked';
const isRoleChange = (event: ServerEvent): event is ServerEvent<'user.role_changed'> =>
  event.event === 'user.role_changed';
