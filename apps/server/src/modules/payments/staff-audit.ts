import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type OrderStaffAction =
  | 'record_bank_transfer'
  | 'write_off_balance'
  | 'refund_credit'
  | 'ship_order'
  | 'deliver_order'
  | 'cancel_order'
  | 'refund_order'
  | 'second_chance_offer'
  | 'relist_rug'
  | 'set_tax_rate'
  | 'delete_tax_rate';

/** One staff_actions row in the action's own transaction, like the admin module's (decision 019). */
export async function auditOrderAction(
  tx: Db,
  a: {
    staffId: string;
    action: OrderStaffAction;
    orderId?: string | null;
    userId?: string | null;
    lotId?: string | null;
    reason?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.execute(sql`insert into staff_actions (staff_id, action, order_id, user_id, lot_id, reason, details)
    values (${a.staffId}::uuid, ${a.action}, ${a.orderId ?? null}::uuid, ${a.userId ?? null}::uuid, ${a.lotId ?? null}::uuid,
      ${a.reason ?? null}, ${JSON.stringify(a.details ?? {})}::jsonb)`);
}
