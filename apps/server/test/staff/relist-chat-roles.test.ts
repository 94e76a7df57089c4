import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, staffRoles } from '@knotwork/shared/abilities/staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { auth, makeOrder, makeUser } from '../commerce/helpers.ts';

/**
 * Issue 25 section 4: `relist` is an order action (the README's role table: accounts look after orders), not a
 * catalogue one; the live chat is answered by every staff role (decision 076). One check per role, on real rows.
 */
describe('relist follows order rights; every staff role answers the chat', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let buyer: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    for (const role of ['user', ...staffRoles] as const) tokens[role] = (await makeUser(t, { role })).token;
    buyer = await makeUser(t);
  });
  afterAll(() => t.close());

  /** A cancelled order whose rug may go back on sale. */
  async function cancelledOrder() {
    const { orderId } = await makeOrder(t, buyer.id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/cancel`,
      headers: auth(tokens.admin!),
      payload: { reason: 'Unpaid' },
    });
    expect(cancel.statusCode).toBe(200);
    return orderId;
  }
  const relist = (orderId: string, role: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/relist`,
      headers: auth(tokens[role]!),
    });

  it('the ability table: relist is managing an order', () => {
    expect(can('accounts', 'manage', 'order')).toBe(true);
    expect(can('specialist', 'manage', 'order')).toBe(false);
  });

  for (const [role, status] of [
    ['admin', 200],
    ['accounts', 200],
    ['specialist', 403],
    ['user', 403],
  ] as const) {
    it(`${role}: relist answers ${status}`, async () => {
      const orderId = await cancelledOrder();
      const res = await relist(orderId, role);
      expect(res.statusCode, res.body).toBe(status);
      const [rug] = await t.database.query<{ status: string }>(
        `select r.status from rugs r join orders o on o.rug_id = r.id where o.id = $1`,
        [orderId],
      );
      expect(rug!.status === 'available').toBe(status === 200);
    });
  }

  for (const [role, status] of [
    ['admin', 200],
    ['specialist', 200],
    ['accounts', 200],
    ['user', 403],
  ] as const) {
    it(`${role}: the staff chat inbox answers ${status}, and so does a reply's guard`, async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/chat/conversations',
        headers: auth(tokens[role]!),
      });
      expect(list.statusCode, list.body).toBe(status);
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/chat/conversations/${crypto.randomUUID()}/messages`,
        headers: auth(tokens[role]!),
        payload: { body: 'Hello' },
      });
      // Allowed roles pass the guard and meet a missing conversation; others are refused.
      expect(reply.statusCode, reply.body).toBe(status === 200 ? 404 : 403);
    });
  }
});
