import { describe, expect, it } from 'vitest';
import { can } from '@knotwork/shared/abilities/staff';
import type { AdminOrderDetail } from '@/features/admin/commerce/api/order.ts';
import { secondChance } from '@/features/admin/commerce/lib/second-chance.ts';

/** Issue 25 section 4: the order page offers "put the rug back for sale" to those the server lets relist. */
describe('relist on the order page follows order rights', () => {
  const order = {
    status: 'cancelled',
    kind: 'fixed_price',
    secondChance: null,
  } as unknown as AdminOrderDetail;
  const as = (role: string) => secondChance(order, (action, subject) => can(role, action, subject));

  it('accounts and admins see it; specialists do not', () => {
    expect(as('accounts').mayRelist).toBe(true);
    expect(as('admin').mayRelist).toBe(true);
    expect(as('specialist').mayRelist).toBe(false);
  });
});
