import { sql, type SQL } from 'drizzle-orm';
import type { LotTerms } from '@knotwork/shared/consignments/terms';
import type { ConsignmentItemStatus } from '@knotwork/shared/schemas/consignors-staff';
import type { ReofferStatus } from '@knotwork/shared/schemas/consignment-reoffers';
import type { SaleStoredStatus } from '@knotwork/shared/sales/sale-moves';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';

const ms = (column: string) => sql.raw(`extract(epoch from ${column}) * 1000`);
const staffName = (alias: string) =>
  sql.raw(`nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`);

/** A consigned rug with the lot that decides whether it can be returned or re-offered, and that lot's buy-in fee. */
export interface ItemLotRow {
  item_id: string;
  rug_id: string;
  rug_title: string;
  rug_slug: string;
  item_status: ConsignmentItemStatus;
  item_created_ms: string | number;
  consignment_id: string;
  consignment_number: string;
  consignor_id: string;
  terms_override: Record<string, unknown> | null;
  estimate_low: string | number;
  item_reserve: string | number | null;
  returned_ms: string | number | null;
  returned_by: string | null;
  returned_by_name: string | null;
  lot_id: string | null;
  lot_number: number | null;
  lot_status: 'scheduled' | 'open' | 'closed' | null;
  lot_outcome: 'sold' | 'unsold' | null;
  lot_reserve: string | number | null;
  sale_title: string | null;
  sale_type: 'timed' | 'live' | null;
  /** The buy-in fee the settlement of this lot posted, when it is settled (and not reversed). */
  settled_buy_in: string | number | null;
}

export interface ReofferRow {
  id: string;
  item_id: string;
  consignor_id: string;
  unsold_lot_id: string;
  status: ReofferStatus;
  auction_id: string;
  sale_title: string;
  sale_slug: string;
  sale_type: 'timed' | 'live';
  sale_starts_ms: string | number;
  estimate_low: string | number;
  estimate_high: string | number;
  reserve: string | number | null;
  opening_bid: string | number;
  terms: LotTerms;
  proposed_ms: string | number;
  proposed_by: string | null;
  proposed_by_name: string | null;
  decided_ms: string | number | null;
  decided_by: string | null;
  decided_by_name: string | null;
  new_item_id: string | null;
  new_consignment_id: string | null;
  new_consignment_number: string | null;
  lot_id: string | null;
  emailed_to: string | null;
}

/** A sale's facts for the sale-moves rule (may a lot be added now?), with its names. */
export interface TargetSaleRow {
  id: string;
  title: string;
  status: SaleStoredStatus;
  starts_ms: string | number;
  active_lots: string | number;
  lots_started: boolean;
  now_ms: string | number;
}

/**
 * The item's lot: its rug's latest lot (not withdrawn, sale not cancelled) of the item's time, i.e. a closed lot that
 * closed after the receipt (as the settlement pairs them, decision 087) and a lot created before the rug's next
 * receipt, if any. `lotJoin` picks a given lot instead (a proposal's unsold lot).
 */
const ITEM_LOT_SELECT = (lotFilter: SQL) => sql`select i.id as item_id, i.rug_id, r.title as rug_title,
    r.slug as rug_slug, i.status as item_status, ${ms('i.created_at')} as item_created_ms, k.id as consignment_id,
    k.number as consignment_number, k.consignor_id, k.terms_override, i.estimate_low, i.reserve as item_reserve,
    ${ms('i.returned_at')} as returned_ms, i.returned_by, ${staffName('rb')} as returned_by_name,
    l.id as lot_id, l.lot_number, l.status as lot_status, l.outcome as lot_outcome, l.reserve as lot_reserve,
    l.sale_title, l.sale_type, (s.lines ->> 'buyInFeeCents')::bigint as settled_buy_in
  from consignment_items i
    join consignments k on k.id = i.consignment_id
    join rugs r on r.id = i.rug_id
    left join users rb on rb.id = i.returned_by
    left join lateral (
      select l.id, l.lot_number, l.status, l.outcome, l.reserve, a.title as sale_title, a.type as sale_type
      from lots l join auctions a on a.id = l.auction_id
      where l.rug_id = i.rug_id and ${lotFilter}
      order by l.created_at desc, l.id desc limit 1
    ) l on true
    left join lot_settlements s on s.consignment_item_id = i.id and s.lot_id = l.id and s.reversed_at is null`;

const LATEST_LOT = sql`l.status <> 'withdrawn' and a.status <> 'cancelled'
  and (l.status <> 'closed' or coalesce(l.closed_at, l.ends_at) >= k.received_at)
  and not exists (select 1 from consignment_items n where n.rug_id = i.rug_id and n.id <> i.id
    and n.created_at > i.created_at and n.created_at <= l.created_at)`;

