import { adminMessages } from '@knotwork/shared/schemas/sales-staff';
import type {
  AdminBidderDetail,
  AdminBidderLimit,
  AdminBidderLimitBody,
} from '@knotwork/shared/schemas/bidders-staff';
import type { Db } from '../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, num } from '../../db/raw.ts';
import { notFound } from '../../lib/http-error.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { readBidderLimit, type BidderLimitRow } from '../lots/bidder-limit-repository.ts';
import { createBidderRepository, type BidderNoteRow } from './repository.ts';

const toNote = (n: BidderNoteRow) => ({
  id: n.id,
  body: n.body,
  staffName: n.staff_name,
  createdAt: isoFromMs(n.created_ms),
});

const toLimit = (l: BidderLimitRow): AdminBidderLimit => ({
  limitCents: l.limit_cents === null ? null : num(l.limit_cents),
  note: l.note,
  setAt: isoOrNullFromMs(l.set_ms),
  setBy: l.set_by,
  exposureCents: num(l.exposure),
});

/** One bidder for staff: who they are, what they bid on and won, what they owe, and the staff's notes. */
export function createBidderDetail(db: Db) {
  const repo = createBidderRepository(db);
  return {
    async detail(id: string): Promise<AdminBidderDetail> {
      const [user, bids, orders, notes, limit] = await Promise.all([
        repo.find(id),
        repo.bids(id),
        repo.orders(id),
        repo.notes(db, id),
        readBidderLimit(db, id),
      ]);
      if (!user) throw notFound(adminMessages.userNotFound);
      return {
        user: {
          id: user.id,
          name: `${user.first_name} ${user.last_name}`.trim(),
          email: user.email,
          role: user.role,
          biddingBlockedAt: isoOrNullFromMs(user.blocked_ms),
          biddingBlockedReason: user.bidding_blocked_reason,
          createdAt: isoFromMs(user.created_ms),
        },
        counts: {
          bids: num(user.bids),
          lotsBidOn: num(user.lots_bid_on),
          wins: num(user.wins),
          orders: num(user.orders),
        },
        bids: bids.map((b) => ({
          id: b.id,
          lotId: b.lot_id,
          auctionId: b.auction_id,
          lotNumber: b.lot_number,
          rugTitle: b.rug_title,
          maxAmount: num(b.max_amount),
          status: b.status,
          lotStatus: b.lot_status,
          leading: Boolean(b.leading),
          won: Boolean(b.won),
          createdAt: isoFromMs(b.created_ms),
        })),
        orders: orders.map((o) => ({
          id: o.id,
          rugTitle: o.rug_title,
          kind: o.kind,
          status: o.status,
          itemPrice: num(o.item_price),
          currency: o.currency,
          createdAt: isoFromMs(o.created_ms),
        })),
        notes: notes.map(toNote),
        limit: toLimit(limit),
      };
    },

    /** Sets or clears a bidder's bidding limit (decision 090), audited in the same transaction. */
    async setLimit(staffId: string, userId: string, body: AdminBidderLimitBody): Promise<AdminBidderLimit> {
      return db.transaction(async (tx) => {
        if (!(await repo.exists(tx, userId))) throw notFound(adminMessages.userNotFound);
        await repo.setLimit(tx, userId, staffId, body.limitCents, body.note);
        await recordStaffAction(tx, {
          staffId,
          action: 'set_bidding_limit',
          userId,
          details: { limitCents: body.limitCents, note: body.note },
        });
        return toLimit(await readBidderLimit(tx, userId));
      });
    },

    /** A staff note on the bidder, audited in the same transaction. */
    async addNote(staffId: string, userId: string, body: string) {
      return db.transaction(async (tx) => {
        if (!(await repo.exists(tx, userId))) throw notFound(adminMessages.userNotFound);
        const id = await repo.insertNote(tx, userId, staffId, body);
        await recordStaffAction(tx, { staffId, action: 'add_bidder_note', userId, details: { noteId: id } });
        return toNote((await repo.notes(tx, userId)).find((n) => n.id === id)!);
      });
    },
  };
}
