import { sql } from 'drizzle-orm';
import type { DepositKind, DepositState } from '@knotwork/shared/schemas/deposits';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { depositIsHeld } from '../lots/bidder-deposit-sql.ts';

export interface DepositRow {
  id: string;
  user_id: string;
  auction_id: string | null;
  sale_title: string | null;
  kind: DepositKind;
  amount_cents: string | number;
  currency: string;
  payment_intent_id: string | null;
  reference: string | null;
  created_ms: string | number;
  state: DepositState | null;
  ended_ms: string | number | null;
  end_reference: string | null;
  order_id: string | null;
}

const DEPOSIT_SELECT = sql`select d.id, d.user_id, d.auction_id, a.title as sale_title, d.kind, d.amount_cents,
    d.currency, d.payment_intent_id, d.reference, extract(epoch from d.created_at) * 1000 as created_ms,
    coalesce(e.kind, h.kind) as state, extract(epoch from e.created_at) * 1000 as ended_ms,
    e.reference as end_reference, e.order_id
  from bidder_deposits d
  left join auctions a on a.id = d.auction_id
  left join bidder_deposit_events h on h.deposit_id = d.id and h.kind = 'held'
  left join bidder_deposit_events e on e.deposit_id = d.id and e.kind <> 'held'`;

export type EndKind = Exclude<DepositState, 'held'>;

