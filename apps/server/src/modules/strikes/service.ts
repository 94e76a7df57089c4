import type { FastifyBaseLogger } from 'fastify';
import { isLanguage } from '@knotwork/shared/constants/languages';
import { adminMessages } from '@knotwork/shared/schemas/sales-staff';
import {
  strikeMessages as m,
  UNPAID_BLOCK_REASON,
  type AdminStrikes,
  type BiddingStanding,
  type StrikeSettings,
} from '@knotwork/shared/schemas/strikes';
import type { Db } from '../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, num, numOrNull } from '../../db/raw.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { notify, type DeliverNotifications, type PendingNotification } from '../notifications/notifier.ts';
import {
  activeCount,
  blockOf,
  clearByStaff,
  clearPaidStrikes,
  findDueBlocks,
  findStrike,
  recordBlock,
  strikesOf,
  unpaidOrders,
  writeDueStrikes,
  type StrikeRow,
  type UnpaidOrderRow,
} from './repository.ts';
import { blockedMail, blockedNotice, payHref, type OwedOrder } from './strike-words.ts';

export interface StrikeServiceDeps {
  db: Db;
  mailer: Mailer;
  deliver: DeliverNotifications;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** The house setting, read on every run (cached by the settings service). */
  settings: () => Promise<StrikeSettings>;
  /** Rows per statement and statements per step in one run (the scheduler's batch size and batches). */
  batchSize?: number;
  maxBatches?: number;
}

const toOwed = (o: UnpaidOrderRow): OwedOrder => ({
  id: o.id,
  rugTitle: o.rug_title,
  lotNumber: numOrNull(o.lot_number),
  amountCents: num(o.item_price),
  currency: o.currency,
  dueAt: new Date(num(o.due_ms)),
});

const toStrike = (s: StrikeRow) => ({
  id: s.id,
  orderId: s.order_id,
  rugTitle: s.rug_title,
  lotNumber: numOrNull(s.lot_number),
  amountCents: num(s.amount_cents),
  currency: s.currency,
  dueAt: isoFromMs(s.due_ms),
  createdAt: isoFromMs(s.created_ms),
  orderStatus: s.order_status,
  cleared:
    s.cause === null
      ? null
      : { cause: s.cause, reason: s.reason, byName: s.by_name, at: isoOrNullFromMs(s.cleared_ms) ?? '' },
});

/**
 * Non-payers (issue 28 §4, decision 092). The job writes a strike per order unpaid past its due date, clears the
 * strike of an order since paid, and blocks a bidder whose active strikes reach the house's threshold (reason
 * 'unpaid', audited with no staff member, told in the bell and by e-mail with what to do). A payment never lifts a
 * block by itself: staff do, on the bidder's page.
 */
export function createStrikeService(deps: StrikeServiceDeps) {
  const { db } = deps;
  const batchSize = deps.batchSize ?? 25;
  const maxBatches = deps.maxBatches ?? 10;

  /** Repeats a step while it fills its batch, up to maxBatches. */
  async function drain(step: () => Promise<number>): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxBatches; i += 1) {
      const n = await step();
      total += n;
      if (n < batchSize) break;
    }
    return total;
  }

  async function blockDue(blockAfter: number): Promise<number> {
    const due = await findDueBlocks(db, blockAfter, batchSize);
    let blocked = 0;
    for (const d of due) {
      const done = await db.transaction(async (tx) => {
        const activeStrikes = num(d.active_strikes);
        const block = await recordBlock(tx, {
          userId: d.user_id,
          strikeId: d.strike_id,
          activeStrikes,
          blockAfter,
        });
        // Another process blocked for this strike first, or the bidder was blocked already (their block stays).
        if (!block?.applied) return null;
        await recordStaffAction(tx, {
          staffId: null,
          action: 'block_bidder',
          userId: d.user_id,
          reason: UNPAID_BLOCK_REASON,
          details: { source: 'strikes', strikeId: d.strike_id, activeStrikes, blockAfter },
        });
        const owed = (await unpaidOrders(tx, d.user_id)).map(toOwed);
        const pending = await notify(tx, d.user_id, blockedNotice(activeStrikes, owed));
        const language = isLanguage(block.language) ? block.language : 'en';
        const mail: MailMessage = {
          to: block.email,
          ...blockedMail({
            firstName: block.firstName,
            count: activeStrikes,
            orders: owed,
            payUrl: new URL(payHref(owed), deps.publicUrl).toString(),
            language,
          }),
        };
        return { pending, mail };
      });
      if (!done) continue;
      blocked += 1;
      await announce([done.pending], done.mail);
    }
    return blocked;
  }

  /** After commit: the bell and push, then the mail (a crash in between loses the mail, never doubles it). */
  async function announce(pending: PendingNotification[], mail: MailMessage) {
    await deps.deliver(pending);
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log.error({ err, to: mail.to, subject: mail.subject }, 'strikes: the block mail was not sent');
    }
  }

  return {
    /** One run of the job: safe in any number of processes at once. */
    async runDue(): Promise<{ written: number; cleared: number; blocked: number }> {
      const written = await drain(() => writeDueStrikes(db, batchSize));
      const cleared = await drain(() => clearPaidStrikes(db, batchSize));
      const { blockAfter } = await deps.settings();
      const blocked = blockAfter > 0 ? await drain(() => blockDue(blockAfter)) : 0;
      return { written, cleared, blocked };
    },

    /** The bidder's strikes for staff, newest first, with the active count and the threshold. */
    async forStaff(userId: string): Promise<AdminStrikes> {
      if (!(await blockOf(db, userId))) throw notFound(adminMessages.userNotFound);
      const [strikes, active, settings] = await Promise.all([
        strikesOf(db, userId),
        activeCount(db, userId),
        deps.settings(),
      ]);
      return { activeCount: active, blockAfter: settings.blockAfter, strikes: strikes.map(toStrike) };
    },

    /** Clears a strike for staff with their reason, audited; 404 unknown, 409 already cleared. */
    async clear(staffId: string, strikeId: string, reason: string): Promise<AdminStrikes> {
      const userId = await db.transaction(async (tx) => {
        const strike = await findStrike(tx, strikeId);
        if (!strike) throw notFound(m.strikeNotFound);
        if (!(await clearByStaff(tx, strikeId, staffId, reason))) throw conflict(m.strikeAlreadyCleared);
        await recordStaffAction(tx, {
          staffId,
          action: 'clear_strike',
          userId: strike.user_id,
          orderId: strike.order_id,
          reason,
          details: { strikeId },
        });
        return strike.user_id;
      });
      return this.forStaff(userId);
    },

    /** The caller's standing: blocked or not and why, their strikes, and the orders to pay. */
    async standing(userId: string): Promise<BiddingStanding> {
      const [user, owed, active, settings] = await Promise.all([
        blockOf(db, userId),
        unpaidOrders(db, userId),
        activeCount(db, userId),
        deps.settings(),
      ]);
      const blocked = Boolean(user?.blocked);
      return {
        blocked,
        reason: !blocked ? null : user?.reason === UNPAID_BLOCK_REASON ? 'unpaid' : 'other',
        activeStrikes: active,
        blockAfter: settings.blockAfter,
        unpaidOrders: owed.map((o) => ({
          orderId: o.id,
          rugTitle: o.rug_title,
          lotNumber: numOrNull(o.lot_number),
          amountCents: num(o.item_price),
          currency: o.currency,
          dueAt: isoFromMs(o.due_ms),
          overdue: Boolean(o.overdue),
        })),
      };
    },
  };
}
export type StrikeService = ReturnType<typeof createStrikeService>;
