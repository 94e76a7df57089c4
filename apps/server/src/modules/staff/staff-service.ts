import { sql } from 'drizzle-orm';
import type { AnyRole, StaffRole } from '@knotwork/shared/abilities/staff';
import { adminStaffMessages as m, type AdminStaff } from '@knotwork/shared/schemas/staff';
import type { Db } from '../../db/client.ts';
import { isoOrNullFromMs, rows } from '../../db/raw.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import type { TokenService } from '../auth/tokens.ts';

interface StaffRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: AnyRole;
  last_ms: string | number | null;
}

const SELECT = sql`select u.id, u.first_name, u.last_name, u.email, u.role,
    (select extract(epoch from max(a.created_at)) * 1000 from staff_actions a where a.staff_id = u.id) as last_ms
  from users u`;

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
    const [row] = await rows<StaffRow>(tx, sql`${SELECT} where u.id = ${id}::uuid`);
    if (!row) throw notFound(m.userNotFound);
    return row;
  }
  return {
    async list(): Promise<AdminStaff[]> {
      return (
        await rows<StaffRow>(
          db,
          sql`${SELECT} where u.role <> 'user' order by u.role, u.last_name, u.first_name, u.id`,
        )
      ).map(toStaff);
    },

    async add(
      staffId: string,
      input: { email: string; firstName: string; lastName: string; role: StaffRole },
    ): Promise<AdminStaff> {
      const added = await db.transaction(async (tx) => {
        const [row] = await rows<{ id: string }>(
          tx,
          sql`insert into users (first_name, last_name, email, role, email_verified_at)
              values (${input.firstName}, ${input.lastName}, ${input.email}, ${input.role}, now())
              on conflict (email) do update set role = excluded.role, updated_at = now()
              returning id`,
        );
        if (row!.id === staffId) throw badRequest(m.notOwnRole);
        await recordStaffAction(tx, {
          staffId,
          action: 'add_staff',
          userId: row!.id,
          details: { role: input.role },
        });
        return toStaff(await find(tx, row!.id));
      });
      // An existing account may have held another role (a specialist added again as accounts).
      await tokens.roleChanged(added.id, added.role);
      return added;
    },

    async setRole(staffId: string, userId: string, role: AnyRole): Promise<AdminStaff> {
      if (staffId === userId) throw badRequest(m.notOwnRole, { errors: { role: m.notOwnRole } });
      const { staff, revoked } = await db.transaction(async (tx) => {
        await find(tx, userId);
        await tx.execute(sql`update users set role = ${role}, updated_at = now() where id = ${userId}::uuid`);
        // In the same transaction as the role: nobody is left half removed.
        const revoked =
          role === 'user'
            ? await rows<{ id: string }>(
                tx,
                sql`update sessions set revoked_at = now() where user_id = ${userId}::uuid and revoked_at is null
                    returning id`,
              )
            : [];
        await recordStaffAction(tx, { staffId, action: 'set_staff_role', userId, details: { role } });
        return { staff: toStaff(await find(tx, userId)), revoked: revoked.map((r) => r.id) };
      });
      // Told after the commit: a process that reads the user again must read the new role.
      await tokens.roleChanged(staff.id, staff.role);
      await tokens.announceRevoked(staff.id, revoked);
      return staff;
    },
  };
}
