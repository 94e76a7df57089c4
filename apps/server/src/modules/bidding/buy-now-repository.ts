import { sql } from 'drizzle-orm';
import { liveLotIdOfRug, lotIsLive } from '../lots/lot-sql.ts';
import { limitedAmong } from '../lots/bidder-limit-sql.ts';
import { consignorsAmong } from '../lots/own-lot-sql.ts';
import { unregisteredAmong } from '../lots/registration-sql.ts';
import { undepositedAmong } from '../lots/bidder-deposit-sql.ts';
import { rows } from '../../db/raw.ts';
import type { Tx } from '../lots/lot-repository.ts';

/** What buy now acts on, and who asks (buy-now-service.ts). */
export interface BuyNowTargetRow {
  /** The live lot the target names (itself, or the rug's live lot); null: the rug is not at auction now. */
  lot_id: string | null;
  /** The rug the target names (the lot's rug, or the rug itself); null: nothing matches. */
  rug_id: string | null;
  blocked: boolean;
  staff: boolean;
  /** The buyer consigned the rug (lots/own-lot-sql.ts). */
  own_lot: boolean;
  /** The buyer has a bidding limit (decision 090): a buy now at auction is checked against it. */
  limited: boolean;
  /**
   * The lot's sale requires registration and the buyer has no approved one (decision 090): its status, null when
   * they have none. Undefined (absent) when they may buy.
   */
  unregistered: { user_id: string; status: 'pending' | 'rejected' | null }[] | null;
  /** The lot asks a deposit (its sale's, or by its estimate) the buyer has not placed (decision 091). */
  undeposited: boolean;
  liked: boolean;
}

/**
 * The target of a buy now (a lot id or a rug id) and the buyer's standing, in one query at the start of its
 * transaction; undefined when the user does not exist.
 */
export async function buyNowTarget(
  tx: Tx,
  target: string,
  userId: string,
): Promise<BuyNowTargetRow | undefined> {
  const [found] = await rows<BuyNowTargetRow>(
    tx,
    sql`select coalesce((select id from lots l where l.id = ${target}::uuid and ${lotIsLive('l')}),
                            ${liveLotIdOfRug(sql`${target}::uuid`)}) as lot_id,
                   coalesce((select rug_id from lots where id = ${target}::uuid),
                            (select id from rugs where id = ${target}::uuid)) as rug_id,
                   u.bidding_blocked_at is not null as blocked, u.role <> 'user' as staff,
                   ${consignorsAmong(
                     sql`coalesce((select rug_id from lots where id = ${target}::uuid), ${target}::uuid)`,
                     sql`array[u.id]`,
                   )} is not null as own_lot,
                   ${limitedAmong(sql`array[u.id]`)} is not null as limited,
                   (select ${unregisteredAmong(sql`a.id`, sql`array[u.id]`)} from lots l join auctions a
                      on a.id = l.auction_id
                      where (l.id = ${target}::uuid or l.id = ${liveLotIdOfRug(sql`${target}::uuid`)})
                        and ${lotIsLive('l')} and a.registration_required) as unregistered,
                   coalesce((select ${undepositedAmong(sql`array[u.id]`, {
                     estimateLow: sql`l.estimate_low`,
                     saleId: sql`a.id`,
                     saleDeposit: sql`a.deposit_cents`,
                   })} is not null from lots l join auctions a on a.id = l.auction_id
                      where (l.id = ${target}::uuid or l.id = ${liveLotIdOfRug(sql`${target}::uuid`)})
                        and ${lotIsLive('l')}), false) as undeposited,
                   exists (select 1 from likes k where k.user_id = u.id and (k.rug_id = ${target}::uuid
                     or k.rug_id = (select rug_id from lots where id = ${target}::uuid))) as liked
            from users u where u.id = ${userId}::uuid`,
  );
  return found;
}

/** A fixed-price rug as its buyer's transaction sees it, read under its row lock. */
export interface LockedFixedPriceRugRow {
  status: string;
  fixed_price: string | number | null;
  /** The rug has a live lot: it sells at auction, not at its fixed price. */
  in_lot: boolean;
  now_ms: string | number;
}

/**
 * Locks the rug row (two first buyers queue here) and reads what a fixed-price sale needs, with clock_timestamp()
 * read after the lock is granted (the materialized CTE runs, and waits, first). Undefined when no rug matches.
 */
export async function lockFixedPriceRug(tx: Tx, rugId: string): Promise<LockedFixedPriceRugRow | undefined> {
  const [rug] = await rows<LockedFixedPriceRugRow>(
    tx,
    sql`with r as materialized (select id, status, fixed_price from rugs where id = ${rugId}::uuid for update)
          select r.status, r.fixed_price,
            ${liveLotIdOfRug(sql`r.id`)} is not null as in_lot,
            extract(epoch from clock_timestamp()) * 1000 as now_ms
          from r`,
  );
  return rug;
}
