import { sql } from 'drizzle-orm';
import type { AutopayAttemptOutcome } from '@knotwork/shared/schemas/autopay';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/raw.ts';

/** How long a claimed charge may stay 'charging' before another run takes it over (a crashed process's claim). */
export const STALE_CLAIM_MINUTES = 10;

export interface PreferenceRow {
  enabled: boolean;
  card_on_file: boolean;
}

export interface OrderFactsRow {
  id: string;
  user_id: string;
  kind: 'auction' | 'buy_now' | 'fixed_price';
  status: string;
  created_ms: string | number;
  card_on_file: boolean;
  /** The buyer's preference, and when it was turned on (orders invoiced since are enrolled). */
  pref_enabled: boolean | null;
  pref_enabled_ms: string | number | null;
}

export interface ScheduleRow {
  order_id: string;
  user_id: string;
  enabled: boolean;
  state: 'scheduled' | 'charging' | 'done' | 'failed';
  next_attempt_ms: string | number;
  attempts: number;
}

export interface AttemptRow {
  attempt: number;
  outcome: AutopayAttemptOutcome;
  decline_code: string | null;
  payment_intent_id: string | null;
  amount_cents: string | number | null;
  currency: string | null;
  next_attempt_ms: string | number | null;
  created_ms: string | number;
}

/** A schedule a job run claimed: the order, its buyer's card and address, and the attempt number in flight. */
export interface ClaimedRow {
  order_id: string;
  user_id: string;
  attempt: number;
  order_status: string;
  due_ms: string | number;
  stripe_customer_id: string | null;
  stripe_payment_method_id: string | null;
  /** The default address, else the newest: where autopay ships (decision 096). */
  address_id: string | null;
}

/**
 * When an order's first charge falls due: `delayHours` after it was made, but never later than an hour before its due
 * date (a 72-hour delay on a 3-day order would otherwise land on the due date, where the strikes job looks).
 */
const firstChargeAt = (delayHours: number) =>
  sql`least(o.created_at + make_interval(hours => ${delayHours}), greatest(o.created_at, o.due_at - interval '1 hour'))`;

const SCHEDULE_COLUMNS = sql`order_id, user_id, enabled, state, extract(epoch from next_attempt_at) * 1000 as next_attempt_ms, attempts`;

