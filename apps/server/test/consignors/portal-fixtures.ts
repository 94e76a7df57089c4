import { expect } from 'vitest';
import type { LotTerms } from '@knotwork/shared/consignments/terms';
import type { TestApp } from '../helpers/app.ts';
import { send } from '../helpers/staff.ts';

/** The house's terms in these tests: 15 % flat with a 50.00 minimum, a 20.00 lotting fee and a 5 % buy-in fee. */
export const HOUSE_TERMS: LotTerms = {
  commission: { kind: 'flat', rateBps: 1500 },
  minimumCommissionCents: 5_000,
  lottingFeeCents: 2_000,
  photographyFeeCents: 0,
  insuranceRateBps: 0,
  buyInFeeRateBps: 500,
  vatRateBps: 0,
  vatOnCommissionAndFees: false,
};

/** Settings' settlement key with HOUSE_TERMS and a paying account (a payout batch needs it for its file only). */
export async function setHouseTerms(t: TestApp, adminToken: string): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/settlements',
    headers: { authorization: `Bearer ${adminToken}` },
    payload: {
      holdingDays: 10,
      consignmentTerms: HOUSE_TERMS,
      debtor: { name: 'Knotwork Auctions', iban: 'FR1420041010050500013M02606', bic: '' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A consignor through the staff API, identity checked, with an IBAN on file; linked to `userId`'s account when given
 * (the portal's caller), with an e-mail of their own when given.
 */
export async function addConsignor(
  t: TestApp,
  adminToken: string,
  opts: { name: string; userId?: string; email?: string; language?: 'en' | 'fr' | 'ar' },
): Promise<string> {
  let userEmail: string | undefined;
  if (opts.userId) {
    const [row] = await t.database.query<{ email: string }>('select email from users where id = $1', [
      opts.userId,
    ]);
    userEmail = row!.email;
  }
  const res = await send(
    t,
    'POST',
    '/admin/consignors',
    {
      kind: 'person',
      name: opts.name,
      ...(opts.email ? { email: opts.email } : {}),
      ...(opts.language ? { language: opts.language } : {}),
      ...(userEmail ? { userEmail } : {}),
      payout: { method: 'iban', holder: opts.name, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    },
    adminToken,
  );
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  const checked = await send(
    t,
    'POST',
    `/admin/consignors/${id}/identity-check`,
    { document: 'passport' },
    adminToken,
  );
  expect(checked.statusCode, checked.body).toBe(200);
  return id;
}
