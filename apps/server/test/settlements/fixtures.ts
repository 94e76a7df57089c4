import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_CONSIGNMENT_TERMS } from '@knotwork/shared/schemas/house-settings-staff';

/** What the fixtures need of a database: a query with parameters (a test's `t.database`, or the bench's). */
export interface Query {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** A consignor made through the service (payout details encrypted), identity checked unless told not to. */
export async function makeConsignor(
  app: FastifyInstance,
  staffId: string,
  opts: { name?: string; identityChecked?: boolean; payout?: boolean } = {},
): Promise<string> {
  const service = app.services.consignors;
  const created = await service.create(staffId, {
    kind: 'person',
    name: opts.name ?? `Consignor ${crypto.randomBytes(3).toString('hex')}`,
    ...(opts.payout === false
      ? {}
      : {
          payout: {
            method: 'iban' as const,
            holder: opts.name ?? 'Anna Consignor',
            iban: 'DE89370400440532013000',
            bic: 'COBADEFFXXX',
          },
        }),
  });
  if (opts.identityChecked !== false) await service.checkIdentity(staffId, created.id, 'passport');
  return created.id;
}

export interface SaleLot {
  itemId: string;
  lotId: string;
  orderId: string;
  consignorId: string;
  hammer: number;
}

/**
 * A closed sale of `lots` consigned lots (lot i from consignor i mod n), each sold at `hammer(i)` to one buyer whose
 * order is paid `paidDaysAgo` days ago (null: not paid). Set-based SQL, so a thousand lots take a moment.
 */
export async function consignedSale(
  db: Query,
  opts: {
    consignorIds: readonly string[];
    lots: number;
    hammer?: (i: number) => number;
    paidDaysAgo?: number | null;
    outcome?: 'sold' | 'unsold';
    type?: 'timed' | 'live';
  },
): Promise<SaleLot[]> {
  const tag = crypto.randomBytes(4).toString('hex');
  const hammer = opts.hammer ?? ((i: number) => 100_000 + i * 1_000);
  const outcome = opts.outcome ?? 'sold';
  const [buyer] = await db.query<{ id: string }>(
    `insert into users (first_name, last_name, email, role, email_verified_at)
     values ('Bo', 'Buyer', $1, 'user', now()) returning id`,
    [`buyer.${tag}@example.com`],
  );
  const [sale] = await db.query<{ id: string }>(
    `insert into auctions (slug, title, type, status, starts_at, ends_at)
     values ($1, 'Consigned Sale', $2, 'closed', now() - interval '40 days', now() - interval '30 days') returning id`,
    [`consigned-${tag}`, opts.type ?? 'timed'],
  );
  const consignments = await db.query<{ id: string; consignor_id: string }>(
    `insert into consignments (number, consignor_id, received_at)
     select 'C-1999-' || lpad((floor(random() * 1e8))::bigint::text, 8, '0') || lpad(n::text, 4, '0'), c, now() - interval '60 days'
     from unnest($1::uuid[]) with ordinality as x(c, n) returning id, consignor_id`,
    [opts.consignorIds],
  );
  const consignmentOf = new Map(consignments.map((k) => [k.consignor_id, k.id]));
  const idx = Array.from({ length: opts.lots }, (_, i) => i);
  const consignorOf = idx.map((i) => opts.consignorIds[i % opts.consignorIds.length]!);
  const rugs = await db.query<{ id: string; n: number }>(
    `insert into rugs (slug, title, origin_country, origin_region, style, age_class, width_cm, length_cm, shape,
       condition_grade, estimate_low, estimate_high, status)
     select $1 || '-' || n, 'Consigned Heriz ' || n, 'Iran', 'Heriz', 'persian', 'antique', 200, 300, 'rectangle',
       'good', 100000, 200000, 'sold'
     from generate_series(0, $2::int - 1) n returning id, (substring(slug from '[0-9]+$'))::int as n`,
    [`consigned-rug-${tag}`, opts.lots],
  );
  const rugOf = new Map(rugs.map((r) => [Number(r.n), r.id]));
  const items = await db.query<{ id: string; rug_id: string }>(
    `insert into consignment_items (consignment_id, rug_id, estimate_low, estimate_high, status)
     select k, r, 100000, 200000, 'in_sale' from unnest($1::uuid[], $2::uuid[]) as x(k, r) returning id, rug_id`,
    [idx.map((i) => consignmentOf.get(consignorOf[i]!)), idx.map((i) => rugOf.get(i))],
  );
  const itemOf = new Map(items.map((r) => [r.rug_id, r.id]));
  const lots = await db.query<{ id: string; rug_id: string }>(
    `insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, outcome,
       starts_at, ends_at, closed_at, hammer_price, winner_id, current_bid)
     select $1, r, n, 10000, 100000, 200000, 'closed', $5, now() - interval '40 days', now() - interval '30 days',
       now() - interval '30 days', case when $5 = 'sold' then h end, case when $5 = 'sold' then $4::uuid end, h
     from unnest($2::uuid[], $3::bigint[]) with ordinality as x(r, h, n) returning id, rug_id`,
    [sale!.id, idx.map((i) => rugOf.get(i)), idx.map(hammer), buyer!.id, outcome],
  );
  const lotOf = new Map(lots.map((l) => [l.rug_id, l.id]));
  let orderOf = new Map<string, string>();
  if (outcome === 'sold') {
    const paid = opts.paidDaysAgo === undefined ? 20 : opts.paidDaysAgo;
    const orders = await db.query<{ id: string; lot_id: string }>(
      `insert into orders (user_id, rug_id, lot_id, kind, hammer_price, buyers_premium, item_price, currency, due_at,
         status, paid_at, won_mail_sent_at)
       select $1, r, l, 'auction', h, h / 4, h + h / 4, 'EUR', now() - interval '27 days',
         case when $5::int is null then 'awaiting_payment' else 'paid' end,
         case when $5::int is null then null else now() - make_interval(days => $5::int) end, now()
       from unnest($2::uuid[], $3::uuid[], $4::bigint[]) as x(r, l, h) returning id, lot_id`,
      [
        buyer!.id,
        idx.map((i) => rugOf.get(i)),
        idx.map((i) => lotOf.get(rugOf.get(i)!)),
        idx.map(hammer),
        paid,
      ],
    );
    orderOf = new Map(orders.map((o) => [o.lot_id, o.id]));
  }
  return idx.map((i) => {
    const rug = rugOf.get(i)!;
    const lotId = lotOf.get(rug)!;
    return {
      itemId: itemOf.get(rug)!,
      lotId,
      orderId: orderOf.get(lotId) ?? '',
      consignorId: consignorOf[i]!,
      hammer: hammer(i),
    };
  });
}

/**
 * Sets the house's `settlements` settings through the staff route: 15 % flat with a 50.00 minimum and no other
 * charge, unless `terms` says otherwise; `debtor` is the paying account (null: none).
 */
export async function putSettlementSettings(
  t: { app: FastifyInstance },
  token: string,
  terms: Record<string, unknown> = {},
  debtor: { name: string; iban: string; bic: string } | null = null,
): Promise<void> {
  const res = await putSettlementsWith(t, token, {
    consignmentTerms: { ...DEFAULT_CONSIGNMENT_TERMS, ...terms },
    debtor,
  });
  if (res.statusCode !== 200)
    throw new Error(`PUT /admin/settings/settlements: ${res.statusCode} ${res.body}`);
}

/** PUT /admin/settings/settlements with the default terms, no paying account and `extra`; the answer as it came. */
export const putSettlementsWith = (
  t: { app: FastifyInstance },
  token: string,
  extra: Record<string, unknown>,
) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/settlements',
    headers: { authorization: `Bearer ${token}` },
    payload: { holdingDays: 10, consignmentTerms: DEFAULT_CONSIGNMENT_TERMS, debtor: null, ...extra },
  });
