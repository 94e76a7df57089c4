import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ConsignmentTermsOverride } from '@knotwork/shared/consignments/terms';
import type { AdminConsignorCreate } from '@knotwork/shared/schemas/consignors-staff';
import { rows } from '../db/raw.ts';
import { HttpError } from '../lib/http-error.ts';

const DAY = 86_400_000;

/** The account the demo's French consignor is linked to: signing in as it opens the consignor portal (/consignor). */
export const DEMO_CONSIGNOR_ACCOUNT = 'demo@knotwork.local';

/** Two buyers of the past sale's lots: accounts without a password (no one signs in as them). */
const DEMO_BUYERS = [
  { firstName: 'Margaret', lastName: 'Hale', email: 'margaret.hale@buyers.knotwork.local' },
  { firstName: 'Tomás', lastName: 'Ibarra', email: 'tomas.ibarra@buyers.knotwork.local' },
] as const;

interface DemoConsignor {
  input: AdminConsignorCreate;
  /** What staff saw before paying (decision 086); none: the payout stays held (identity not checked). */
  identity: string | null;
  termsOverride: ConsignmentTermsOverride | null;
  notes: string;
}

/**
 * A private collector in France (IBAN, VAT charged on the house's commission and fees), a VAT-registered dealer in
 * the UK on a negotiated sliding scale (no VAT charged: reverse charge), and a US consignor on the house's terms
 * (ABA account) whose identity is not checked yet, so the payouts screen shows a held payout.
 */
export const DEMO_CONSIGNORS: readonly DemoConsignor[] = [
  {
    input: {
      kind: 'person',
      name: 'Hélène Marchand',
      email: 'helene.marchand@example.fr',
      phone: '+33 4 78 00 12 34',
      address: { line1: '12 rue Auguste Comte', city: 'Lyon', postalCode: '69002', country: 'FR' },
      language: 'fr',
      vatRegistered: false,
      payout: {
        method: 'iban',
        holder: 'Hélène Marchand',
        iban: 'FR7630006000011234567890189',
        bic: 'AGRIFRPP',
      },
      userEmail: DEMO_CONSIGNOR_ACCOUNT,
      notes: 'Rugs from her late father’s collection, bought in Tehran and Istanbul in the 1970s.',
    },
    identity: 'Carte nationale d’identité, FR',
    termsOverride: {
      lottingFeeCents: 2_500,
      photographyFeeCents: 1_500,
      insuranceRateBps: 100,
      vatRateBps: 2_000,
      vatOnCommissionAndFees: true,
    },
    notes: 'Consigned at the Lyon valuation day.',
  },
  {
    input: {
      kind: 'dealer',
      name: 'Ashworth & Lane Oriental Rugs',
      company: 'Ashworth & Lane Ltd',
      email: 'accounts@ashworth-lane.example.co.uk',
      phone: '+44 20 7946 0321',
      address: { line1: '41 Kensington Church Street', city: 'London', postalCode: 'W8 4LL', country: 'GB' },
      language: 'en',
      vatRegistered: true,
      vatNumber: 'GB 123 4567 89',
      payout: {
        method: 'iban',
        holder: 'Ashworth & Lane Ltd',
        iban: 'GB29NWBK60161331926819',
        bic: 'NWBKGB2L',
      },
      notes: 'Trade terms agreed for 2026: sliding scale, no minimum.',
    },
    identity: 'Companies House extract and a director’s passport, GB',
    termsOverride: {
      commission: {
        kind: 'sliding',
        bands: [
          { fromCents: 0, rateBps: 1_200 },
          { fromCents: 500_000, rateBps: 1_000 },
          { fromCents: 2_000_000, rateBps: 800 },
        ],
      },
      minimumCommissionCents: 0,
      lottingFeeCents: 2_500,
      buyInFeeRateBps: 500,
      vatOnCommissionAndFees: false,
    },
    notes: 'Dealer stock, delivered to the saleroom.',
  },
  {
    input: {
      kind: 'person',
      name: 'Robert Whitfield',
      email: 'r.whitfield@example.com',
      phone: '+1 505 555 0142',
      address: {
        line1: '220 Canyon Road',
        city: 'Santa Fe',
        state: 'NM',
        postalCode: '87501',
        country: 'US',
      },
      language: 'en',
      payout: {
        method: 'us_account',
        holder: 'Robert Whitfield',
        routingNumber: '121000358',
        accountNumber: '4417829031',
        accountType: 'checking',
      },
    },
    identity: null,
    termsOverride: null,
    notes: 'House terms.',
  },
];

