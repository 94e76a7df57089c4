import type { TestApp } from '../helpers/app.ts';
import { makeLot, makeRug, makeUser } from '../bidding/helpers.ts';
import {
  applyPayment,
  applyPaymentDeps,
  type PaymentReport,
} from '../../src/modules/commerce/payments/apply-payment.ts';

export { makeUser };

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * An unpaid order by direct insert. auction: hammer + 25% premium on a closed lot of a new sale; buy_now: the
 * all-in price on a lot; fixed_price: a 15-minute hold on a fixed-price rug.
 */
export async function makeOrder(
  t: TestApp,
  userId: string,
  opts: {
    kind?: 'auction' | 'buy_now' | 'fixed_price';
    price?: number;
    holdSeconds?: number;
    dueInSeconds?: number;
    createdSecondsAgo?: number;
  } = {},
) {
  const kind = opts.kind ?? 'auction';
  const price = opts.price ?? 100_000;
  let rugId: string;
  let lotId: string | null = null;
  if (kind === 'fixed_price') rugId = await makeRug(t, { fixedPrice: price });
  else ({ lotId, rugId } = await makeLot(t, { startsIn: -7200, endsIn: -60, status: 'open' }));
  if (lotId) {
    await t.database.query(
      `update lots set status = 'closed', outcome = 'sold', winner_id = $2 where id = $1`,
      [lotId, userId],
    );
    await t.database.query(`update rugs set status = 'sold' where id = $1`, [rugId]);
  }
  const premium = kind === 'auction' ? Math.round(price * 0.25) : 0;
  const [order] = await t.database.query<{ id: string }>(
    `insert into orders (user_id, rug_id, lot_id, kind, hammer_price, buyers_premium, item_price, currency, reserved_until, due_at,
       created_at, won_mail_sent_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'USD', $8, now() + make_interval(secs => $9), now() - make_interval(secs => $10), now())
     returning id`,
    [
      userId,
      rugId,
      lotId,
      kind,
      kind === 'auction' ? price : null,
      premium,
      price + premium,
      kind === 'fixed_price' ? new Date(Date.now() + (opts.holdSeconds ?? 900) * 1000).toISOString() : null,
      opts.dueInSeconds ?? 3 * 86_400,
      opts.createdSecondsAgo ?? 0,
    ],
  );
  return { orderId: order!.id, rugId, lotId, itemPrice: price + premium, premium };
}

export const usAddress = {
  name: 'Eleanor Vance',
  phone: '+1 (212) 555-0147',
  line1: '225 East 57th Street',
  city: 'New York',
  state: 'NY',
  postalCode: '10022',
  country: 'US',
};
export const frAddress = {
  ...usAddress,
  name: 'Claire Dubois',
  line1: '12 rue de Rivoli',
  city: 'Paris',
  state: '75C',
  postalCode: '75001',
  country: 'FR',
  phone: '+33 1 42 60 00 00',
};

export async function addAddress(
  t: TestApp,
  token: string,
  address: Record<string, unknown> = usAddress,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/address/add',
    headers: auth(token),
    payload: address,
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`address: ${res.statusCode} ${res.body}`);
  const body = res.json<{ data: { id: string } | { id: string }[] }>();
  const data = body.data;
  return Array.isArray(data) ? data[0]!.id : data.id;
}

export async function bankTransfer(t: TestApp, token: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/bank-transfer',
    headers: auth(token),
    payload,
  });
}

export function pay(t: TestApp, report: PaymentReport) {
  return applyPayment(applyPaymentDeps(t.app.ctx, t.app.log), report);
}

export async function count(t: TestApp, query: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.database.query<{ n: string | number }>(query, params);
  return Number(row!.n);
}

export async function orderStatus(t: TestApp, orderId: string): Promise<string> {
  const [row] = await t.database.query<{ status: string }>(`select status from orders where id = $1`, [
    orderId,
  ]);
  return row!.status;
}
