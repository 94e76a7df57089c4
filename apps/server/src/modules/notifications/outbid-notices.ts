import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/raw.ts';
import { cachedLotSubjects } from './lot-notifications.ts';
import { notificationMessages } from './messages.ts';
import { batchItemOf, pendingOfRow, type DeliverNotifications } from './notifier.ts';
import type { PendingNotification } from './notification-types.ts';
import {
  claimOutbox,
  markOutboxDone,
  pruneOutbox,
  releaseOutbox,
  writtenBefore,
  type OutboxRow,
} from './outbid-outbox-repository.ts';
import { insertNotificationBatch, type NotificationBatchItem } from './repository.ts';

export interface OutbidNoticeOptions {
  /** Rows per claim (one notification insert for all of them). */
  batchSize?: number;
  /**
   * The fallback poll, for rows this process was not told about: another process's bids (when it does not run its
   * own worker) or rows a killed process left. The bid's own process hands its rows over at once (`take`).
   */
  pollMs?: number;
  /** How long a claim lasts: longer than a batch's slowest delivery (Web Push waits up to 10 s). */
  leaseMs?: number;
  /** Batches being announced at once; past it, claiming waits (a slow push service must not pile up claims). */
  maxInFlight?: number;
  /**
   * The least time between two batches of rows from this process's bids (an idle worker waits this long for more
   * before it starts): on a hot lot a bid batch commits every few ms, and each notice batch costs the same six
   * statements whatever its size, so a short wait turns several into one, and a reader outbid three times in it
   * gets one notice. A full batch does not wait. Well inside the 1 s a notice may take.
   */
  lingerMs?: number;
}

const DEFAULTS = { batchSize: 200, pollMs: 500, leaseMs: 60_000, maxInFlight: 8, lingerMs: 100 };
/** A claim whose write failed is tried again this much later. */
const RETRY_MS = 2_000;
/** Done rows are kept a day (the bench and an operator count them), swept at most every 10 minutes. */
const KEEP_DONE_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** A drain (shutdown, tests) takes at most this many claims, so a stream of other processes' bids cannot hold it. */
const DRAIN_MAX_CLAIMS = 50;

/**
 * Of a claim's rows, the latest per reader and lot (the highest price; a lot's price only rises): a bidder outbid
 * six times on one lot while the worker was busy gets one notice with the price as it now stands, not six in a row
 * in the bell, on the phone and by e-mail (decision 101). The rows left out are done with it: their news is in it.
 * In the order of the claim (oldest first) by each pair's first row.
 */
export function latestPerReaderAndLot(claimed: readonly OutboxRow[]): OutboxRow[] {
  const latest = new Map<string, OutboxRow>();
  for (const row of claimed) {
    const key = `${row.user_id}:${row.lot_id}`;
    const seen = latest.get(key);
    if (!seen || num(row.amount) >= num(seen.amount)) latest.set(key, row);
  }
  return [...latest.values()];
}

/**
 * The outbid notices' worker (issue 30 §2, decision 098), in every server process. The bid's statement wrote an
 * outbox row per bidder who lost the lead; this turns a claimed batch of rows into notification rows (one insert,
 * each notification's id the row's own, `on conflict do nothing`), announces them (unread count and
 * `notification.created` on the user's channel, Web Push, e-mail) and marks the rows done only then. Killed at any
 * point, the rows' claim runs out and another worker does it again: a notification already written is announced
 * again, never written twice (at least once, without duplicates in the bell).
 */
