import { sql } from 'drizzle-orm';
import type { StaffActionKind } from '@knotwork/shared/schemas/audit-staff';
import type { Db } from '../../db/client.ts';

/** What a staff action touched; each id fills its own column so the audit log can filter by it. */
export interface StaffActionRecord {
  staffId: string;
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

/**
 * The one writer of the staff audit trail (decision 019): a staff_actions row in the action's own transaction, so
 * an action and its record commit or roll back together. Every module that acts for staff calls this.
 */
export async function recordStaffAction(tx: Db, a: StaffActionRecord): Promise<void> {
  await tx.execute(sql`insert into staff_actions (staff_id, action, auction_id, lot_id, bid_id, user_id, rug_id,
      order_id, collection_id, contact_message_id, reason, details)
    values (${a.staffId}::uuid, ${a.action}, ${a.auctionId ?? null}::uuid, ${a.lotId ?? null}::uuid,
      ${a.bidId ?? null}::uuid, ${a.userId ?? null}::uuid, ${a.rugId ?? null}::uuid, ${a.orderId ?? null}::uuid,
      ${a.collectionId ?? null}::uuid, ${a.contactMessageId ?? null}::uuid, ${a.reason ?? null},
      ${JSON.stringify(a.details ?? {})}::jsonb)`);
}
