import { sql } from 'drizzle-orm';
import type { AnyRole, StaffRole } from '@knotwork/shared/abilities/staff';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';

export interface StaffRow {
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

/** One account with its role and its last staff action, or undefined. */
export async function staffRowOf(db: Db, id: string): Promise<StaffRow | undefined> {
  const [row] = await rows<StaffRow>(db, sql`${SELECT} where u.id = ${id}::uuid`);
  return row;
}

/** Every account holding a staff role, by role then name. */
export function staffRows(db: Db): Promise<StaffRow[]> {
  return rows<StaffRow>(
    db,
    sql`${SELECT} where u.role <> 'user' order by u.role, u.last_name, u.first_name, u.id`,
  );
}

/** Creates the account with this role (e-mail verified), or gives an existing account the role; its id. */
export async function upsertStaffUser(
  db: Db,
  input: { email: string; firstName: string; lastName: string; role: StaffRole },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into users (first_name, last_name, email, role, email_verified_at)
        values (${input.firstName}, ${input.lastName}, ${input.email}, ${input.role}, now())
        on conflict (email) do update set role = excluded.role, updated_at = now()
        returning id`,
  );
  return row!.id;
}

export async function setUserRole(db: Db, userId: string, role: AnyRole): Promise<void> {
  await db.execute(sql`update users set role = ${role}, updated_at = now() where id = ${userId}::uuid`);
}

/** Revokes every open session of the account; the revoked session ids. */
export async function revokeSessionsOf(db: Db, userId: string): Promise<string[]> {
  const revoked = await rows<{ id: string }>(
    db,
    sql`update sessions set revoked_at = now() where user_id = ${userId}::uuid and revoked_at is null
        returning id`,
  );
  return revoked.map((r) => r.id);
}
