import { sql } from 'drizzle-orm';

/**
 * The FROM clause that pairs each consignment item with the closed lots it held (decision 087): a lot of the same
 * rug that closed after the receipt and before any later receipt of that rug (a rug bought back and consigned again
 * belongs to its new receipt), with the lot's order, the live one first. The settlement list and the reports read
 * lots through it, so both count the same lots. Aliases: i item, k consignment, c consignor, l lot, a sale, o order.
 */
export const CONSIGNED_CLOSED_LOTS = sql`consignment_items i
  join consignments k on k.id = i.consignment_id
  join consignors c on c.id = k.consignor_id
  join lots l on l.rug_id = i.rug_id and l.status = 'closed'
    and coalesce(l.closed_at, l.ends_at) >= k.received_at
    and not exists (select 1 from consignment_items i2 join consignments k2 on k2.id = i2.consignment_id
      where i2.rug_id = i.rug_id and i2.id <> i.id and k2.received_at > k.received_at
        and k2.received_at <= coalesce(l.closed_at, l.ends_at))
  join auctions a on a.id = l.auction_id
  left join lateral (select * from orders o1 where o1.lot_id = l.id
    order by (o1.status not in ('cancelled', 'expired')) desc, o1.created_at desc limit 1) o on true`;
