import type { FastifyInstance } from 'fastify';
import { syncAuctionStatuses } from './due-lots-repository.ts';
import { sendEndingSoonReminders } from './ending-soon.ts';
import type { JobContext } from './job-context.ts';
import { createJobLease } from './job-lease.ts';
import { sweepLots } from './lot-sweeps.ts';
import { listingPriceSync } from './listing-prices.ts';
import { mediaSweeper } from './media-sweep.ts';
import { identityDocumentPurger } from './identity-documents.ts';
import { expireFixedPriceHolds, sendPaymentReminders } from './orders-jobs.ts';
import { expireSecondChanceOffers, noticeOverdueOrders, sendOrderMails } from './payment-jobs.ts';
import { runSavedSearchMatching, sendSavedSearchMails } from '../modules/saved-searches/jobs.ts';
import { depositHoldSweep } from './deposit-holds.ts';
import { runStrikes } from './strikes.ts';
import { autopaySweep } from './autopay.ts';
import { vacuumSweeper } from './vacuum-sweep.ts';
import type { ChargeResult } from '../modules/commerce/autopay/service.ts';

export interface JobOptions {
  /** Pause between the end of one run and the start of the next (default 1000 ms). */
  intervalMs?: number;
  /** Rows per transaction (default 25: the batch's lot locks are held until it commits, so keep it short). */
  batchSize?: number;
  /** Batches per job per run (default 10). */
  maxBatches?: number;
}

/** How many rows each job handled in one run. */
export interface JobRunReport {
  opened: number;
  closed: number;
  reminded: number;
  holdsExpired: number;
  paymentReminders: number;
  /** Lot-won / purchase mails with the pay link. */
  orderMails: number;
  /** Unpaid orders past due that staff were told about. */
  overdueNotices: number;
  secondChanceExpired: number;
  /** New (saved search, rug) alerts, and the alert mails sent. */
  savedSearchAlerts: number;
  savedSearchMails: number;
  /** Images nothing referred to any more, removed with their files (at most every few minutes). */
  mediaRemoved: number;
  /** Rugs whose listing price was brought up to their lot's live price (at most every few seconds). */
  listingPrices: number;
  /** Post-sale advices written (and mailed) to consignors of sales that closed (issue 27 §2). */
  consignorAdvices: number;
  /** Card holds released because their sale is over (issue 28 §2, at most every 30 s). */
  depositHoldsReleased: number;
  /** Identity documents deleted at the end of their retention period (at most every few minutes). */
  identityDocumentsPurged: number;
  /** Non-payers (issue 28 §4): strikes written for orders unpaid past due, cleared by payment, bidders blocked. */
  strikes: { written: number; cleared: number; blocked: number };
  /** Autopay attempts that ended, by outcome (issue 29 §4, at most every 5 s): charged, sent a link, or later. */
  autopay: Partial<Record<ChargeResult, number>>;
  /** Tables vacuumed where PostgreSQL's autovacuum does not run (decision 102; PGlite: 1, the whole database). */
  vacuumed: number;
}

export interface Scheduler {
  /** Starts the periodic runs (server.ts does; tests call `runDueJobsOnce` instead). Idempotent. */
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** One run of every job now; safe to call concurrently from several processes (or app instances). */
  runDueJobsOnce(): Promise<JobRunReport>;
  /**
   * One scheduled tick: the run, if this process holds the jobs' lease (jobs/job-lease.ts, decision 099), else
   * null (another process runs them). What `start()` does every interval.
   */
  tick(): Promise<JobRunReport | null>;
  readonly running: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled jobs of this process (opening and closing lots, reminders, expiring holds). */
    jobs: Scheduler;
  }
}

/**
 * The auction's clockwork, in every server process, run by one of them at a time: the process holding the jobs'
 * lease (a PostgreSQL advisory lock, jobs/job-lease.ts; decision 099) runs each tick, the others stand by and take
 * over within a tick when it goes. Each run opens and closes due lots, sends the 15-minute
 * reminders and payment reminders, and expires fixed-price holds. The lease saves the other processes the work;
 * exactly-once still comes from the jobs themselves (row locks with skip locked, marks written in the same
 * transaction), so two runners at once (a takeover, `runDueJobsOnce` at start) stay correct and a crashed one
 * leaves nothing half done.
 *
 * Runs never overlap within a process: the next is scheduled when the previous finishes.
 */
