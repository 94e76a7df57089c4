import { sql, type SQL } from 'drizzle-orm';

/**
 * The callers among `userIds` (a uuid[] expression) without an approved registration for the sale `auctionId`
 * (decision 090), as a json array of `{ user_id, status }` (status null: not registered), or null when every one
 * is approved. Read only for sales that require registration: one probe of sale_registrations' unique
 * (auction_id, user_id) index per caller.
 */
export const unregisteredAmong = (auctionId: SQL, userIds: SQL): SQL =>
  sql`(select json_agg(json_build_object('user_id', u.id::text, 'status', g.status))
       from unnest(${userIds}) as u(id)
       left join sale_registrations g on g.auction_id = ${auctionId} and g.user_id = u.id
       where g.status is distinct from 'approved')`;
