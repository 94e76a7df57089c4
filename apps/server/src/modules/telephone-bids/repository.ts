import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { saleIsPublic } from '../lots/sale-sql.ts';

/**
 * The SQL of telephone bids (issue 29 §1, decision 097). Every function takes the caller's database or transaction.
 * A lot has "started" once the clerk put it on the block (its live_lots row) or it closed or was withdrawn: from then
 * on its lines can no longer be booked, cancelled or handed to another operator.
 */

const STARTED = sql`(exists (select 1 from live_lots ll where ll.lot_id = l.id) or l.status in ('closed', 'withdrawn'))`;

export interface TelephoneSaleRow {
  id: string;
  title: string;
  slug: string;
  type: 'timed' | 'live';
}

/** The sale from its id or slug, when the public may see it. */
export async function findSale(db: Db, ref: string): Promise<TelephoneSaleRow | undefined> {
  const [row] = await rows<TelephoneSaleRow>(
    db,
    sql`select a.id::text as id, a.title, a.slug, a.type from auctions a
        where (a.id::text = ${ref.toLowerCase()} or a.slug = ${ref}) and ${saleIsPublic('a')}`,
  );
  return row;
}

export interface RegistrationForPhoneRow {
  id: string;
  paddle: number;
  status: 'pending' | 'approved' | 'rejected';
  phone: string;
}

export async function registrationOf(
  db: Db,
  auctionId: string,
  userId: string,
): Promise<RegistrationForPhoneRow | undefined> {
  const [row] = await rows<RegistrationForPhoneRow>(
    db,
    sql`select id::text as id, paddle, status, phone from sale_registrations
        where auction_id = ${auctionId}::uuid and user_id = ${userId}::uuid`,
  );
  return row;
}

export interface BookableLotRow {
  lot_id: string;
  lot_number: number;
  title: string;
  estimate_low: string | number;
  estimate_high: string | number;
  started: boolean;
  lines: string | number;
  my_booking: string | null;
}

/** The sale's lots (withdrawn left out) with their live bookings and the caller's own, in lot order. */
export async function bookableLots(
  db: Db,
  auctionId: string,
  userId: string | null,
): Promise<BookableLotRow[]> {
  return rows<BookableLotRow>(
    db,
    sql`select l.id::text as lot_id, l.lot_number, r.title, l.estimate_low, l.estimate_high, ${STARTED} as started,
          (select count(*) from telephone_bookings b where b.lot_id = l.id and b.cancelled_at is null) as lines,
          (select b.id::text from telephone_bookings b where b.lot_id = l.id and b.cancelled_at is null
             and b.user_id = ${userId}::uuid) as my_booking
        from lots l join rugs r on r.id = l.rug_id
        where l.auction_id = ${auctionId}::uuid and l.status <> 'withdrawn'
        order by l.lot_number`,
  );
}

/**
 * Locks the lots in id order (two bidders booking the same lots wait for each other, never deadlock) and reads what
 * a booking checks: the lot's sale, its low estimate, whether it started and the lines taken now.
 */
export async function lockLots(
  tx: Db,
  lotIds: readonly string[],
): Promise<
  {
    lot_id: string;
    auction_id: string;
    estimate_low: string | number;
    started: boolean;
    lines: string | number;
  }[]
> {
  return rows(
    tx,
    sql`with locked as materialized (
          select id from lots where id = any(${sql.param([...lotIds])}::uuid[]) order by id for update)
        select l.id::text as lot_id, l.auction_id::text as auction_id, l.estimate_low, ${STARTED} as started,
          (select count(*) from telephone_bookings b where b.lot_id = l.id and b.cancelled_at is null) as lines
        from locked k join lots l on l.id = k.id`,
  );
}

/** The user's live bookings among these lots (a second booking of the same lot is a no-op). */
export async function bookedLots(tx: Db, userId: string, lotIds: readonly string[]): Promise<Set<string>> {
  const found = await rows<{ lot_id: string }>(
    tx,
    sql`select lot_id::text as lot_id from telephone_bookings
        where user_id = ${userId}::uuid and lot_id = any(${sql.param([...lotIds])}::uuid[]) and cancelled_at is null`,
  );
  return new Set(found.map((r) => r.lot_id));
}

