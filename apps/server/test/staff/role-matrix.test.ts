import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, staffRoles, type Ability } from '@knotwork/shared/abilities/staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';

/**
 * Every staff endpoint, and what it needs (issue 11, decision 035). The test also checks that this list is the
 * app's whole /admin surface, so a new staff route cannot skip the matrix.
 */
const ENDPOINTS: Array<[method: string, path: string, ability: Ability]> = [
  // Telephone bids (decision 097): the clerk's side assigns, every staff role may operate.
  ['GET', '/admin/auctions/:id/telephone', ['read', 'live']],
  ['PUT', '/admin/auctions/:id/telephone/:bookingId/operator', ['manage', 'live']],
  ['GET', '/admin/telephone/:id', ['read', 'phone']],
  ['POST', '/admin/telephone/:id/ready', ['manage', 'phone']],
  ['POST', '/admin/telephone/:id/bids', ['manage', 'phone']],
  ['GET', '/admin/auctions', ['read', 'sale']],
  ['POST', '/admin/auctions', ['manage', 'sale']],
  ['GET', '/admin/auctions/:id', ['read', 'sale']],
  ['PATCH', '/admin/auctions/:id', ['manage', 'sale']],
  ['POST', '/admin/auctions/:id/lots', ['manage', 'lot']],
  ['PATCH', '/admin/lots/:id', ['manage', 'lot']],
  ['POST', '/admin/lots/:id/withdraw', ['manage', 'lot']],
  ['GET', '/admin/lots/:id/bids', ['read', 'lot']],
  ['POST', '/admin/bids/:id/void', ['manage', 'bid']],
  ['GET', '/admin/users', ['read', 'bidder']],
  ['POST', '/admin/users/:id/block', ['manage', 'bidder']],
  ['DELETE', '/admin/users/:id/block', ['manage', 'bidder']],
  ['PUT', '/admin/users/:id/limit', ['manage', 'bidder']],
  // Identity checks above the threshold (decision 093): admins only.
  ['GET', '/admin/identity-checks', ['read', 'identity']],
  ['GET', '/admin/identity-checks/:id/document', ['read', 'identity']],
  ['POST', '/admin/identity-checks/:id/approve', ['manage', 'identity']],
  ['POST', '/admin/identity-checks/:id/reject', ['manage', 'identity']],
  ['GET', '/admin/users/:id/identity', ['read', 'identity']],
  ['PUT', '/admin/settings/identity', ['manage', 'settings']],
  // Condition reports on request (decision 095): specialists and admins answer, accounts read.
  ['GET', '/admin/condition-reports', ['read', 'condition']],
  ['GET', '/admin/condition-reports/lots/:id', ['read', 'condition']],
  ['POST', '/admin/condition-reports/lots/:id/photos', ['manage', 'condition']],
  ['POST', '/admin/condition-reports/lots/:id/report', ['manage', 'condition']],
  ['PUT', '/admin/settings/condition-reports', ['manage', 'settings']],
  ['PUT', '/admin/settings/catalogue-conditions', ['manage', 'settings']],
  ['GET', '/admin/users/:id/deposits', ['read', 'bidder']],
  ['POST', '/admin/users/:id/deposits', ['manage', 'payment']],
  ['POST', '/admin/deposits/:id/release', ['manage', 'payment']],
  ['POST', '/admin/deposits/:id/apply', ['manage', 'payment']],
  ['GET', '/admin/deposits/to-apply', ['read', 'payment']],
  ['GET', '/admin/auctions/:id/deposit', ['read', 'sale']],
  ['PUT', '/admin/auctions/:id/deposit', ['manage', 'sale']],
  ['PUT', '/admin/settings/deposits', ['manage', 'settings']],
  ['PUT', '/admin/settings/telephone', ['manage', 'settings']],
  ['GET', '/admin/users/:id/strikes', ['read', 'bidder']],
  ['POST', '/admin/strikes/:id/clear', ['manage', 'bidder']],
  ['PUT', '/admin/settings/strikes', ['manage', 'settings']],
  ['GET', '/admin/auctions/:id/registrations', ['read', 'bidder']],
  ['GET', '/admin/users/:id/registrations', ['read', 'bidder']],
  ['POST', '/admin/auctions/:id/registrations/:registrationId/decision', ['manage', 'bidder']],
  ['POST', '/admin/auctions/:id/registrations', ['manage', 'bidder']],
  // Printed catalogues (decision 094) and autopay (decision 096).
  ['GET', '/admin/auctions/:id/printed', ['read', 'sale']],
  ['GET', '/admin/orders/:id/autopay', ['read', 'order']],
  ['PUT', '/admin/settings/autopay', ['manage', 'settings']],
  ['PUT', '/admin/settings/registration', ['manage', 'settings']],
  ['GET', '/admin/orders', ['read', 'order']],
  ['GET', '/admin/orders/:id', ['read', 'order']],
  ['POST', '/admin/payments/bank-transfer', ['manage', 'payment']],
  ['POST', '/admin/orders/:id/write-off', ['manage', 'payment']],
  ['POST', '/admin/orders/:id/refund-credit', ['manage', 'payment']],
  ['POST', '/admin/orders/:id/ship', ['manage', 'order']],
  ['POST', '/admin/orders/:id/deliver', ['manage', 'order']],
  ['POST', '/admin/orders/:id/cancel', ['manage', 'order']],
  ['POST', '/admin/orders/:id/refund', ['manage', 'payment']],
  ['POST', '/admin/orders/:id/second-chance', ['manage', 'order']],
  ['POST', '/admin/orders/:id/relist', ['manage', 'order']],
  ['GET', '/admin/orders/:id/shipment', ['read', 'order']],
  ['GET', '/admin/shipments/:id', ['read', 'order']],
  ['POST', '/admin/shipments/:id/ship', ['manage', 'order']],
  ['POST', '/admin/shipments/:id/deliver', ['manage', 'order']],
  ['GET', '/admin/shipments/:id/packing-slip', ['read', 'order']],
  ['GET', '/admin/tax-rates', ['read', 'settings']],
  ['PUT', '/admin/tax-rates', ['manage', 'settings']],
  ['DELETE', '/admin/tax-rates/:id', ['manage', 'settings']],
  ['GET', '/admin/settings', ['read', 'settings']],
  ['PUT', '/admin/settings/bank-transfer', ['manage', 'settings']],
  ['PUT', '/admin/settings/shipping', ['manage', 'settings']],
  ['PUT', '/admin/settings/increments', ['manage', 'settings']],
  ['PUT', '/admin/settings/premium', ['manage', 'settings']],
  ['PUT', '/admin/settings/house', ['manage', 'settings']],
  ['PUT', '/admin/settings/settlements', ['manage', 'settings']],
  ['GET', '/admin/rugs', ['read', 'rug']],
  ['POST', '/admin/rugs', ['manage', 'rug']],
  ['GET', '/admin/rugs/:id', ['read', 'rug']],
  ['PATCH', '/admin/rugs/:id', ['manage', 'rug']],
  ['POST', '/admin/rugs/bulk', ['manage', 'rug']],
  ['POST', '/admin/rugs/:id/publish', ['manage', 'rug']],
  ['POST', '/admin/rugs/:id/unpublish', ['manage', 'rug']],
  ['POST', '/admin/rugs/:id/photos', ['manage', 'rug']],
  ['PUT', '/admin/rugs/:id/photos', ['manage', 'rug']],
  ['DELETE', '/admin/rugs/:id/photos/:imageId', ['manage', 'rug']],
  ['GET', '/admin/audit', ['read', 'audit']],
  ['POST', '/admin/auctions/:id/publish', ['manage', 'sale']],
  ['POST', '/admin/auctions/:id/unpublish', ['manage', 'sale']],
  ['DELETE', '/admin/auctions/:id', ['manage', 'sale']],
  ['PUT', '/admin/auctions/:id/lot-order', ['manage', 'lot']],
  ['GET', '/admin/users/:id', ['read', 'bidder']],
  ['POST', '/admin/users/:id/notes', ['manage', 'bidder']],
  ['GET', '/admin/dashboard', ['read', 'dashboard']],
  ['GET', '/admin/staff', ['read', 'staff']],
  ['POST', '/admin/staff', ['manage', 'staff']],
  ['PATCH', '/admin/staff/:id', ['manage', 'staff']],
  ['GET', '/admin/chat/conversations', ['read', 'chat']],
  ['GET', '/admin/chat/conversations/:id', ['read', 'chat']],
  ['POST', '/admin/chat/conversations/:id/messages', ['manage', 'chat']],
  ['PATCH', '/admin/chat/conversations/:id', ['manage', 'chat']],
  ['GET', '/admin/chat/conversations/:id/bids', ['read', 'chat']],
  ['GET', '/admin/chat/staff', ['read', 'chat']],
  ['POST', '/admin/chat/presence', ['read', 'chat']],
  ['GET', '/admin/live/:id', ['read', 'live']],
  ['POST', '/admin/live/:id/actions', ['manage', 'live']],
  ['POST', '/admin/import/rugs/preview', ['manage', 'rug']],
  ['POST', '/admin/import/rugs', ['manage', 'rug']],
  ['POST', '/admin/import/lots/preview', ['manage', 'lot']],
  ['POST', '/admin/import/lots', ['manage', 'lot']],
  ['GET', '/admin/import/jobs/:id', ['manage', 'rug']],
  ['GET', '/admin/exchange-rates', ['read', 'settings']],
  ['PUT', '/admin/exchange-rates', ['manage', 'settings']],
  ['DELETE', '/admin/exchange-rates/:currency', ['manage', 'settings']],
  ['GET', '/admin/content/posts', ['read', 'content']],
  ['POST', '/admin/content/posts', ['manage', 'content']],
  ['GET', '/admin/content/posts/:id', ['read', 'content']],
  ['PATCH', '/admin/content/posts/:id', ['manage', 'content']],
  ['DELETE', '/admin/content/posts/:id', ['manage', 'content']],
  ['POST', '/admin/content/posts/:id/publish', ['manage', 'content']],
  ['POST', '/admin/content/posts/:id/unpublish', ['manage', 'content']],
  ['POST', '/admin/content/posts/:id/images', ['manage', 'content']],
  ['POST', '/admin/content/preview', ['read', 'content']],
  ['GET', '/admin/content/faq', ['read', 'content']],
  ['POST', '/admin/content/faq/groups', ['manage', 'content']],
  ['PATCH', '/admin/content/faq/groups/:id', ['manage', 'content']],
  ['DELETE', '/admin/content/faq/groups/:id', ['manage', 'content']],
  ['PUT', '/admin/content/faq/groups/order', ['manage', 'content']],
  ['PUT', '/admin/content/faq/groups/:id/order', ['manage', 'content']],
  ['POST', '/admin/content/faq/entries', ['manage', 'content']],
  ['PATCH', '/admin/content/faq/entries/:id', ['manage', 'content']],
  ['DELETE', '/admin/content/faq/entries/:id', ['manage', 'content']],
  ['GET', '/admin/content/pages', ['read', 'content']],
  ['GET', '/admin/content/pages/:slug', ['read', 'content']],
  ['PUT', '/admin/content/pages/:slug', ['manage', 'content']],
  ['GET', '/admin/content/testimonials', ['read', 'content']],
  ['POST', '/admin/content/testimonials', ['manage', 'content']],
  ['PATCH', '/admin/content/testimonials/:id', ['manage', 'content']],
  ['DELETE', '/admin/content/testimonials/:id', ['manage', 'content']],
  ['PUT', '/admin/content/testimonials/order', ['manage', 'content']],
  ['GET', '/admin/content/careers', ['read', 'content']],
  ['POST', '/admin/content/careers', ['manage', 'content']],
  ['PATCH', '/admin/content/careers/:id', ['manage', 'content']],
  ['DELETE', '/admin/content/careers/:id', ['manage', 'content']],
  ['PUT', '/admin/content/careers/order', ['manage', 'content']],
  ['GET', '/admin/content/home', ['read', 'content']],
  ['PUT', '/admin/content/home', ['manage', 'content']],
  ['GET', '/admin/collections', ['read', 'collection']],
  ['POST', '/admin/collections', ['manage', 'collection']],
  ['PUT', '/admin/collections/order', ['manage', 'collection']],
  ['GET', '/admin/collections/:id', ['read', 'collection']],
  ['PATCH', '/admin/collections/:id', ['manage', 'collection']],
  ['DELETE', '/admin/collections/:id', ['manage', 'collection']],
  ['POST', '/admin/collections/:id/publish', ['manage', 'collection']],
  ['POST', '/admin/collections/:id/unpublish', ['manage', 'collection']],
  ['GET', '/admin/collections/:id/rugs', ['read', 'collection']],
  ['POST', '/admin/collections/:id/rugs', ['manage', 'collection']],
  ['DELETE', '/admin/collections/:id/rugs/:rugId', ['manage', 'collection']],
  ['POST', '/admin/collections/:id/cover', ['manage', 'collection']],
  ['DELETE', '/admin/collections/:id/cover', ['manage', 'collection']],
  ['GET', '/admin/messages', ['read', 'message']],
  ['GET', '/admin/messages/:id', ['read', 'message']],
  ['PATCH', '/admin/messages/:id', ['manage', 'message']],
  ['POST', '/admin/messages/:id/replies', ['manage', 'message']],
  // Consignors (decision 086): the PATCH and the identity check let accounts through the guard (read), then
  // check the fields sent (test/consignors/consignors.test.ts).
  ['GET', '/admin/consignors', ['read', 'consignment']],
  ['POST', '/admin/consignors', ['manage', 'consignment']],
  ['GET', '/admin/consignors/:id', ['read', 'consignment']],
  ['PATCH', '/admin/consignors/:id', ['read', 'consignment']],
  ['DELETE', '/admin/consignors/:id', ['manage', 'consignment']],
  ['POST', '/admin/consignors/:id/identity-check', ['read', 'consignment']],
  ['GET', '/admin/consignments', ['read', 'consignment']],
  ['POST', '/admin/consignments', ['manage', 'consignment']],
  ['GET', '/admin/consignments/:id', ['read', 'consignment']],
  ['POST', '/admin/consignments/:id/items', ['manage', 'consignment']],
  ['DELETE', '/admin/consignments/:id/items/:itemId', ['manage', 'consignment']],
  ['POST', '/admin/consignments/:id/agreement', ['manage', 'consignment']],
  // Returning and re-offering unsold rugs (decision 089).
  ['GET', '/admin/consignments/:id/reoffers', ['read', 'consignment']],
  ['POST', '/admin/consignments/:id/items/:itemId/reoffers', ['manage', 'consignment']],
  ['POST', '/admin/consignments/:id/reoffers/:reofferId/withdraw', ['manage', 'consignment']],
  ['POST', '/admin/consignments/:id/items/:itemId/return', ['manage', 'consignment']],
  // Settlements and payouts (decision 087).
  ['GET', '/admin/settlements', ['read', 'settlement']],
  ['POST', '/admin/settlements/run', ['manage', 'settlement']],
  ['GET', '/admin/payouts', ['read', 'settlement']],
  ['GET', '/admin/payout-batches', ['read', 'settlement']],
  ['POST', '/admin/payout-batches', ['manage', 'settlement']],
  ['GET', '/admin/payout-batches/:id', ['read', 'settlement']],
  ['GET', '/admin/payout-batches/:id/file', ['manage', 'settlement']],
  ['POST', '/admin/payout-batches/:id/paid', ['manage', 'settlement']],
  ['POST', '/admin/payout-batches/:id/cancel', ['manage', 'settlement']],
  ['POST', '/admin/payout-batches/:id/transfers', ['manage', 'settlement']],
  ['POST', '/admin/consignors/:id/advances', ['manage', 'settlement']],
  ['GET', '/admin/consignors/:id/statement', ['read', 'settlement']],
  ['GET', '/admin/consignors/:id/statement.pdf', ['read', 'settlement']],
  ['GET', '/admin/consignments/:id/agreement.pdf', ['read', 'consignment']],
  // Consignment reports (issue 27 §4).
  ['GET', '/admin/reports/consignments', ['read', 'settlement']],
  ['GET', '/admin/reports/consignments/csv', ['read', 'settlement']],
  ['GET', '/admin/reports/consignors', ['read', 'settlement']],
  ['GET', '/admin/reports/consignors/csv', ['read', 'settlement']],
];