export function createScheduler(app: FastifyInstance, options: JobOptions = {}): Scheduler {
  const intervalMs = options.intervalMs ?? 1000;
  const ctx: JobContext = {
    db: app.ctx.db,
    bus: app.ctx.bus,
    log: app.log.child({ module: 'jobs' }),
    currency: app.ctx.config.CURRENCY,
    batchSize: options.batchSize ?? 25,
    maxBatches: options.maxBatches ?? 10,
    deliver: app.services.deliver,
    mailer: app.ctx.mailer,
    publicUrl: app.ctx.config.PUBLIC_URL,
    staffEmail: app.ctx.config.STAFF_EMAIL,
    storage: app.ctx.storage,
  };
  const sweepMedia = mediaSweeper(ctx);
  const purgeIdentityDocuments = identityDocumentPurger(ctx, app.services.identity);
  const syncPrices = listingPriceSync(ctx);
  const sweepDepositHolds = depositHoldSweep(app.services.deposits);
  const chargeAutopay = autopaySweep(app.services.autopay, ctx);
  const sweepDeadRows = vacuumSweeper(app.ctx.database, ctx.log);
  const lease = createJobLease(app.ctx.database, ctx.log);
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let current: Promise<unknown> = Promise.resolve();
  let printing: Promise<unknown> = Promise.resolve();

  async function runDueJobsOnce(): Promise<JobRunReport> {
    // Closing first: a lot whose end passed before it ever opened closes unsold instead of opening.
    const closed = await sweepLots(ctx, 'close');
    const opened = await sweepLots(ctx, 'open');
    const reminded = await sendEndingSoonReminders(ctx);
    const holdsExpired = await expireFixedPriceHolds(ctx);
    const paymentReminders = await sendPaymentReminders(ctx);
    const orderMails = await sendOrderMails(ctx);
    const overdueNotices = await noticeOverdueOrders(ctx);
    const secondChanceExpired = await expireSecondChanceOffers(ctx);
    // After the overdue notices: an order past due is a strike (jobs/strikes.ts).
    const strikes = await runStrikes(app);
    // After the order mails: a buyer hears of the win before the card is charged (with the delay "at once", in the
    // same run).
    const autopay = await chargeAutopay();
    await syncAuctionStatuses(ctx.db);
    // After the sales' statuses: a sale closed just now is advised to its consignors in the same run.
    const consignorAdvices = await app.services.consignorAdvices.sendDue();
    // After the sales' statuses too: a sale closed just now has its card holds released in this run.
    const depositHoldsReleased = await sweepDepositHolds();
    const savedSearchAlerts = await runSavedSearchMatching(ctx);
    const savedSearchMails = await sendSavedSearchMails(ctx);
    const mediaRemoved = await sweepMedia();
    const identityDocumentsPurged = await purgeIdentityDocuments();
    const listingPrices = await syncPrices();
    // Last: the dead rows this run's own writes left are cleared with the rest.
    const vacuumed = await sweepDeadRows();
    // Printed catalogues are made beside the run, not in it: a 300-lot catalogue takes seconds, and the lots' clock
    // must not wait for it (decision 094). One render at a time per process; rows are claimed across processes.
    printing = app.services.printedCatalogues
      .renderDue()
      .catch((err: unknown) => ctx.log.error({ err }, 'printed catalogues failed; retrying on the next run'));
    return {
      opened,
      closed,
      reminded,
      holdsExpired,
      paymentReminders,
      orderMails,
      overdueNotices,
      secondChanceExpired,
      savedSearchAlerts,
      savedSearchMails,
      mediaRemoved,
      listingPrices,
      consignorAdvices,
      depositHoldsReleased,
      identityDocumentsPurged,
      strikes,
      autopay,
      vacuumed,
    };
  }

  async function tick(): Promise<JobRunReport | null> {
    return (await lease.hold()) ? runDueJobsOnce() : null;
  }

  function schedule() {
    if (!started) return;
    timer = setTimeout(() => {
      current = tick()
        .catch((err: unknown) => ctx.log.error({ err }, 'scheduled jobs failed; retrying on the next run'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule();
      // The outbid notices' fallback poll (decision 098), in every process whoever holds the lease: beside the
      // run, which may take seconds, not in it.
      app.services.outbidNotices.start();
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      app.services.outbidNotices.stopPolling();
      await current;
      await printing;
      await lease.release();
    },
    runDueJobsOnce,
    tick,
    get running() {
      return started;
    },
  };
}

/** Decorates `app.jobs` (not started) and stops it when the app closes; after the services, which it uses. */
export function registerJobs(app: FastifyInstance, options: JobOptions = {}): void {
  const scheduler = createScheduler(app, options);
  app.decorate('jobs', scheduler);
  app.addHook('onClose', () => scheduler.stop());
}
