import type { AnyRole, StaffRole } from '@knotwork/shared/abilities/staff';
import { adminStaffMessages as m, type AdminStaff } from '@knotwork/shared/schemas/staff';
import type { Db } from '../../db/client.ts';
import { isoOrNullFromMs } from '../../db/raw.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import type { TokenService } from '../auth/tokens.ts';
import {
  revokeSessionsOf,
  setUserRole,
  staffRowOf,
  staffRows,
  upsertStaffUser,
  type StaffRow,
} from './staff-repository.ts';

const toStaff = (r: StaffRow): AdminStaff => ({
  id: r.id,
  name: `${r.first_name} ${r.last_name}`.trim(),
  email: r.email,
  role: r.role,
  lastActionAt: isoOrNullFromMs(r.last_ms),
});

/**
 * Staff accounts. Every role change is told to the token service once committed (decision 079): each process
 * forgets the person's cached sessions, so their next request is judged by the new role, and their live sockets
 * leave the channels it does not allow; taking staff access away also revokes their sessions, announced the same
 * way. Nobody changes their own role, so the last admin cannot lock the house out by mistake.
 */
export function createStaffAccounts(db: Db, tokens: Pick<TokenService, 'roleChanged' | 'announceRevoked'>) {
  async function find(tx: Db, id: string): Promise<StaffRow> {
    const row = await staffRowOf(tx, id);
    if (!row) throw notFound(m.userNotFound);
    return row;
  }
  return {
    async list(): Promise<AdminStaff[]> {
      return (await staffRows(db)).map(toStaff);
    },

    async add(
      staffId: string,
      input: { email: string; firstName: string; lastName: string; role: StaffRole },
    ): Promise<AdminStaff> {
      const added = await db.transaction(async (tx) => {
        const userId = await upsertStaffUser(tx, input);
        if (userId === staffId) throw badRequest(m.notOwnRole);
        await recordStaffAction(tx, { staffId, action: 'add_staff', userId, details: { role: input.role } });
        return toStaff(await find(tx, userId));
      });
      // An existing account may have held another role (a specialist added again as accounts).
      await tokens.roleChanged(added.id, added.role);
      return added;
    },

    async setRole(staffId: string, userId: string, role: AnyRole): Promise<AdminStaff> {
      if (staffId === userId) throw badRequest(m.notOwnRole, { errors: { role: m.notOwnRole } });
      const { staff, revoked } = await db.transaction(async (tx) => {
        await find(tx, userId);
        await setUserRole(tx, userId, role);
        // In the same transaction as the role: nobody is left half removed.
        const revoked = role === 'user' ? await revokeSessionsOf(tx, userId) : [];
        await recordStaffAction(tx, { staffId, action: 'set_staff_role', userId, details: { role } });
        return { staff: toStaff(await find(tx, userId)), revoked };
      });
      // Told after the commit: a process that reads the user again must read the new role.
      await tokens.roleChanged(staff.id, staff.role);
      await tokens.announceRevoked(staff.id, revoked);
      return staff;
    },
  };
}
