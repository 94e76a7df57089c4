import type { AnyRole } from '@knotwork/shared/abilities/staff';
import { sql } from 'drizzle-orm';
import { adminMessages as m } from '@knotwork/shared/schemas/sales-staff';
import type { z } from 'zod';
import type { adminUserSchema } from '@knotwork/shared/schemas/sales-staff';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { isoOrNullFromMs, num, rows } from '../../db/raw.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { pageMeta, pageOffset } from '../../lib/paging.ts';

type AdminUser = z.infer<typeof adminUserSchema>;

interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: AnyRole;
  blocked_ms: string | number | null;
  bidding_blocked_reason: string | null;
}

const USER_SELECT = sql.raw(`select id, first_name, last_name, email, role,
  extract(epoch from bidding_blocked_at) * 1000 as blocked_ms, bidding_blocked_reason from users`);

const toAdminUser = (u: UserRow): AdminUser => ({
  id: u.id,
  name: `${u.first_name} ${u.last_name}`.trim(),
  email: u.email,
  role: u.role,
  biddingBlockedAt: isoOrNullFromMs(u.blocked_ms),
  biddingBlockedReason: u.bidding_blocked_reason,
});

/**
 * Blocking a bidder: `users.bidding_blocked_at` (the column the bidding core reads under the lot lock, answering
 * 403 BIDDING_BLOCKED). Their standing bids stay; staff void them separately if they must go.
 */
export function createBidderAdmin(db: Db) {
  async function find(tx: Db, id: string): Promise<UserRow> {
    const [row] = await rows<UserRow>(tx, sql`${USER_SELECT} where id = ${id}::uuid`);
    if (!row) throw notFound(m.userNotFound);
    return row;
  }

  return {
    async list(page: number, pageSize: number, q?: string) {
      const where = q
        ? sql`where email ilike ${`%${q}%`} or (first_name || ' ' || last_name) ilike ${`%${q}%`}`
        : sql``;
      const [data, [total]] = await Promise.all([
        rows<UserRow>(
          db,
          sql`${USER_SELECT} ${where} order by created_at desc, id limit ${pageSize} offset ${pageOffset({ page, pageSize })}`,
        ),
        rows<{ n: string | number }>(db, sql`select count(*) as n from users ${where}`),
      ]);
      const n = num(total?.n ?? 0);
      return {
        data: data.map(toAdminUser),
        meta: pageMeta({ page, pageSize }, n),
      };
    },

    async block(staffId: string, userId: string, reason: string | undefined): Promise<AdminUser> {
      if (staffId === userId) throw badRequest(m.cannotBlockSelf);
      return db.transaction(async (tx) => {
        await find(tx, userId);
        await tx.execute(sql`update users set bidding_blocked_at = coalesce(bidding_blocked_at, clock_timestamp()),
            bidding_blocked_by = ${staffId}::uuid, bidding_blocked_reason = ${reason ?? null}, updated_at = clock_timestamp()
          where id = ${userId}::uuid`);
        await recordStaffAction(tx, { staffId, action: 'block_bidder', userId, reason: reason ?? null });
        return toAdminUser(await find(tx, userId));
      });
    },

    async unblock(staffId: string, userId: string): Promise<AdminUser> {
      return db.transaction(async (tx) => {
        await find(tx, userId);
        await tx.execute(sql`update users set bidding_blocked_at = null, bidding_blocked_by = null,
            bidding_blocked_reason = null, updated_at = clock_timestamp()
          where id = ${userId}::uuid`);
        await recordStaffAction(tx, { staffId, action: 'unblock_bidder', userId });
        return toAdminUser(await find(tx, userId));
      });
    },
  };
}
