import { sql } from 'drizzle-orm';
import type { AnyRole, StaffRole } from '@knotwork/shared/abilities/staff';
import { adminStaffMessages as m, type AdminStaff } from '@knotwork/shared/schemas/admin-staff';
import type { Db } from '../../db/client.ts';
import { isoOrNullFromMs, rows } from '../../db/raw.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { recordStaffAction } from '../admin/auction-repository.ts';

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
 * Staff accounts. Roles are read from `users` on every request (tokens.ts), so a change holds at once; taking
 * staff access away also revokes the person's sessions. Nobody changes their own role, so the last admin cannot
 * lock the house out by mistake.
 */
export function createStaffAccounts(db: Db) {
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
      return db.transaction(async (tx) => {
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
    },

    async setRole(staffId: string, userId: string, role: AnyRole): Promise<AdminStaff> {
      if (staffId === userId) throw badRequest(m.notOwnRole, { errors: { role: m.notOwnRole } });
      return db.transaction(async (tx) => {
        await find(tx, userId);
        await tx.execute(sql`update users set role = ${role}, updated_at = now() where id = ${userId}::uuid`);
        if (role === 'user') {
          await tx.execute(
            sql`update sessions set revoked_at = now() where user_id = ${userId}::uuid and revoked_at is null`,
          );
        }
        await recordStaffAction(tx, { staffId, action: 'set_staff_role', userId, details: { role } });
        return toStaff(await find(tx, userId));
      });
    },
  };
}
