import type { IdentityService } from '../modules/identity/service.ts';
import type { JobContext } from './job-context.ts';

/** The retention purge runs this often per process: a document deleted a few minutes after its legal period is fine. */
export const IDENTITY_PURGE_EVERY_MS = 10 * 60_000;

/**
 * Deletes identity documents older than the retention period in Settings (decision 093): the stored object goes, the
 * row stays with deleted_at. At most every `everyMs`; the first tick of a process purges, so a restart catches up.
 */
export function identityDocumentPurger(
  ctx: JobContext,
  identity: IdentityService,
  everyMs = IDENTITY_PURGE_EVERY_MS,
): () => Promise<number> {
  let last = -Infinity;
  return async () => {
    const now = performance.now();
    if (now - last < everyMs) return 0;
    last = now;
    try {
      const purged = await identity.purgeExpired(ctx.batchSize, ctx.maxBatches);
      if (purged > 0) ctx.log.info({ purged }, 'identity documents past their retention period deleted');
      return purged;
    } catch (err) {
      // Retried on the next turn; the throttle is reset so it is not an interval away.
      last = -Infinity;
      ctx.log.warn({ err }, 'identity document purge failed; trying again on the next run');
      return 0;
    }
  };
}
