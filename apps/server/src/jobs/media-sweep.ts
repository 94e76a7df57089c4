import { sweepUnusedMedia } from '../modules/media/index.ts';
import type { JobContext } from './job-context.ts';

/** The unused-media sweep runs this often per process (it reads the catalogue and scans for unused images). */
export const MEDIA_SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Removes images nothing refers to any more, and their files (modules/media/unused.ts), at most every `everyMs`:
 * the scheduler ticks every second, and a photo removed a few minutes late costs nothing. The first tick of a
 * process sweeps, so a restart catches up. A store that fails is logged and tried again on the next turn.
 */
export function mediaSweeper(ctx: JobContext, everyMs = MEDIA_SWEEP_EVERY_MS): () => Promise<number> {
  let last = -Infinity;
  return async () => {
    const now = performance.now();
    if (now - last < everyMs) return 0;
    last = now;
    try {
      const report = await sweepUnusedMedia({ db: ctx.db, storage: ctx.storage, log: ctx.log });
      if (report.images > 0) ctx.log.info(report, 'unused media removed');
      return report.images;
    } catch (err) {
      ctx.log.warn({ err }, 'unused-media sweep failed; trying again on the next turn');
      return 0;
    }
  };
}
