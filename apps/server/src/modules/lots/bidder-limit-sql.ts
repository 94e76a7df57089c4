import { sql, type SQL } from 'drizzle-orm';

/**
 * A limited bidder's exposure lines (packages/shared/src/bidding/exposure.ts, decision 090) as one json array, for
 * the bidder `userId` (a uuid expression): their maximum on every open lot they lead, and the hammer or buy-now
 * price of every lot they won or bought and have not paid.
 *
 * A lot on a live sale's block is led by the last bid of its live state (0060's live_lots), not by the timed
 * columns: an online lead counts its amount, an absentee lead the absentee's whole maximum (the book may bid up to
 * it for them). Only read for bidders with a limit, under their row's lock, so no index is added to the bid path's
 * hottest columns: the open lots are the few `lots_open_ending_idx` holds, a buyer's orders are found by the
 * orders' user index and the live lots on the block by 0330's partial index.
 */
export const exposureLinesOf = (userId: SQL): SQL =>
  sql`coalesce((select json_agg(x) from (
        select l.id as "lotId", 'leading' as kind, l.leader_max as cents from lots l
          where l.status = 'open' and l.leader_id = ${userId} and l.leader_max is not null
            and not exists (select 1 from live_lots ll where ll.lot_id = l.id and ll.closed_at is null)
        union all
        select ll.lot_id, 'leading', case when ll.state #>> '{bids,-1,source,kind}' = 'absentee'
            then (select max((a ->> 'max')::bigint) from jsonb_array_elements(ll.state -> 'absentee') a
                  where a ->> 'bidderId' = ${userId}::text)
            else (ll.state #>> '{bids,-1,amount}')::bigint end
          from live_lots ll
          where ll.closed_at is null and ll.state #>> '{bids,-1,source,bidderId}' = ${userId}::text
        union all
        select o.lot_id, 'won_unpaid', coalesce(o.hammer_price, o.item_price) from orders o
          where o.user_id = ${userId} and o.lot_id is not null and o.status = 'awaiting_payment'
      ) x), '[]'::json)`;

/** The accounts among `userIds` (a uuid[] expression) that have a bidding limit: a text[], or null. */
export const limitedAmong = (userIds: SQL): SQL =>
  sql`(select array_agg(bl.user_id::text) from bidder_limits bl where bl.user_id = any(${userIds}))`;
