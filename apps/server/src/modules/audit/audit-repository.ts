import { sql, type SQL } from 'drizzle-orm';
import type { AdminAuditEntry, AdminAuditQuery, StaffActionKind } from '@knotwork/shared/schemas/audit-staff';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { pageMeta, pageOffset } from '../../lib/paging.ts';

interface AuditRow {
  id: string;
  at: string;
  staff_id: string | null;
  staff_name: string | null;
  action: AdminAuditEntry['action'];
  auction_id: string | null;
  lot_id: string | null;
  bid_id: string | null;
  user_id: string | null;
  order_id: string | null;
  rug_id: string | null;
  collection_id: string | null;
  contact_message_id: string | null;
  reason: string | null;
  details: Record<string, unknown>;
}

/** Newest first, by person, kind and UTC day range; walks staff_actions_created_idx / staff_actions_staff_idx. */
async function listStaffActions(db: Db, q: AdminAuditQuery) {
  const where: SQL[] = [];
  if (q.staffId) where.push(sql`s.staff_id = ${q.staffId}::uuid`);
  if (q.action) where.push(sql`s.action = ${q.action}`);
  if (q.from) where.push(sql`s.created_at >= ${q.from}::date`);
  if (q.to) where.push(sql`s.created_at < ${q.to}::date + 1`);
  const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const [data, count] = await Promise.all([
    rows<AuditRow>(
      db,
      sql`select s.id, to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, s.staff_id,
            nullif(trim(u.first_name || ' ' || u.last_name), '') as staff_name, s.action, s.auction_id, s.lot_id, s.bid_id,
            s.user_id, s.order_id, s.rug_id, s.collection_id, s.contact_message_id, s.reason, s.details
          from staff_actions s left join users u on u.id = s.staff_id ${cond}
          order by s.created_at desc, s.id desc limit ${q.pageSize} offset ${pageOffset(q)}`,
    ),
    rows<{ n: string }>(db, sql`select count(*) as n from staff_actions s ${cond}`),
  ]);
  const total = num(count[0]?.n ?? 0);
  return {
    data: data.map((r) => ({
      id: r.id,
      at: r.at,
      staffId: r.staff_id,
      staffName: r.staff_name,
      action: r.action,
      auctionId: r.auction_id,
      lotId: r.lot_id,
      bidId: r.bid_id,
      userId: r.user_id,
      orderId: r.order_id,
      rugId: r.rug_id,
      collectionId: r.collection_id,
      contactMessageId: r.contact_message_id,
      reason: r.reason,
      details: r.details ?? {},
    })),
    meta: pageMeta(q, total),
  };
}

/** The staff audit trail as the back office reads it (the writer is audit-writer.ts). */
export function createAuditLog(db: Db) {
  return { list: (q: AdminAuditQuery) => listStaffActions(db, q) };
}

/** What a staff action touched; each id fills its own column so the audit log can filter by it. */
export interface StaffActionRecord {
  /** Null for what the house's own rules did (the strikes job's block, decision 092). */
  staffId: string | null;
  action: StaffActionKind;
  auctionId?: string | null;
  lotId?: string | null;
  bidId?: string | null;
  userId?: string | null;
  rugId?: string | null;
  orderId?: string | null;
  collectionId?: string | null;
  contactMessageId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** Inserts one staff_actions row, on `tx` (the action's own transaction: see audit-writer.ts). */
export async function insertStaffAction(tx: Db, a: StaffActionRecord): Promise<void> {
  await tx.execute(sql`insert into staff_actions (staff_id, action, auction_id, lot_id, bid_id, user_id, rug_id,
      order_id, collection_id, contact_message_id, reason, details)
    values (${a.staffId}::uuid, ${a.action}, ${a.auctionId ?? null}::uuid, ${a.lotId ?? null}::uuid,
      ${a.bidId ?? null}::uuid, ${a.userId ?? null}::uuid, ${a.rugId ?? null}::uuid, ${a.orderId ?? null}::uuid,
      ${a.collectionId ?? null}::uuid, ${a.contactMessageId ?? null}::uuid, ${a.reason ?? null},
      ${JSON.stringify(a.details ?? {})}::jsonb)`);
}
