import { sql, type SQL } from 'drizzle-orm';
import { OPEN_ITEM_STATUSES } from '@knotwork/shared/schemas/consignors-staff';

/**
 * A consignor does not bid on, or buy, their own rug (issue 27). Whose rug it is: the consignor of the rug's open
 * consignment item (decision 086: at most one per rug), when that consignor is linked to a site account. Written
 * once here for the bid transaction, the fast path's guard, buy now and the live room.
 *
 * The status list is the partial unique index's predicate, word for word (0280's consignment_items_open_rug_idx),
 * so the planner answers it from that index: one index probe and two primary-key probes per rug.
 *
 * A rug consigned while a bid is in flight: each path reads this in one statement of the bid's own transaction (the
 * locked path's lock statement, the fast path's guarded write, buy now's first read, the live bid under the sale's
 * lock), which sees what was committed when that statement began (read committed). An item committed after it does
 * not refuse that bid, which is accepted as any bid placed before the rug was known to be the bidder's; every bid
 * whose statement starts after the commit is refused, the fast path's included (its cached lot carries no consignor:
 * the guard reads the item afresh). Adding an item does not touch the lot, so it never waits on bids nor they on it.
 * A bid accepted before stays binding (staff may void it); in a live sale the clerk's book leaves it out.
 */
const OPEN = sql.raw(`ci.status in (${OPEN_ITEM_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** The accounts among `userIds` (a uuid[] expression) that consigned `rugId`: a text[] of one, or null. */
export const consignorsAmong = (rugId: SQL, userIds: SQL): SQL =>
  sql`(select array_agg(cr.user_id::text) from consignment_items ci
      join consignments ck on ck.id = ci.consignment_id join consignors cr on cr.id = ck.consignor_id
      where ci.rug_id = ${rugId} and ${OPEN} and cr.user_id = any(${userIds}))`;
