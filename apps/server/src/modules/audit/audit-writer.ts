import type { Db } from '../../db/client.ts';
import { insertStaffAction, type StaffActionRecord } from './audit-repository.ts';

export type { StaffActionRecord } from './audit-repository.ts';

/**
 * The one writer of the staff audit trail (decision 019): a staff_actions row in the action's own transaction, so
 * an action and its record commit or roll back together. Every module that acts for staff calls this.
 */
export async function recordStaffAction(tx: Db, a: StaffActionRecord): Promise<void> {
  await insertStaffAction(tx, a);
}
