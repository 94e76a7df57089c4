import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../realtime/bus.ts';
import type { DeliverNotifications } from '../modules/notifications/notifier.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { MediaStorage } from '../media/storage/index.ts';

/** What every job needs; built once per app by the scheduler. */
export interface JobContext {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Site currency (config CURRENCY), for orders and the amounts in notices. */
  currency: string;
  /** Rows one transaction takes at most; a backlog drains over several batches in the same run. */
  batchSize: number;
  /** At most this many batches per job per run, so one job cannot starve the others. */
  maxBatches: number;
  /** After-commit announcement of notifications (live event + web push). */
  deliver: DeliverNotifications;
  /** Order mails (lot won with the pay link, overdue notices to staff), sent after the marking transaction commits. */
  mailer: Mailer;
  publicUrl: string;
  staffEmail: string;
  /** The media store, for the unused-media sweep. */
  storage: MediaStorage;
}

/** Repeats `batch` while it reports a full batch (more may be due), up to `maxBatches`; returns the total. */
export async function drain(ctx: JobContext, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < ctx.maxBatches; i += 1) {
    const n = await batch();
    total += n;
    if (n < ctx.batchSize) break;
  }
  return total;
}