/** The method + path of every route the app serves under /api/v1/admin, read from Fastify's printed route tree. */
function adminSurface(t: TestApp): Set<string> {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    // Each level of the tree indents by four characters; a child's segment continues its parent's path.
    const depth = Math.round((at - 1) / 4);
    const match = /^(\S+)(?: \(([^)]+)\))?/.exec(line.slice(at + 3));
    if (!match) continue;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + match[1]!;
    stack[depth] = full;
    if (!full.startsWith('/api/v1/admin') || !match[2]) continue;
    for (const method of match[2].split(', '))
      if (method !== 'HEAD') found.add(`${method} ${full.replace('/api/v1', '')}`);
  }
  return found;
}

describe('staff roles: the allow/deny matrix of every staff endpoint', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['user', ...staffRoles] as const) {
      const u = await makeUser(t, {});
      await t.database.query('update users set role = $1 where id = $2', [role, u.id]);
      tokens[role] = u.token;
    }
  });
  afterAll(() => t.close());

  it('lists every /admin route of the app', () => {
    const listed = new Set(ENDPOINTS.map(([method, path]) => `${method} ${path}`));
    expect([...adminSurface(t)].sort()).toEqual([...listed].sort());
  });

  const url = (path: string) =>
    `/api/v1${path
      .replace(':id', crypto.randomUUID())
      .replace(':imageId', crypto.randomUUID())
      .replace(':itemId', crypto.randomUUID())
      .replace(':rugId', crypto.randomUUID())
      .replace(':slug', 'about')}`;

  for (const [method, path, ability] of ENDPOINTS) {
    it(`${method} ${path} needs ${ability.join(' ')}`, async () => {
      const inject = (token?: string) =>
        t.app.inject({
          method: method as 'GET',
          url: url(path),
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      expect((await inject()).statusCode).toBe(401);
      for (const role of ['user', ...staffRoles]) {
        const res = await inject(tokens[role]);
        if (can(role, ...ability)) {
          // Allowed: past the guard (a field error, a missing row or a success), never a refusal or a crash.
          expect([401, 403], `${role} refused`).not.toContain(res.statusCode);
          expect(res.statusCode, `${role}: ${res.body}`).toBeLessThan(500);
        } else {
          expect(res.statusCode, `${role} let through`).toBe(403);
        }
      }
    });
  }

  it('grants as decided: admin everything, specialist the catalogue and sales, accounts the money', () => {
    expect(can('admin', 'manage', 'staff')).toBe(true);
    expect(can('specialist', 'manage', 'rug')).toBe(true);
    expect(can('specialist', 'manage', 'payment')).toBe(false);
    expect(can('specialist', 'manage', 'live')).toBe(true);
    expect(can('accounts', 'read', 'live')).toBe(false);
    expect(can('accounts', 'manage', 'order')).toBe(true);
    expect(can('accounts', 'read', 'identity')).toBe(false);
    expect(can('specialist', 'read', 'identity')).toBe(false);
    expect(can('accounts', 'manage', 'rug')).toBe(false);
    expect(can('accounts', 'read', 'rug')).toBe(true);
    expect(can('specialist', 'manage', 'consignment')).toBe(true);
    expect(can('specialist', 'manage', 'settlement')).toBe(false);
    expect(can('accounts', 'read', 'consignment')).toBe(true);
    expect(can('accounts', 'manage', 'consignment')).toBe(false);
    expect(can('accounts', 'manage', 'settlement')).toBe(true);
    expect(can('accounts', 'manage', 'phone')).toBe(true);
    expect(can('specialist', 'manage', 'phone')).toBe(true);
    expect(can('user', 'manage', 'phone')).toBe(false);
    expect(can('user', 'read', 'dashboard')).toBe(false);
    expect(can(null, 'read', 'dashboard')).toBe(false);
  });
});
