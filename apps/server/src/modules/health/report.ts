import type { AppContext } from '../../app-context.ts';
import { databaseState, type DatabaseState } from './database-state.ts';
import { withDeadline } from './deadline.ts';
import { createMediaProbe } from './media-state.ts';
import { redisState } from './redis-state.ts';

export interface HealthReport {
  db: DatabaseState;
  redis: 'up' | 'down' | 'off';
  media: 'up' | 'down';
  /** Every reason the process is degraded or down, database first. */
  reasons: string[];
}

/**
 * What both health routes report, each part within HEALTH_TIMEOUT_MS (decision 080): the database on the probe's
 * own connection, Redis by PING, the media store by a cached check, and whether this process sheds load.
 */
export function createHealthReport(deps: {
  ctx: Pick<AppContext, 'database' | 'storage' | 'redis' | 'redisLink'> & {
    bus?: Pick<AppContext['bus'], 'link'>;
  };
  deadlineMs: number;
  /** Why this process sheds load now, or null (plugins/pressure.ts). */
  pressure: () => string | null | undefined;
}) {
  const { ctx, deadlineMs } = deps;
  const mediaState = createMediaProbe(ctx.storage, { deadlineMs });
  return async function report(checkMigrations: boolean): Promise<HealthReport> {
    const [db, redis, media] = await Promise.all([
      databaseState(ctx.database, deadlineMs, checkMigrations),
      withDeadline(redisState(ctx), deadlineMs).then((o) => (o.kind === 'ok' ? o.value : ('down' as const))),
      mediaState(),
    ]);
    const reasons = [...db.reasons];
    if (db.migrations === 'pending') reasons.push(`migrations not applied yet: ${db.pending.join(', ')}`);
    if (redis === 'down') reasons.push('Redis does not answer: rate limits and live events are per process');
    // Several processes without Redis (decision 099): this process's LISTEN session on PostgreSQL.
    if (ctx.bus?.link && !ctx.bus.link.up)
      reasons.push('the live bus does not hear PostgreSQL (LISTEN): live events are per process');
    if (media.reason) reasons.push(media.reason);
    const pressure = deps.pressure();
    if (pressure) reasons.push(pressure);
    return { db, redis, media: media.media, reasons };
  };
}