interface SaleLot {
  lot_id: string;
  rug_id: string;
  lot_number: number;
  outcome: 'sold' | 'unsold';
  hammer_price: string | number | null;
  estimate_low: string | number;
  estimate_high: string | number;
  reserve: string | number | null;
  starts_ms: string | number;
  closed_ms: string | number;
}

/**
 * Consignors, consignments, a settled past sale and a paid payout batch (issue 27 §4), through the services as staff
 * would: the most recent archive sale's rugs are consigned (round robin, lot by lot) before it started, its sold
 * lots get buyers whose orders are paid and delivered, the settlement run posts the journal, and a payout batch pays
 * the consignors who can be paid and is marked paid. Once: nothing is added when any consignor exists, nor without
 * the demo catalogue's archive; two processes starting together are decided by the demo account's link (unique).
 */
export async function seedDemoConsignments(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const { consignors, settlements } = app.services;
  const started = Date.now();
  const [any] = await rows<{ id: string }>(db, sql`select id from consignors limit 1`);
  if (any) return;
  const [staff] = await rows<{ id: string }>(
    db,
    sql`select id from users where email = 'staff@knotwork.local'`,
  );
  const [sale] = await rows<{ id: string }>(
    db,
    sql`select id from auctions where slug like 'archive-%' and status = 'closed' order by ends_at desc limit 1`,
  );
  if (!staff || !sale) return;
  const lots = await rows<SaleLot>(
    db,
    sql`select l.id as lot_id, l.rug_id, l.lot_number, l.outcome, l.hammer_price, l.estimate_low, l.estimate_high,
          l.reserve, extract(epoch from l.starts_at) * 1000 as starts_ms,
          extract(epoch from coalesce(l.closed_at, l.ends_at)) * 1000 as closed_ms
        from lots l where l.auction_id = ${sale.id}::uuid and l.status = 'closed'
          and not exists (select 1 from orders o where o.lot_id = l.id)
        order by l.lot_number`,
  );
  if (lots.length < DEMO_CONSIGNORS.length) return;

  const ids: string[] = [];
  for (const c of DEMO_CONSIGNORS) {
    try {
      ids.push((await consignors.create(staff.id, c.input)).id);
    } catch (err) {
      // Another process seeding at the same moment linked the demo account first: it does the rest.
      if (err instanceof HttpError && err.statusCode === 409 && ids.length === 0) return;
      throw err;
    }
  }
  for (const [i, c] of DEMO_CONSIGNORS.entries())
    if (c.identity) await consignors.checkIdentity(staff.id, ids[i]!, c.identity);
  const phases: Record<string, number> = { consignors: Date.now() - started };

  // The rugs came in a month before the sale started.
  const receivedAt = new Date(Math.min(...lots.map((l) => Number(l.starts_ms))) - 30 * DAY).toISOString();
  const pairs: { itemId: string; lotId: string }[] = [];
  for (const [i, c] of DEMO_CONSIGNORS.entries()) {
    const mine = lots.filter((_, n) => n % DEMO_CONSIGNORS.length === i);
    const consignment = await consignors.createConsignment(staff.id, {
      consignorId: ids[i]!,
      receivedAt,
      termsOverride: c.termsOverride,
      notes: c.notes,
      items: mine.map((l) => {
        const low = Number(l.estimate_low);
        const reserve = l.reserve === null ? null : Math.min(Number(l.reserve), low);
        return { rugId: l.rug_id, estimateLow: low, estimateHigh: Number(l.estimate_high), reserve };
      }),
    });
    await consignors.setAgreement(staff.id, consignment.id, { status: 'signed_on_paper', version: '2026-1' });
    const itemOf = new Map(consignment.items.map((it) => [it.rugId, it.id]));
    for (const l of mine) pairs.push({ itemId: itemOf.get(l.rug_id)!, lotId: l.lot_id });
  }

  phases.consignments = Date.now() - started;
  await seedPaidOrders(app, lots);
  phases.orders = Date.now() - started;
  await settlements.run(staff.id, { items: pairs });
  phases.settled = Date.now() - started;
  try {
    const batch = await settlements.createBatch(staff.id, {});
    await settlements.markPaid(staff.id, batch.id);
  } catch (err) {
    // Nobody to pay (every consignor's net negative): the demo simply has no batch.
    if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
  }
  app.log.info(
    { consignors: ids.length, lots: pairs.length, ms: Date.now() - started, phases },
    'demo consignments seeded',
  );
}