export function createOutbidNotices(deps: {
  db: Db;
  currency: string;
  deliver: DeliverNotifications;
  log: FastifyBaseLogger;
  /** false: this process writes outbox rows but leaves them to other processes (config OUTBID_NOTICE_WORKER). */
  enabled: boolean;
  options?: OutbidNoticeOptions;
}) {
  const { db, currency, deliver, log, enabled } = deps;
  const opts = { ...DEFAULTS, ...deps.options };
  const announcing = new Set<Promise<void>>();
  let pumping: Promise<void> | null = null;
  /** Rows this process's own bids wrote, claimed by their statement, waiting for the next batch (`take`). */
  const own: OutboxRow[] = [];
  /** The wait before the worker starts on rows from `take` (options.lingerMs). */
  let lingering: NodeJS.Timeout | undefined;
  /** When the worker last took rows from `take`: the next such batch waits until lingerMs after it. */
  let ownBatchAt = 0;
  /** A drain sends what is waiting at once. */
  let flushing = false;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let prunedAt = 0;
  let delivered = 0;

  /** The outbox rows as the notifications to write, each with its row's id; a lot that is gone tells nothing. */
  async function batchItems(latest: readonly OutboxRow[]): Promise<NotificationBatchItem[]> {
    const subjects = await cachedLotSubjects(
      db,
      latest.map((row) => row.lot_id),
    );
    const items: NotificationBatchItem[] = [];
    for (const row of latest) {
      const subject = subjects.get(row.lot_id);
      if (!subject) continue;
      const input = notificationMessages.outbid(subject, num(row.amount), currency);
      items.push(batchItemOf(items.length, row.id, row.user_id, input));
    }
    return items;
  }

  /** Writes the batch's notifications; returns what to announce: the new ones and those a killed claim wrote. */
  async function write(claimed: readonly OutboxRow[]): Promise<PendingNotification[]> {
    const items = await batchItems(latestPerReaderAndLot(claimed));
    const written = items.length ? await insertNotificationBatch(db, items) : [];
    const fresh = new Set(written.map((w) => w.id));
    const replayed = await writtenBefore(
      db,
      items.filter((i) => !fresh.has(i.id)).map((i) => i.id),
    );
    return [...written, ...replayed].map((row) =>
      pendingOfRow(row, 'unread' in row ? Number(row.unread) : undefined),
    );
  }

  /** Announces a written batch, then marks its rows done; a failure leaves them to the lease's end. */
  async function announce(ids: string[], pending: PendingNotification[]): Promise<void> {
    try {
      await deliver(pending);
      await markOutboxDone(db, ids);
      delivered += pending.length;
    } catch (err) {
      log.error({ err, rows: ids.length }, 'outbid notices not marked done; another claim sends them again');
    }
  }

  /** Writes and announces rows this worker holds (claimed from the table or written by its own bids). */
  async function handle(claimed: readonly OutboxRow[]): Promise<void> {
    const ids = claimed.map((r) => r.id);
    let pending: PendingNotification[];
    try {
      pending = await write(claimed);
    } catch (err) {
      log.error({ err, rows: ids.length }, 'outbid notices not written; trying again shortly');
      await releaseOutbox(db, ids, RETRY_MS).catch(() => undefined);
      return;
    }
    // Announced beside the next batch: a batch's push round trips must not hold the next batch's socket messages.
    const running: Promise<void> = announce(ids, pending).finally(() => announcing.delete(running));
    announcing.add(running);
  }

  /**
   * One batch: the rows this process's own bids wrote (already claimed by the bid's statement, handed over by
   * `take`), else a claim from the table. Returns how many rows it took (0: nothing to do).
   */
  async function claimOnce(): Promise<number> {
    while (announcing.size >= opts.maxInFlight) await Promise.race(announcing);
    if (own.length) ownBatchAt = Date.now();
    const claimed = own.length
      ? own.splice(0, opts.batchSize)
      : await claimOutbox(db, opts.batchSize, opts.leaseMs);
    if (claimed.length === 0) return 0;
    await handle(claimed);
    return claimed.length;
  }

  /** Whether rows from `take` go now: a full batch, a drain, or lingerMs since the last such batch. */
  const ownDue = () =>
    own.length > 0 && (own.length >= opts.batchSize || flushing || Date.now() - ownBatchAt >= opts.lingerMs);

  /** Starts the worker once lingerMs has passed since its last batch of rows from `take` (at least `minMs`). */
  function linger(minMs: number): void {
    if (lingering || stopped) return;
    const wait = Math.max(minMs, ownBatchAt + opts.lingerMs - Date.now());
    lingering = setTimeout(() => {
      lingering = undefined;
      run();
    }, wait);
  }

  async function pump(): Promise<void> {
    while ((again || ownDue()) && !stopped) {
      again = false;
      try {
        // A full batch: more may be waiting.
        if ((await claimOnce()) === opts.batchSize) again = true;
      } catch (err) {
        log.error({ err }, 'claiming outbid notices failed; the poll tries again');
      }
    }
    // Rows that came in while the last batch ran wait for the rest of lingerMs, with those that follow them.
    if (own.length > 0) linger(0);
    if (Date.now() - prunedAt > PRUNE_EVERY_MS && !stopped) {
      prunedAt = Date.now();
      await pruneOutbox(db, KEEP_DONE_MS).catch((err: unknown) =>
        log.warn({ err }, 'sweeping done outbid notices failed'),
      );
    }
  }

  function run(): void {
    pumping ??= pump().finally(() => (pumping = null));
  }

  function nudge(): void {
    if (!enabled || stopped) return;
    again = true;
    run();
  }

  return {
    /**
     * How long a bid's statement claims the outbox rows it writes for this process's worker (decision 101: the
     * worker then gets them from `take`, with no claim query), or null: this process sends none, the rows are left
     * unclaimed for the others' polls.
     */
    ownClaimMs: enabled ? opts.leaseMs : null,

    /**
     * Rows this process's committed bids wrote already claimed (`ownClaimMs`): sent now, from memory. If the
     * process dies first, their claim runs out and another process's poll sends them.
     */
    take(rows: readonly OutboxRow[]): void {
      if (!enabled || stopped || rows.length === 0) return;
      own.push(...rows);
      // A busy worker takes them in its next batch, lingerMs after its last; an idle one waits lingerMs for more.
      if (pumping) return;
      if (own.length < opts.batchSize) return linger(opts.lingerMs);
      if (lingering) clearTimeout(lingering);
      lingering = undefined;
      run();
    },

    /** Rows were written unclaimed (by this process or another): claim and send them now (no wait for the poll). */
    nudge,

    /** Starts the fallback poll (server.ts through the scheduler; tests call `drain` instead). Idempotent. */
    start(): void {
      if (!enabled || timer || stopped) return;
      timer = setInterval(nudge, opts.pollMs);
      timer.unref();
    },

    /**
     * Sends what is waiting now and what this process is announcing, then resolves (shutdown, tests). Bounded: a
     * stream of other processes' bids cannot hold it.
     */
    async drain(): Promise<void> {
      if (!enabled) return;
      flushing = true;
      try {
        if (lingering) clearTimeout(lingering);
        lingering = undefined;
        while ((pumping || own.length > 0) && !stopped) {
          if (!pumping) run();
          await pumping;
        }
      } finally {
        flushing = false;
      }
      for (let i = 0; i < DRAIN_MAX_CLAIMS && !stopped; i++) if ((await claimOnce()) === 0) break;
      while (announcing.size > 0) await Promise.allSettled([...announcing]);
    },

    /** Stops the poll only (the scheduler stopped); nudges from this process's bids still send at once. */
    stopPolling(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },

    /** The app closes: no more polls nor nudges, once the batches under way are announced and marked. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopped = true;
      if (lingering) clearTimeout(lingering);
      lingering = undefined;
      await pumping;
      while (announcing.size > 0) await Promise.allSettled([...announcing]);
      // Rows taken from this process's bids and not sent: given back at once, for the other processes' polls.
      const left = own.splice(0).map((r) => r.id);
      if (left.length) await releaseOutbox(db, left, 0).catch(() => undefined);
    },

    /** Notices announced by this process since start. */
    delivered: () => delivered,
  };
}
export type OutbidNotices = ReturnType<typeof createOutbidNotices>;
