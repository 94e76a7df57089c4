import { announceLotChange, applyLotAction, type CommittedLotChange } from '../modules/lots/lot-actions.ts';
import type { Db } from '../db/client.ts';
import { notifyLotChange } from '../modules/notifications/lot-notifications.ts';
import type { PendingNotification } from '../modules/notifications/notifier.ts';
import { lockLotsDueToClose, lockLotsDueToOpen } from './due-lots-repository.ts';
import { drain, type JobContext } from './job-context.ts';
import { recordClosingLag } from '../plugins/metrics-registry.ts';

type Due = 'open' | 'close';

/**
 * Open, or close, every lot that is due, exactly once across all server processes: one transaction per batch
 * locks the due rows (skip locked), applies the engine through the bidding core's `applyLotAction` (the same
 * code path as a bid: lock, apply with the database clock, write state, events and the winner's order), writes
 * the notifications the change causes, and commits; only then are the live events and notifications announced.
 * Each lot gets its own savepoint, so one failing lot is logged and retried next run without undoing the others.
 */
export function sweepLots(ctx: JobContext, due: Due): Promise<number> {
  return drain(ctx, async () => {
    const { found, changes, pending } = await ctx.db.transaction(async (tx) => {
      const ids =
        due === 'open'
          ? await lockLotsDueToOpen(tx, ctx.batchSize)
          : await lockLotsDueToClose(tx, ctx.batchSize);
      const changes: CommittedLotChange[] = [];
      const pending: PendingNotification[] = [];
      for (const lotId of ids) {
        try {
          const done = await tx.transaction(async (sp) => applyOne(ctx, sp, lotId, due));
          if (done) {
            changes.push(done.change);
            pending.push(...done.pending);
          }
        } catch (err) {
          ctx.log.error({ err, lotId, due }, 'lot job failed for one lot; it is retried on the next run');
        }
      }
      return { found: ids.length, changes, pending };
    });
    for (const change of changes) {
      if (due === 'close') recordClosingLag(change.nowMs - change.state.endsAt);
      await announceLotChange(ctx, change);
    }
    await ctx.deliver(pending);
    return found;
  });
}

async function applyOne(
  ctx: JobContext,
  tx: Db,
  lotId: string,
  due: Due,
): Promise<{ change: CommittedLotChange; pending: PendingNotification[] } | null> {
  const result = await applyLotAction(tx, lotId, { type: due }, ctx);
  if (!result.ok) {
    // E.g. a bid extended the end between the scan and the lock: nothing to do yet.
    ctx.log.debug({ lotId, due, refusal: result.refusal.code }, 'lot job: engine refused');
    return null;
  }
  const change = result.committed;
  const pending = await notifyLotChange(tx, change, { currency: ctx.currency });
  return { change, pending };
}
