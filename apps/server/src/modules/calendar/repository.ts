import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { lotIsLive } from '../lots/lot-sql.ts';
import { saleIsPublic } from '../lots/sale-sql.ts';
import type { LotEventRow, SaleEventRow } from './event-rows.ts';

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

/** SHA-256 of a feed token, hex: what the database keeps and looks up. */
export const hashFeedToken = (token: string) =>
  crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The feed token of an account: HMAC-SHA256 of the account and its nonce under a key derived from the server
 * secret, 43 URL-safe characters. Recomputed whenever the profile shows the link, so the token itself is never stored.
 */
export function deriveFeedToken(secret: string, userId: string, nonce: string): string {
  const key = crypto.createHmac('sha256', secret).update('knotwork calendar feed').digest();
  return crypto.createHmac('sha256', key).update(`${userId.toLowerCase()}:${nonce}`).digest('base64url');
}

interface FeedRow {
  nonce: string | null;
  token_hash: string | null;
}

export function createCalendarRepository(db: Db, secret: () => Promise<string>) {
  const newNonce = () => crypto.randomBytes(16).toString('base64url');
  /** Gives the account a fresh nonce and token hash; `keepLegacy` false also ends a pre-0080 token. */
  async function issue(userId: string, keepLegacy: boolean): Promise<string> {
    const nonce = newNonce();
    const token = deriveFeedToken(await secret(), userId, nonce);
    await db.execute(
      sql`insert into calendar_feeds (user_id, nonce, token_hash) values (${userId}::uuid, ${nonce}, ${hashFeedToken(token)})
          on conflict (user_id) do update set nonce = excluded.nonce, token_hash = excluded.token_hash,
            created_at = now()${keepLegacy ? sql`` : sql`, legacy_token_hash = null`}`,
    );
    return token;
  }

  return {
    /**
     * The account's feed token, created on first use. An account whose link predates migration 0080 gets a derived
     * token beside its old one (both work until it replaces the link). If the server secret changed since, the
     * derived token no longer matches its hash: the hash is renewed, and the previous URL stops working.
     */
    async token(userId: string): Promise<string> {
      const [row] = await rows<FeedRow>(
        db,
        sql`select nonce, token_hash from calendar_feeds where user_id = ${userId}::uuid`,
      );
      if (!row?.nonce) return issue(userId, true);
      const token = deriveFeedToken(await secret(), userId, row.nonce);
      const hash = hashFeedToken(token);
      if (hash !== row.token_hash) {
        await db.execute(sql`update calendar_feeds set token_hash = ${hash} where user_id = ${userId}::uuid`);
      }
      return token;
    },

    /** A new token; the previous one (and any pre-0080 token) stops working. */
    regenerate: (userId: string): Promise<string> => issue(userId, false),

    async userOfToken(token: string): Promise<string | null> {
      const hash = hashFeedToken(token);
      const [row] = await rows<{ user_id: string }>(
        db,
        sql`select user_id from calendar_feeds where token_hash = ${hash}
            union all select user_id from calendar_feeds where legacy_token_hash = ${hash} limit 1`,
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
              and (${lotIsLive('l')} or l.ends_at > now() - make_interval(days => ${CLOSED_LOTS_KEPT_DAYS}))
              and (exists (select 1 from likes k where k.user_id = ${userId}::uuid and k.rug_id = l.rug_id)
                or exists (select 1 from bids b where b.bidder_id = ${userId}::uuid and b.lot_id = l.id and b.status = 'accepted'))
            order by l.ends_at, l.id`,
      );
      return found.map(toEvent);
    },

    /** A published sale by id or slug with the span its open and upcoming lots close in; null when none is left. */
    async sale(idOrSlug: string, byId: boolean): Promise<SaleEventRow | null> {
      const [row] = await rows<Record<string, unknown>>(
        db,
        sql`select a.id, a.slug, a.title, count(l.id) as lots,
              extract(epoch from min(l.ends_at)) * 1000 as first_ms, extract(epoch from max(l.ends_at)) * 1000 as last_ms
            from auctions a join lots l on l.auction_id = a.id and ${lotIsLive('l')}
            where ${byId ? sql`a.id = ${idOrSlug}::uuid` : sql`a.slug = ${idOrSlug}`}
              and ${saleIsPublic('a')} and a.status <> 'cancelled'
            group by a.id`,
      );
      if (!row) return null;
      const whole = (v: unknown) => Math.floor(num(v) / 1000) * 1000;
      return {
        auctionId: row.id as string,
        slug: row.slug as string,
        title: row.title as string,
        lots: num(row.lots),
        firstEndMs: whole(row.first_ms),
        lastEndMs: whole(row.last_ms),
      };
    },

    /** One lot by its id, or its rug's current or latest lot by the rug's id. */
    async lot(id: string): Promise<LotEventRow | null> {
      const [row] = await rows<Record<string, unknown>>(
        db,
        sql`select ${LOT_COLUMNS}
            from lots l join rugs r on r.id = l.rug_id join auctions a on a.id = l.auction_id
            where (l.id = ${id}::uuid or l.rug_id = ${id}::uuid) and l.status <> 'withdrawn'
              and r.status in ('available', 'reserved', 'sold') and ${saleIsPublic('a')}
            order by (l.id = ${id}::uuid) desc, (${lotIsLive('l')}) desc, l.ends_at desc limit 1`,
      );
      return row ? toEvent(row) : null;
    },
  };
}