/** Autopay's SQL (issue 29 §4, decision 096): the buyer's choice, each order's schedule, the append-only attempts. */
export const autopayRepository = {
  async preference(db: Db, userId: string): Promise<PreferenceRow | undefined> {
    const [row] = await rows<PreferenceRow>(
      db,
      sql`select coalesce(p.enabled, false) as enabled, u.stripe_payment_method_id is not null as card_on_file
          from users u left join autopay_preferences p on p.user_id = u.id
          where u.id = ${userId}::uuid`,
    );
    return row;
  },

  /**
   * Sets the buyer's choice; turning it on stamps enabled_at (orders invoiced from then on are enrolled), turning it
   * off also switches off their orders still waiting for a first or a retried charge.
   */
  async setPreference(db: Db, userId: string, enabled: boolean): Promise<void> {
    await db.execute(
      sql`insert into autopay_preferences (user_id, enabled, enabled_at)
          values (${userId}::uuid, ${enabled}, case when ${enabled} then clock_timestamp() end)
          on conflict (user_id) do update set enabled = excluded.enabled,
            enabled_at = case when excluded.enabled and not autopay_preferences.enabled then clock_timestamp()
                              else autopay_preferences.enabled_at end,
            updated_at = clock_timestamp()`,
    );
    if (!enabled)
      await db.execute(
        sql`update order_autopay set enabled = false, updated_at = clock_timestamp()
            where user_id = ${userId}::uuid and enabled and state = 'scheduled'`,
      );
  },

  async orderFacts(db: Db, orderId: string): Promise<OrderFactsRow | undefined> {
    const [row] = await rows<OrderFactsRow>(
      db,
      sql`select o.id, o.user_id, o.kind, o.status, extract(epoch from o.created_at) * 1000 as created_ms,
            u.stripe_payment_method_id is not null as card_on_file,
            p.enabled as pref_enabled, extract(epoch from p.enabled_at) * 1000 as pref_enabled_ms
          from orders o join users u on u.id = o.user_id
          left join autopay_preferences p on p.user_id = o.user_id
          where o.id = ${orderId}::uuid`,
    );
    return row;
  },

  async schedule(db: Db, orderId: string): Promise<ScheduleRow | undefined> {
    const [row] = await rows<ScheduleRow>(
      db,
      sql`select ${SCHEDULE_COLUMNS} from order_autopay where order_id = ${orderId}::uuid`,
    );
    return row;
  },

  attempts(db: Db, orderId: string): Promise<AttemptRow[]> {
    return rows<AttemptRow>(
      db,
      sql`select attempt, outcome, decline_code, payment_intent_id, amount_cents, currency,
            extract(epoch from next_attempt_at) * 1000 as next_attempt_ms, extract(epoch from created_at) * 1000 as created_ms
          from autopay_attempts where order_id = ${orderId}::uuid order by attempt`,
    );
  },

  /**
   * The buyer's per-order switch, under the schedule's row lock: turning on creates the schedule when there is none
   * (first charge `delayHours` after the invoice, or at once when that has passed); a schedule being charged or
   * finished is left as it is. Answers the schedule after the change, or undefined when it could not change.
   */
  async switchOrder(
    db: Db,
    order: { id: string; userId: string },
    enabled: boolean,
    delayHours: number,
  ): Promise<ScheduleRow | undefined> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into order_autopay (order_id, user_id, enabled, next_attempt_at)
            select o.id, o.user_id, ${enabled}, greatest(${firstChargeAt(delayHours)}, clock_timestamp())
            from orders o where o.id = ${order.id}::uuid
            on conflict (order_id) do nothing`,
      );
      const [row] = await rows<ScheduleRow>(
        tx,
        sql`update order_autopay set enabled = ${enabled}, updated_at = clock_timestamp(),
              next_attempt_at = case when ${enabled} then greatest(next_attempt_at, clock_timestamp()) else next_attempt_at end
            where order_id = ${order.id}::uuid and state = 'scheduled'
            returning ${SCHEDULE_COLUMNS}`,
      );
      return row;
    });
  },

  /**
   * Enrols the orders invoiced since their buyer turned autopay on: auction wins and buy-now purchases awaiting
   * payment, first charge `delayHours` after the order was made. Many processes may run it: the primary key keeps
   * one schedule per order.
   */
  async enrol(db: Db, delayHours: number, limit: number): Promise<number> {
    const inserted = await rows<{ order_id: string }>(
      db,
      sql`insert into order_autopay (order_id, user_id, next_attempt_at)
          select o.id, o.user_id, ${firstChargeAt(delayHours)}
          from autopay_preferences p
          join orders o on o.user_id = p.user_id and o.status = 'awaiting_payment' and o.kind in ('auction', 'buy_now')
            and o.created_at >= p.enabled_at
          where p.enabled and not exists (select 1 from order_autopay a where a.order_id = o.id)
          order by o.created_at limit ${limit}
          on conflict (order_id) do nothing
          returning order_id`,
    );
    return inserted.length;
  },

  /** Schedules whose order no longer awaits payment (paid some other way, cancelled) are done: nothing to charge. */
  async finishSettled(db: Db): Promise<number> {
    const done = await rows<{ order_id: string }>(
      db,
      sql`update order_autopay a set state = 'done', updated_at = clock_timestamp()
          from orders o
          where o.id = a.order_id and a.state = 'scheduled' and o.status <> 'awaiting_payment'
          returning a.order_id`,
    );
    return done.length;
  },

  /**
   * Claims up to `limit` due schedules for this run: enabled, scheduled and due, or charging under a claim older
   * than STALE_CLAIM_MINUTES (its process died or lost Stripe's answer: the same attempt number, hence the same
   * Idempotency-Key, is tried again). `for update skip locked` plus the move to 'charging' in the same statement:
   * two runs, in one process or two, never claim the same schedule.
   */
  claimDue(db: Db, limit: number): Promise<ClaimedRow[]> {
    return rows<ClaimedRow>(
      db,
      sql`with due as (
            select a.order_id from order_autopay a
            where a.enabled and ((a.state = 'scheduled' and a.next_attempt_at <= clock_timestamp())
              or (a.state = 'charging' and a.claimed_at < clock_timestamp() - make_interval(mins => ${STALE_CLAIM_MINUTES})))
            order by a.next_attempt_at limit ${limit} for update skip locked),
          claimed as (
            update order_autopay a set state = 'charging', claimed_at = clock_timestamp(), updated_at = clock_timestamp()
            from due where a.order_id = due.order_id returning a.order_id, a.user_id, a.attempts)
          select c.order_id, c.user_id, c.attempts + 1 as attempt, o.status as order_status,
            extract(epoch from o.due_at) * 1000 as due_ms, u.stripe_customer_id, u.stripe_payment_method_id,
            (select ad.id from addresses ad where ad.user_id = c.user_id
              order by ad.is_default desc, ad.created_at desc limit 1) as address_id
          from claimed c join orders o on o.id = c.order_id join users u on u.id = c.user_id`,
    );
  },

  /**
   * Records an attempt's outcome and moves the schedule on, in one transaction: the next attempt at `nextAt`
   * ('scheduled'), or none ('done' when paid, 'failed' otherwise). The unique (order, attempt) makes a second
   * recording of the same attempt a no-op (false).
   */
  async recordAttempt(
    db: Db,
    a: {
      orderId: string;
      attempt: number;
      idempotencyKey: string;
      outcome: AutopayAttemptOutcome;
      declineCode: string | null;
      paymentIntentId: string | null;
      checkoutId: string | null;
      amountCents: number | null;
      currency: string | null;
      nextAt: Date | null;
    },
  ): Promise<boolean> {
    const inserted = await rows<{ id: string }>(
      db,
      sql`insert into autopay_attempts (order_id, attempt, idempotency_key, outcome, decline_code, payment_intent_id,
              checkout_id, amount_cents, currency, next_attempt_at)
            values (${a.orderId}::uuid, ${a.attempt}, ${a.idempotencyKey}, ${a.outcome}, ${a.declineCode},
              ${a.paymentIntentId}, ${a.checkoutId}::uuid, ${a.amountCents}, ${a.currency}, ${a.nextAt?.toISOString() ?? null}::timestamptz)
            on conflict do nothing returning id`,
    );
    if (inserted.length === 0) return false;
    const state = a.nextAt ? 'scheduled' : a.outcome === 'succeeded' ? 'done' : 'failed';
    await db.execute(
      sql`update order_autopay set attempts = ${a.attempt}, state = ${state}, claimed_at = null,
              next_attempt_at = coalesce(${a.nextAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
              updated_at = clock_timestamp()
            where order_id = ${a.orderId}::uuid`,
    );
    return true;
  },

  /** Gives a claim back without an outcome (Stripe unreachable): the same attempt number runs again at `at`. */
  async release(db: Db, orderId: string, at: Date, state: 'scheduled' | 'done' = 'scheduled'): Promise<void> {
    await db.execute(
      sql`update order_autopay set state = ${state}, claimed_at = null, next_attempt_at = ${at.toISOString()}::timestamptz,
            updated_at = clock_timestamp()
          where order_id = ${orderId}::uuid and state = 'charging'`,
    );
  },

  /** Who is told about a failed attempt, in their language, and what the order is. */
  async notice(db: Db, orderId: string) {
    const [row] = await rows<{
      email: string;
      first_name: string;
      language: string;
      rug_id: string;
      rug_title: string;
      lot_number: number | null;
      item_price: string | number;
      currency: string;
    }>(
      db,
      sql`select u.email, u.first_name, u.language, r.id as rug_id, r.title as rug_title, l.lot_number, o.item_price, o.currency
          from orders o join users u on u.id = o.user_id join rugs r on r.id = o.rug_id left join lots l on l.id = o.lot_id
          where o.id = ${orderId}::uuid`,
    );
    return row;
  },
};
