import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether a deposit is held now (issue 28 §2, decision 091): it has its 'held' event and no ending one (released,
 * applied to an order, refunded; a failed card never held). `d` is the alias of a bidder_deposits row.
 */
export const depositIsHeld = (d: string): SQL => {
  const a = sql.raw(d);
  return sql`(exists (select 1 from bidder_deposit_events he where he.deposit_id = ${a}.id and he.kind = 'held')
    and not exists (select 1 from bidder_deposit_events ee where ee.deposit_id = ${a}.id and ee.kind <> 'held'))`;
};

/**
 * The accounts among `userIds` (a uuid[] expression) whose held deposits cover the sale `auctionId` (a uuid
 * expression): a text[], or null when none. Deposits for that sale and house-wide ones (auction_id null) add up; they
 * cover the sale when they reach its `deposit_cents`, or, for a sale that asks none (a lot needing a deposit by the
 * house's estimate threshold), when anything is held. For the bid path (decision 090), beside `limitedAmong`:
 * walks bidder_deposits_user_idx per caller, and the two unique indexes on the events.
 */
export const depositHoldersAmong = (userIds: SQL, auctionId: SQL): SQL =>
  sql`(select array_agg(x.user_id::text) from (
        select d.user_id from bidder_deposits d
          where d.user_id = any(${userIds}) and (d.auction_id = ${auctionId} or d.auction_id is null)
            and ${depositIsHeld('d')}
          group by d.user_id
          having sum(d.amount_cents) >= coalesce(
            (select sa.deposit_cents from auctions sa where sa.id = ${auctionId}), 1)
      ) x)`;

/**
 * The callers among `userIds` (a uuid[] expression) who may not bid on a lot for want of a deposit (decisions 090,
 * 091): its sale (`saleId`) asks one (`saleDeposit`, its deposit_cents), or the lot's low estimate (`estimateLow`)
 * reaches the house's threshold (Settings, `deposits.lotDepositFromEstimateCents`), and their held deposits do not
 * cover it. A text[], or null when no deposit is asked or everyone has one.
 */
export const undepositedAmong = (
  userIds: SQL,
  lot: { estimateLow: SQL; saleId: SQL; saleDeposit: SQL },
): SQL =>
  sql`(case when ${lot.saleDeposit} is not null or ${lot.estimateLow} >= (select (hs.value ->> 'lotDepositFromEstimateCents')::bigint
        from house_settings hs where hs.key = 'deposits')
      then (select array_agg(u.id::text) from unnest(${userIds}) as u(id)
        where not (u.id::text = any(coalesce(${depositHoldersAmong(userIds, lot.saleId)}, '{}'::text[])))) end)`;