/**
 * The buyers' side of the past sale, as the sale left it: each sold lot won by one of two demo buyers, its order
 * paid three days after the sale, shipped and delivered (the holding period over). Orders only: no checkout or
 * invoice rows, which the payment desk writes when a buyer really pays.
 */
async function seedPaidOrders(app: FastifyInstance, lots: readonly SaleLot[]): Promise<void> {
  const { db, config } = app.ctx;
  const sold = lots.filter((l) => l.outcome === 'sold' && l.hammer_price !== null);
  if (sold.length === 0) return;
  await db.execute(sql`
    insert into users (first_name, last_name, email, role, email_verified_at)
    select "firstName", "lastName", email, 'user', now()
    from json_to_recordset(${JSON.stringify(DEMO_BUYERS)}::json) as x("firstName" text, "lastName" text, email text)
    on conflict do nothing`);
  const buyers = await rows<{ id: string }>(
    db,
    sql`select id from users where email in (${sql.join(
      DEMO_BUYERS.map((b) => sql`${b.email}`),
      sql`, `,
    )}) order by email`,
  );
  if (buyers.length === 0) return;
  const orders = sold.map((l, i) => {
    const hammer = Number(l.hammer_price);
    // The demo's buyer's premium: 25 % of the hammer, rounded to the cent half up.
    const premium = Math.floor((hammer * 2_500 + 5_000) / 10_000);
    const closed = Number(l.closed_ms);
    const at = (days: number) => new Date(closed + days * DAY).toISOString();
    return {
      user_id: buyers[i % buyers.length]!.id,
      rug_id: l.rug_id,
      lot_id: l.lot_id,
      hammer_price: hammer,
      buyers_premium: premium,
      item_price: hammer + premium,
      currency: config.CURRENCY,
      created_at: at(0),
      due_at: at(7),
      paid_at: at(3),
      shipped_at: at(6),
      delivered_at: at(12),
    };
  });
  await db.execute(sql`
    insert into orders (user_id, rug_id, lot_id, kind, hammer_price, buyers_premium, item_price, currency, status,
      due_at, paid_at, shipped_at, delivered_at, won_mail_sent_at, shipping_method, shipping_amount, tax_amount, total,
      created_at, updated_at)
    select user_id, rug_id, lot_id, 'auction', hammer_price, buyers_premium, item_price, currency, 'delivered',
      due_at, paid_at, shipped_at, delivered_at, created_at, 'collect', 0, 0, item_price, created_at, delivered_at
    from json_to_recordset(${JSON.stringify(orders)}::json) as x(user_id uuid, rug_id uuid, lot_id uuid,
      hammer_price bigint, buyers_premium bigint, item_price bigint, currency text, created_at timestamptz,
      due_at timestamptz, paid_at timestamptz, shipped_at timestamptz, delivered_at timestamptz)`);
  await db.execute(sql`
    update lots l set winner_id = o.user_id from orders o
    where o.lot_id = l.id and l.id = any(${sql.param(orders.map((o) => o.lot_id))}::uuid[])`);
}