export async function insertBookings(
  tx: Db,
  b: { auctionId: string; userId: string; registrationId: string; phone: string; lotIds: readonly string[] },
): Promise<void> {
  if (b.lotIds.length === 0) return;
  await tx.execute(sql`insert into telephone_bookings (auction_id, lot_id, user_id, registration_id, phone)
    select ${b.auctionId}::uuid, lot, ${b.userId}::uuid, ${b.registrationId}::uuid, ${b.phone}
    from unnest(${sql.param([...b.lotIds])}::uuid[]) as lot`);
}

/** The bidder's own live booking in the sale, its lot locked (a cancel waits for a clerk opening it). */
export async function lockMyBooking(
  tx: Db,
  bookingId: string,
  auctionId: string,
  userId: string,
): Promise<{ id: string; started: boolean } | undefined> {
  const [row] = await rows<{ id: string; started: boolean }>(
    tx,
    sql`with locked as materialized (
          select l.id from lots l join telephone_bookings b on b.lot_id = l.id
          where b.id = ${bookingId}::uuid and b.auction_id = ${auctionId}::uuid and b.user_id = ${userId}::uuid
            and b.cancelled_at is null
          for update of l)
        select ${bookingId}::text as id, ${STARTED} as started from locked k join lots l on l.id = k.id`,
  );
  return row;
}

export async function cancelBooking(tx: Db, bookingId: string): Promise<void> {
  await tx.execute(
    sql`update telephone_bookings set cancelled_at = clock_timestamp() where id = ${bookingId}::uuid and cancelled_at is null`,
  );
}

export interface StaffBookingRow {
  id: string;
  lot_id: string;
  lot_number: number;
  title: string;
  estimate_low: string | number;
  estimate_high: string | number;
  phase: 'waiting' | 'live' | 'done';
  bidder_id: string;
  bidder_name: string;
  paddle: number;
  phone: string;
  language: string;
  operator_id: string | null;
  operator_name: string | null;
  ready: boolean;
  leading: boolean;
  created_ms: string | number;
}

/** A sale's live bookings (or one operator's), in lot order then booking order. */
export async function saleBookings(
  db: Db,
  auctionId: string,
  operatorId: string | null = null,
): Promise<StaffBookingRow[]> {
  return rows<StaffBookingRow>(
    db,
    sql`select b.id::text as id, l.id::text as lot_id, l.lot_number, r.title, l.estimate_low, l.estimate_high,
          case when l.status in ('closed', 'withdrawn') or ll.closed_at is not null then 'done'
               when ll.lot_id is not null then 'live' else 'waiting' end as phase,
          u.id::text as bidder_id, trim(u.first_name || ' ' || u.last_name) as bidder_name, g.paddle, b.phone,
          u.language, b.operator_id::text as operator_id,
          nullif(trim(o.first_name || ' ' || o.last_name), '') as operator_name,
          b.ready_at is not null as ready,
          coalesce(ll.closed_at is null and ll.state #>> '{bids,-1,source,kind}' = 'telephone'
            and ll.state #>> '{bids,-1,source,bidderId}' = u.id::text, false) as leading,
          extract(epoch from b.created_at) * 1000 as created_ms
        from telephone_bookings b join lots l on l.id = b.lot_id join rugs r on r.id = l.rug_id
          join users u on u.id = b.user_id join sale_registrations g on g.id = b.registration_id
          left join users o on o.id = b.operator_id left join live_lots ll on ll.lot_id = l.id
        where b.auction_id = ${auctionId}::uuid and b.cancelled_at is null
          ${operatorId ? sql`and b.operator_id = ${operatorId}::uuid` : sql``}
        order by l.lot_number, b.created_at, b.id`,
  );
}

/** Staff accounts of these roles, by name: who may be put on a telephone line. */
export async function staffOfRoles(
  db: Db,
  roles: readonly string[],
): Promise<{ id: string; name: string; role: string }[]> {
  return rows(
    db,
    sql`select id::text as id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) as name, role
        from users where role = any(${sql.param([...roles])}::text[])
        order by first_name, last_name, id`,
  );
}

/**
 * Hands a booking to an operator (or takes it back) while its lot has not started; a new operator has not called
 * the bidder yet, so the line is no longer ready. Answers the booking's lot, or undefined when there is no such
 * booking in the sale; `started` when its lot already went on the block.
 */
