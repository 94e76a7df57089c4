import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ACTIONS } from '@knotwork/shared/schemas/audit-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The kinds the database's check on staff_actions.action allows, read from its definition. */
async function allowedKinds(): Promise<string[]> {
  const [row] = await t.database.query<{ def: string }>(
    `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'staff_actions_action_check'`,
  );
  return [...(row?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!).sort();
}

describe('staff action kinds', () => {
  // Screens built side by side each re-created the check with their own list (migration 0190); a kind the code
  // writes but the database refuses would turn that staff action into an error.
  it('the database accepts exactly the kinds the shared audit list names', async () => {
    expect(await allowedKinds()).toEqual([...STAFF_ACTIONS].sort());
  });
});
