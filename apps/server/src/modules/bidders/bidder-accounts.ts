import { adminMessages as m } from '@knotwork/shared/schemas/sales-staff';
import type { z } from 'zod';
import type { adminUserSchema } from '@knotwork/shared/schemas/sales-staff';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { isoOrNullFromMs } from '../../db/raw.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { pageMeta } from '../../lib/paging.ts';
import { clearBiddingBlock, setBiddingBlock, userPage, userRowOf, type UserRow } from './repository.ts';

type AdminUser = z.infer<typeof adminUserSchema>;

const toAdminUser = (u: UserRow): AdminUser => ({
  id: u.id,
  name: `${u.first_name} ${u.last_name}`.trim(),
  email: u.email,
  role: u.role,
  biddingBlockedAt: isoOrNullFromMs(u.blocked_ms),
  biddingBlockedReason: u.bidding_blocked_reason,
  activeStrikes: Number(u.active_strikes),
});

/**
 * Blocking a bidder: `users.bidding_blocked_at` (the column the bidding core reads under the lot lock, answering
 * 403 BIDDING_BLOCKED). Their standing bids stay; staff void them separately if they must go.
 */
export function createBidderAdmin(db: Db) {
  async function find(tx: Db, id: string): Promise<UserRow> {
    const row = await userRowOf(tx, id);
    if (!row) throw notFound(m.userNotFound);
    return row;
  }

  return {
    async list(page: number, pageSize: number, q?: string) {
      const { rows: data, total: n } = await userPage(db, { page, pageSize }, q);
      return {
        data: data.map(toAdminUser),
        meta: pageMeta({ page, pageSize }, n),
      };
    },

    async block(staffId: string, userId: string, reason: string | undefined): Promise<AdminUser> {
      if (staffId === userId) throw badRequest(m.cannotBlockSelf);
      return db.transaction(async (tx) => {
        await find(tx, userId);
        await setBiddingBlock(tx, userId, staffId, reason ?? null);
        await recordStaffAction(tx, { staffId, action: 'block_bidder', userId, reason: reason ?? null });
        return toAdminUser(await find(tx, userId));
      });
    },

    async unblock(staffId: string, userId: string): Promise<AdminUser> {
      return db.transaction(async (tx) => {
        await find(tx, userId);
        await clearBiddingBlock(tx, userId);
        await recordStaffAction(tx, { staffId, action: 'unblock_bidder', userId });
        return toAdminUser(await find(tx, userId));
      });
    },
  };
}