export async function assignOperator(
  tx: Db,
  auctionId: string,
  bookingId: string,
  operatorId: string | null,
): Promise<{ lot_id: string; user_id: string; started: boolean } | undefined> {
  const [row] = await rows<{ lot_id: string; user_id: string; started: boolean }>(
    tx,
    sql`with target as (
          select b.id, b.lot_id, b.user_id, ${STARTED} as started from telephone_bookings b join lots l on l.id = b.lot_id
          where b.id = ${bookingId}::uuid and b.auction_id = ${auctionId}::uuid and b.cancelled_at is null),
        changed as (
          update telephone_bookings b set operator_id = ${operatorId}::uuid,
            assigned_at = case when ${operatorId}::uuid is null then null else clock_timestamp() end,
            ready_at = case when b.operator_id is not distinct from ${operatorId}::uuid then b.ready_at end
          from target t where b.id = t.id and not t.started returning b.id)
        select lot_id::text as lot_id, user_id::text as user_id, started from target`,
  );
  return row;
}

/** The operator is on the line (or not) for their bookings of this lot. Answers how many lines changed. */
export async function setReady(
  tx: Db,
  auctionId: string,
  lotId: string,
  operatorId: string,
  ready: boolean,
): Promise<number> {
  const changed = await rows<{ id: string }>(
    tx,
    sql`update telephone_bookings set ready_at = ${ready ? sql`clock_timestamp()` : sql`null`}
        where auction_id = ${auctionId}::uuid and lot_id = ${lotId}::uuid and operator_id = ${operatorId}::uuid
          and cancelled_at is null
        returning id`,
  );
  return changed.length;
}

/** A live booking of the operator's: whom they bid for, on which lot, with which paddle. */
export async function operatorBooking(
  db: Db,
  bookingId: string,
  auctionId: string,
): Promise<{ lot_id: string; user_id: string; operator_id: string | null; paddle: number } | undefined> {
  const [row] = await rows<{ lot_id: string; user_id: string; operator_id: string | null; paddle: number }>(
    db,
    sql`select b.lot_id::text as lot_id, b.user_id::text as user_id, b.operator_id::text as operator_id, g.paddle
        from telephone_bookings b join sale_registrations g on g.id = b.registration_id
        where b.id = ${bookingId}::uuid and b.auction_id = ${auctionId}::uuid and b.cancelled_at is null`,
  );
  return row;
}

export interface MyLineRow {
  id: string;
  auction_id: string;
  auction_slug: string;
  auction_title: string;
  starts_ms: string | number | null;
  lot_id: string;
  lot_number: number;
  title: string;
  rug_slug: string;
  phone: string;
  operator_id: string | null;
  started: boolean;
  created_ms: string | number;
  cancelled_ms: string | number | null;
}

/**
 * The bidder's lines in public sales, one per lot: the live booking, else the last cancelled one (a bidder who
 * cancelled and booked again sees the line they have). Newest sale first, then lot order; `lotId` keeps one lot.
 */
export async function myLines(db: Db, userId: string, lotId: string | null): Promise<MyLineRow[]> {
  return rows<MyLineRow>(
    db,
    sql`select * from (
          select distinct on (b.lot_id) b.id::text as id, a.id::text as auction_id, a.slug as auction_slug,
            a.title as auction_title, extract(epoch from a.starts_at) * 1000 as starts_ms,
            l.id::text as lot_id, l.lot_number, r.title, r.slug as rug_slug, b.phone,
            b.operator_id::text as operator_id, ${STARTED} as started,
            extract(epoch from b.created_at) * 1000 as created_ms,
            extract(epoch from b.cancelled_at) * 1000 as cancelled_ms, a.starts_at
          from telephone_bookings b join lots l on l.id = b.lot_id join rugs r on r.id = l.rug_id
            join auctions a on a.id = b.auction_id
          where b.user_id = ${userId}::uuid and ${saleIsPublic('a')}
            ${lotId ? sql`and b.lot_id = ${lotId}::uuid` : sql``}
          order by b.lot_id, b.cancelled_at is null desc, b.cancelled_at desc, b.created_at desc) mine
        order by starts_at desc nulls last, auction_id, lot_number
        limit 200`,
  );
}
