import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';

/** One lot as a calendar event: when it closes (soft close included) and what it is. */
export interface LotEventRow {
  lotId: string;
  lotNumber: number;
  rugId: string;
  rugTitle: string;
  auctionTitle: string;
  endsMs: number;
  status: string;
}

/** Closed lots stay in the feed this long, then drop off (issue 14). */
export const CLOSED_LOTS_KEPT_DAYS = 7;

const toEvent = (r: Record<string, unknown>): LotEventRow => ({
  lotId: r.lot_id as string,
  lotNumber: num(r.lot_number),
  rugId: r.rug_id as string,
  rugTitle: r.rug_title as string,
  auctionTitle: r.auction_title as string,
  // Whole seconds: iCalendar has no finer unit, and PostgreSQL's microseconds would be refused by the generator.
  endsMs: Math.floor(num(r.ends_ms) / 1000) * 1000,
  status: r.status as string,
});

const LOT_COLUMNS = sql`l.id as lot_id, l.lot_number, l.rug_id, r.title as rug_title, a.title as auction_title,
  extract(epoch from l.ends_at) * 1000 as ends_ms, l.status`;

export function createCalendarRepository(db: Db) {
  return {
    /** The account's feed token, created on first use. */
    async token(userId: string): Promise<string> {
      const [row] = await rows<{ token: string }>(
        db,
        sql`with created as (
              insert into calendar_feeds (user_id, token) values (${userId}::uuid, ${newToken()})
              on conflict (user_id) do nothing returning token)
            select token from created union all select token from calendar_feeds where user_id = ${userId}::uuid limit 1`,
      );
      return row!.token;
    },

    /** A new token; the previous one stops working. */
    async regenerate(userId: string): Promise<string> {
      const [row] = await rows<{ token: string }>(
        db,
        sql`insert into calendar_feeds (user_id, token) values (${userId}::uuid, ${newToken()})
            on conflict (user_id) do update set token = excluded.token, created_at = now() returning token`,
      );
      return row!.token;
    },

    async userOfToken(token: string): Promise<string | null> {
      const [row] = await rows<{ user_id: string }>(
        db,
        sql`select user_id from calendar_feeds where token = ${token}`,
      );
      return row?.user_id ?? null;
    },

    /** Lots the user watches (liked rugs) or bid on: scheduled, open, or closed in the last week. */
    async lotsOf(userId: string): Promise<LotEventRow[]> {
      const found = await rows<Record<string, unknown>>(
        db,
        sql`select ${LOT_COLUMNS}
            from lots l join rugs r on r.id = l.rug_id join auctions a on a.id = l.auction_id
            where l.status <> 'withdrawn'
              and (l.status in ('scheduled', 'open') or l.ends_at > now() - make_interval(days => ${CLOSED_LOTS_KEPT_DAYS}))
              and (exists (select 1 from likes k where k.user_id = ${userId}::uuid and k.rug_id = l.rug_id)
                or exists (select 1 from bids b where b.bidder_id = ${userId}::uuid and b.lot_id = l.id and b.status = 'accepted'))
            order by l.ends_at, l.id`,
      );
      return found.map(toEvent);
    },

    /** One lot by its id, or its rug's current or latest lot by the rug's id. */
    async lot(id: string): Promise<LotEventRow | null> {
      const [row] = await rows<Record<string, unknown>>(
        db,
        sql`select ${LOT_COLUMNS}
            from lots l join rugs r on r.id = l.rug_id join auctions a on a.id = l.auction_id
            where (l.id = ${id}::uuid or l.rug_id = ${id}::uuid) and l.status <> 'withdrawn'
              and r.status in ('available', 'reserved', 'sold') and a.status <> 'draft'
            order by (l.id = ${id}::uuid) desc, (l.status in ('scheduled', 'open')) desc, l.ends_at desc limit 1`,
      );
      return row ? toEvent(row) : null;
    },
  };
}

/** 32 random bytes, URL-safe: unguessable, and the only credential the feed asks for. */
const newToken = () => crypto.randomBytes(32).toString('base64url');