/** The SQL of deposits (migration 0370): append-only rows and events, and the limit a held deposit sets. */
export const depositRepository = {
  list: (db: Db, userId: string) =>
    rows<DepositRow>(
      db,
      sql`${DEPOSIT_SELECT} where d.user_id = ${userId}::uuid order by d.created_at desc, d.id`,
    ),

  async find(db: Db, id: string): Promise<DepositRow | undefined> {
    const [row] = await rows<DepositRow>(db, sql`${DEPOSIT_SELECT} where d.id = ${id}::uuid`);
    return row;
  },

  async byIntent(db: Db, paymentIntentId: string): Promise<DepositRow | undefined> {
    const [row] = await rows<DepositRow>(
      db,
      sql`${DEPOSIT_SELECT} where d.payment_intent_id = ${paymentIntentId}`,
    );
    return row;
  },

  /** How many deposits the bidder ever placed or had recorded: part of a card attempt's key without a client key. */
  async count(db: Db, userId: string): Promise<number> {
    const [row] = await rows<{ n: string | number }>(
      db,
      sql`select count(*) as n from bidder_deposits where user_id = ${userId}::uuid`,
    );
    return num(row?.n ?? 0);
  },

  /**
   * A new deposit with its first event ('held', or 'failed' for a card that was refused), in the caller's
   * transaction. A card hold's intent is unique: a retried attempt that already wrote answers undefined.
   */
  async insert(
    tx: Db,
    d: {
      userId: string;
      auctionId: string | null;
      kind: DepositKind;
      amountCents: number;
      currency: string;
      paymentIntentId?: string | null;
      reference?: string | null;
      recordedBy?: string | null;
      first: 'held' | 'failed';
      firstReference?: string | null;
    },
  ): Promise<string | undefined> {
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into bidder_deposits (user_id, auction_id, kind, amount_cents, currency, payment_intent_id, reference,
            recorded_by)
          values (${d.userId}::uuid, ${d.auctionId}::uuid, ${d.kind}, ${d.amountCents}, ${d.currency},
            ${d.paymentIntentId ?? null}, ${d.reference ?? null}, ${d.recordedBy ?? null}::uuid)
          on conflict (payment_intent_id) do nothing returning id`,
    );
    if (!row) return undefined;
    await tx.execute(sql`insert into bidder_deposit_events (deposit_id, kind, by_user, reference)
        values (${row.id}::uuid, ${d.first}, ${d.recordedBy ?? null}::uuid, ${d.firstReference ?? null})`);
    return row.id;
  },

  /** Ends a held deposit; false when it already ended (the unique index on its ending event keeps one). */
  async end(
    tx: Db,
    depositId: string,
    e: { kind: EndKind; byUser: string | null; orderId?: string | null; reference?: string | null },
  ): Promise<boolean> {
    const inserted = await rows<{ id: string }>(
      tx,
      sql`insert into bidder_deposit_events (deposit_id, kind, by_user, order_id, reference)
          values (${depositId}::uuid, ${e.kind}, ${e.byUser}::uuid, ${e.orderId ?? null}::uuid, ${e.reference ?? null})
          on conflict (deposit_id) where kind <> 'held' do nothing returning id`,
    );
    return inserted.length > 0;
  },

  /** What the bidder has held now, in cents (every sale and house-wide). */
  async heldCents(db: Db, userId: string): Promise<number> {
    const [row] = await rows<{ n: string | number | null }>(
      db,
      sql`select coalesce(sum(d.amount_cents), 0) as n from bidder_deposits d
          where d.user_id = ${userId}::uuid and ${depositIsHeld('d')}`,
    );
    return num(row?.n ?? 0);
  },

  /**
   * Serialises deposit changes of one bidder (two staff, the job and the bidder at once), before their limit row:
   * a transaction-scoped advisory lock, so a bidder without a limit row yet is covered too.
   */
  async lockBidder(tx: Db, userId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deposit:${userId}`}, 0))`);
  },

  async limitRow(tx: Db, userId: string) {
    const [row] = await rows<{
      limit_cents: string | number;
      source: string;
      hand_limit_cents: string | number | null;
      deposit_limit_cents: string | number | null;
    }>(
      tx,
      sql`select limit_cents, source, hand_limit_cents, deposit_limit_cents from bidder_limits
          where user_id = ${userId}::uuid for update`,
    );
    return row;
  },

  async setDepositLimit(tx: Db, userId: string, limitCents: number, handLimitCents: number | null) {
    await tx.execute(sql`insert into bidder_limits (user_id, limit_cents, note, set_by, source, hand_limit_cents,
          deposit_limit_cents)
        values (${userId}::uuid, ${limitCents}, '', null, 'deposit', ${handLimitCents}, ${limitCents})
        on conflict (user_id) do update set limit_cents = excluded.limit_cents, source = 'deposit',
          hand_limit_cents = excluded.hand_limit_cents, deposit_limit_cents = excluded.deposit_limit_cents,
          set_at = clock_timestamp()`);
  },

  async restoreHandLimit(tx: Db, userId: string, handLimitCents: number | null) {
    if (handLimitCents === null) {
      await tx.execute(sql`delete from bidder_limits where user_id = ${userId}::uuid`);
      return;
    }
    await tx.execute(sql`update bidder_limits set limit_cents = ${handLimitCents}, source = 'staff',
        hand_limit_cents = null, deposit_limit_cents = null, set_at = clock_timestamp()
      where user_id = ${userId}::uuid`);
  },

  async limitOf(db: Db, userId: string) {
    const [row] = await rows<{ limit_cents: string | number; source: string }>(
      db,
      sql`select limit_cents, source from bidder_limits where user_id = ${userId}::uuid`,
    );
    return row;
  },

  async sale(db: Db, auctionId: string) {
    const [row] = await rows<{ id: string; status: string; deposit_cents: string | number | null }>(
      db,
      sql`select id, status, deposit_cents from auctions where id = ${auctionId}::uuid`,
    );
    return row;
  },

  async setSaleDeposit(tx: Db, auctionId: string, depositCents: number | null): Promise<boolean> {
    const done = await rows<{ id: string }>(
      tx,
      sql`update auctions set deposit_cents = ${depositCents}, updated_at = clock_timestamp()
          where id = ${auctionId}::uuid returning id`,
    );
    return done.length > 0;
  },

  /** The buyer's saved card (brand and last four shown; the method id holds the deposit). */
  savedCard(db: Db, userId: string) {
    return rows<{
      card_brand: string | null;
      card_last4: string | null;
      stripe_payment_method_id: string | null;
    }>(
      db,
      sql`select card_brand, card_last4, stripe_payment_method_id from users where id = ${userId}::uuid`,
    );
  },

  async userExists(db: Db, userId: string): Promise<boolean> {
    return (await rows(db, sql`select 1 from users where id = ${userId}::uuid`)).length > 0;
  },

  /** The buyer's order, if it is theirs. */
  async orderOf(db: Db, userId: string, orderId: string) {
    const [row] = await rows<{ id: string; status: string }>(
      db,
      sql`select id, status from orders where id = ${orderId}::uuid and user_id = ${userId}::uuid`,
    );
    return row;
  },

  /**
   * Card holds the job releases, oldest first: those of sales that are over (closed or cancelled), and house-wide
   * ones held for 6 days (Stripe lets an uncaptured authorisation lapse after 7: released here first, in words).
   */
  holdsToRelease: (db: Db, limit: number) =>
    rows<{ id: string; payment_intent_id: string; user_id: string }>(
      db,
      sql`select d.id, d.payment_intent_id, d.user_id from bidder_deposits d left join auctions a on a.id = d.auction_id
          where d.kind = 'card_hold' and ${depositIsHeld('d')}
            and (a.status in ('closed', 'cancelled')
              or (d.auction_id is null and d.created_at < clock_timestamp() - interval '6 days'))
          order by d.created_at limit ${limit}`,
    ),

  /** Bank deposits still held whose sale is over, with the bidder's unpaid orders of that sale: staff's to apply. */
  toApply: (db: Db) =>
    rows<DepositRow & { bidder_name: string; unpaid: string[] | null }>(
      db,
      sql`select x.*, trim(u.first_name || ' ' || u.last_name) as bidder_name,
            (select array_agg(o.id::text order by o.created_at) from orders o join lots l on l.id = o.lot_id
              where o.user_id = x.user_id and l.auction_id = x.auction_id and o.status = 'awaiting_payment') as unpaid
          from (${DEPOSIT_SELECT} where d.kind = 'bank_transfer' and e.id is null and h.id is not null) x
          join auctions sa on sa.id = x.auction_id join users u on u.id = x.user_id
          where sa.status in ('closed', 'cancelled') order by x.created_ms limit 200`,
    ),
};
