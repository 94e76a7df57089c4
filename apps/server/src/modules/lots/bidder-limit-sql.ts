import { sql, type SQL } from 'drizzle-orm';

/**
 * A limited bidder's exposure lines (packages/shared/src/bidding/exposure.ts, decision 090) as one json array, for
 * the bidder `userId` (a uuid expression): their maximum on every open lot they lead (a lot on a live sale's block
 * by its live state), and the hammer or buy-now price of every lot they won or bought and have not paid. The SQL is
 * migration 0380's `bidder_exposure_lines`, which the fast path's limit check (0490's `bidder_limits_failing`) reads
 * too. Only read for bidders with a limit, under their row's lock, so no index is added to the bid path's hottest
 * columns.
 */
export const exposureLinesOf = (userId: SQL): SQL => sql`bidder_exposure_lines(${userId})`;

/** The accounts among `userIds` (a uuid[] expression) that have a bidding limit: a text[], or null. */
export const limitedAmong = (userIds: SQL): SQL =>
  sql`(select array_agg(bl.user_id::text) from bidder_limits bl where bl.user_id = any(${userIds}))`;