const REOFFER_SELECT = sql`select o.id, o.item_id, o.consignor_id, o.unsold_lot_id, o.status, o.auction_id,
    a.title as sale_title, a.slug as sale_slug, a.type as sale_type, ${ms('a.starts_at')} as sale_starts_ms,
    o.estimate_low, o.estimate_high, o.reserve, o.opening_bid, o.terms, ${ms('o.proposed_at')} as proposed_ms,
    o.proposed_by, ${staffName('pb')} as proposed_by_name, ${ms('o.decided_at')} as decided_ms, o.decided_by,
    ${staffName('db')} as decided_by_name, o.new_item_id, nk.id as new_consignment_id,
    nk.number as new_consignment_number, o.lot_id, o.emailed_to
  from consignment_reoffers o
    join auctions a on a.id = o.auction_id
    left join users pb on pb.id = o.proposed_by
    left join users db on db.id = o.decided_by
    left join consignment_items ni on ni.id = o.new_item_id
    left join consignments nk on nk.id = ni.consignment_id`;

/** The SQL of returning and re-offering unsold rugs (decision 089). */
export function createReofferRepository() {
  return {
    /** Every rug of a receipt with its lot (see ITEM_LOT_SELECT). */
    itemsOfConsignment: (tx: Db, consignmentId: string) =>
      rows<ItemLotRow>(
        tx,
        sql`${ITEM_LOT_SELECT(LATEST_LOT)} where i.consignment_id = ${consignmentId}::uuid
            order by i.created_at, i.id`,
      ),

    async itemLot(tx: Db, itemId: string): Promise<ItemLotRow | undefined> {
      const [row] = await rows<ItemLotRow>(
        tx,
        sql`${ITEM_LOT_SELECT(LATEST_LOT)} where i.id = ${itemId}::uuid`,
      );
      return row;
    },

    /** The items of proposals with the proposal's own unsold lot (the consignor's list). */
    itemsWithLots: (tx: Db, pairs: readonly { itemId: string; lotId: string }[]) =>
      pairs.length === 0
        ? Promise.resolve([] as (ItemLotRow & { pair_lot: string })[])
        : rows<ItemLotRow & { pair_lot: string }>(
            tx,
            sql`select x.*, want.lot as pair_lot from (values ${sql.join(
              pairs.map((p) => sql`(${p.itemId}::uuid, ${p.lotId}::uuid)`),
              sql`, `,
            )}) as want(item, lot)
              cross join lateral (${ITEM_LOT_SELECT(sql`l.id = want.lot`)} where i.id = want.item) x`,
          ),

    proposalsOfItems: (tx: Db, itemIds: readonly string[]) =>
      itemIds.length === 0
        ? Promise.resolve([] as ReofferRow[])
        : rows<ReofferRow>(
            tx,
            sql`${REOFFER_SELECT} where o.item_id = any(${sql.param([...itemIds])}::uuid[])
                order by o.proposed_at desc, o.id desc`,
          ),

    /** The consignor's proposals, pending first, then the latest decided (the portal keeps the last 50). */
    proposalsOfConsignor: (tx: Db, consignorId: string) =>
      rows<ReofferRow>(
        tx,
        sql`${REOFFER_SELECT} where o.consignor_id = ${consignorId}::uuid and o.status <> 'superseded'
            order by (o.status = 'pending') desc, o.proposed_at desc, o.id desc limit 50`,
      ),

    async proposal(tx: Db, id: string): Promise<ReofferRow | undefined> {
      const [row] = await rows<ReofferRow>(tx, sql`${REOFFER_SELECT} where o.id = ${id}::uuid`);
      return row;
    },

    /** Locks the proposal's row (after its item's: every path locks the item first, then the proposal). */
    async lockProposal(
      tx: Db,
      id: string,
    ): Promise<{ id: string; item_id: string; consignor_id: string; status: ReofferStatus } | undefined> {
      const [row] = await rows<{ id: string; item_id: string; consignor_id: string; status: ReofferStatus }>(
        tx,
        sql`select id, item_id, consignor_id, status from consignment_reoffers where id = ${id}::uuid for update`,
      );
      return row;
    },

    /** Whose proposal it is and of which item, read without a lock (to lock the item first). */
    async owner(tx: Db, id: string): Promise<{ item_id: string; consignor_id: string } | undefined> {
      const [row] = await rows<{ item_id: string; consignor_id: string }>(
        tx,
        sql`select item_id, consignor_id from consignment_reoffers where id = ${id}::uuid`,
      );
      return row;
    },

    /** Locks the item's row: returns, proposals and acceptances of one rug are made one at a time. */
    async lockItem(tx: Db, itemId: string): Promise<{ status: ConsignmentItemStatus } | undefined> {
      const [row] = await rows<{ status: ConsignmentItemStatus }>(
        tx,
        sql`select status from consignment_items where id = ${itemId}::uuid for update`,
      );
      return row;
    },

    async targetSale(tx: Db, saleId: string): Promise<TargetSaleRow | undefined> {
      const [row] = await rows<TargetSaleRow>(
        tx,
        sql`select a.id, a.title, a.status, ${ms('a.starts_at')} as starts_ms,
              (select count(*) from lots l where l.auction_id = a.id and l.status <> 'withdrawn') as active_lots,
              exists (select 1 from lots l where l.auction_id = a.id and l.status in ('open', 'closed')) as lots_started,
              ${ms('clock_timestamp()')} as now_ms
            from auctions a where a.id = ${saleId}::uuid`,
      );
      return row;
    },

    /** Marks the item's pending proposal superseded or withdrawn by staff (none: nothing happens). */
    async closePending(
      tx: Db,
      itemId: string,
      status: 'superseded' | 'withdrawn',
      by: string,
    ): Promise<void> {
      await tx.execute(
        sql`update consignment_reoffers set status = ${status}, decided_by = ${by}::uuid, decided_at = clock_timestamp()
            where item_id = ${itemId}::uuid and status = 'pending'`,
      );
    },

    async insertProposal(
      tx: Db,
      p: {
        itemId: string;
        consignorId: string;
        unsoldLotId: string;
        saleId: string;
        estimateLow: number;
        estimateHigh: number;
        reserve: number | null;
        openingBid: number;
        terms: LotTerms;
        staffId: string;
        emailedTo: string | null;
      },
    ): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into consignment_reoffers (item_id, consignor_id, unsold_lot_id, auction_id, estimate_low,
              estimate_high, reserve, opening_bid, terms, proposed_by, emailed_to)
            values (${p.itemId}::uuid, ${p.consignorId}::uuid, ${p.unsoldLotId}::uuid, ${p.saleId}::uuid,
              ${p.estimateLow}, ${p.estimateHigh}, ${p.reserve}, ${p.openingBid}, ${JSON.stringify(p.terms)}::jsonb,
              ${p.staffId}::uuid, ${p.emailedTo})
            returning id`,
      );
      return row!.id;
    },

    async decide(tx: Db, id: string, status: 'declined' | 'withdrawn', by: string): Promise<void> {
      await tx.execute(
        sql`update consignment_reoffers set status = ${status}, decided_by = ${by}::uuid, decided_at = clock_timestamp()
            where id = ${id}::uuid and status = 'pending'`,
      );
    },

    async accept(tx: Db, id: string, by: string, newItemId: string, lotId: string | null): Promise<void> {
      await tx.execute(
        sql`update consignment_reoffers set status = 'accepted', decided_by = ${by}::uuid,
              decided_at = clock_timestamp(), new_item_id = ${newItemId}::uuid, lot_id = ${lotId}::uuid
            where id = ${id}::uuid and status = 'pending'`,
      );
    },

    async setItemStatus(tx: Db, itemId: string, status: ConsignmentItemStatus): Promise<void> {
      await tx.execute(
        sql`update consignment_items set status = ${status}, updated_at = clock_timestamp() where id = ${itemId}::uuid`,
      );
    },

    async markReturned(tx: Db, itemId: string, staffId: string): Promise<void> {
      await tx.execute(
        sql`update consignment_items set status = 'returned', returned_at = clock_timestamp(),
              returned_by = ${staffId}::uuid, updated_at = clock_timestamp()
            where id = ${itemId}::uuid`,
      );
    },

    /** A returned rug leaves the catalogue: nobody can buy it at a fixed price or put it in a sale by mistake. */
    async withdrawRug(tx: Db, rugId: string): Promise<void> {
      await tx.execute(
        sql`update rugs set status = 'withdrawn', version = version + 1, updated_at = clock_timestamp()
            where id = ${rugId}::uuid and status in ('available', 'draft')`,
      );
    },

    async rugStatus(tx: Db, rugId: string): Promise<string | undefined> {
      const [row] = await rows<{ status: string }>(
        tx,
        sql`select status from rugs where id = ${rugId}::uuid for update`,
      );
      return row?.status;
    },
  };
}
export type ReofferRepository = ReturnType<typeof createReofferRepository>;
