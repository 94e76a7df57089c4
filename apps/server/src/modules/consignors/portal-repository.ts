import { sql } from 'drizzle-orm';
import type {
  AgreementStatus,
  ConsignmentItemStatus,
  PayoutMethod,
} from '@knotwork/shared/schemas/consignors-staff';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { COVER_COLUMNS, COVER_JOIN, type CoverColumns } from '../catalogue/cover-sql.ts';

/** The linked account's consignor: what the portal shows of it (never the encrypted payout details). */
export interface PortalConsignorRow {
  id: string;
  kind: 'person' | 'dealer';
  name: string;
  payout_method: PayoutMethod;
  payout_holder: string | null;
  payout_masked: string | null;
  identity_checked: boolean;
  to_accept: string | number;
}

export interface PortalConsignmentRow {
  id: string;
  number: string;
  received_ms: string | number;
  agreement_status: AgreementStatus;
  agreement_version: string | null;
  agreement_ms: string | number | null;
  terms_override: Record<string, unknown> | null;
}

/** A consigned rug with what decides its status now: its lot in a sale, the buyer's order, the settlement. */
export interface PortalItemRow extends CoverColumns {
  id: string;
  consignment_id: string;
  rug_id: string;
  rug_title: string;
  rug_slug: string;
  estimate_low: string | number;
  estimate_high: string | number;
  reserve: string | number | null;
  status: ConsignmentItemStatus;
  lot_id: string | null;
  lot_number: number | null;
  lot_status: 'scheduled' | 'open' | 'closed' | 'withdrawn' | null;
  lot_outcome: 'sold' | 'unsold' | null;
  current_bid: string | number | null;
  bid_count: number | null;
  reserve_met: boolean | null;
  ends_ms: string | number | null;
  hammer_price: string | number | null;
  sale_title: string | null;
  sale_slug: string | null;
  sale_type: 'timed' | 'live' | null;
  sale_status: 'draft' | 'scheduled' | 'open' | 'closed' | 'cancelled' | null;
  order_status: string | null;
  /** The buyer's order's hammer (a second-chance price included) and, for a buy-now, its all-in price. */
  order_hammer: string | number | null;
  order_item_price: string | number | null;
  order_kind: string | null;
  net_cents: string | number | null;
  /** The hammer the settlement posted. */
  settled_hammer: string | number | null;
}

const ms = (column: string) => sql.raw(`extract(epoch from ${column}) * 1000`);

/** The portal's SQL (issue 27 §4): every query is bounded by the caller's consignor id. */
export function createPortalRepository() {
  return {
    async consignorOfUser(tx: Db, userId: string): Promise<PortalConsignorRow | undefined> {
      const [row] = await rows<PortalConsignorRow>(
        tx,
        sql`select c.id, c.kind, c.name, c.payout_method, c.payout_holder, c.payout_masked,
              c.identity_checked_at is not null as identity_checked,
              (select count(*) from consignments k where k.consignor_id = c.id and k.agreement_status = 'sent')
                as to_accept
            from consignors c where c.user_id = ${userId}::uuid`,
      );
      return row;
    },

    async agreementVersion(tx: Db, consignmentId: string): Promise<string | null> {
      const [row] = await rows<{ v: string | null }>(
        tx,
        sql`select agreement_version as v from consignments where id = ${consignmentId}::uuid`,
      );
      return row?.v ?? null;
    },

    /** Whose consignment it is (undefined when there is none): the portal's documents check it is the caller's. */
    async consignorOfConsignment(tx: Db, consignmentId: string): Promise<string | undefined> {
      const [row] = await rows<{ consignor_id: string }>(
        tx,
        sql`select consignor_id from consignments where id = ${consignmentId}::uuid`,
      );
      return row?.consignor_id;
    },

    consignments: (tx: Db, consignorId: string) =>
      rows<PortalConsignmentRow>(
        tx,
        sql`select k.id, k.number, ${ms('k.received_at')} as received_ms, k.agreement_status, k.agreement_version,
              ${ms('k.agreement_at')} as agreement_ms, k.terms_override
            from consignments k where k.consignor_id = ${consignorId}::uuid
            order by k.received_at desc, k.id limit 200`,
      ),

    /**
     * Every rug of the consignor's consignments with its latest lot since it was consigned (a lot of an earlier
     * consignment of the same rug, or of a cancelled sale, or withdrawn, does not count), that lot's order (the live
     * one first, as the settlements read it: a cancelled win offered to the underbidder is their order) and the
     * consignment item's settlement of it, if any.
     */
    items: (tx: Db, consignorId: string) =>
      rows<PortalItemRow>(
        tx,
        sql`select i.id, i.consignment_id, i.rug_id, r.title as rug_title, r.slug as rug_slug, i.estimate_low,
              i.estimate_high, i.reserve, i.status, l.id as lot_id, l.lot_number, l.status as lot_status,
              l.outcome as lot_outcome, l.current_bid, l.bid_count, l.reserve_met, ${ms('l.ends_at')} as ends_ms,
              l.hammer_price, l.sale_title, l.sale_slug, l.sale_type, l.sale_status, o.status as order_status,
              o.hammer_price as order_hammer, o.item_price as order_item_price, o.kind as order_kind,
              s.net_cents, s.hammer_cents as settled_hammer, ${COVER_COLUMNS}
            from consignment_items i
              join consignments k on k.id = i.consignment_id
              join rugs r on r.id = i.rug_id
              ${COVER_JOIN}
              left join lateral (
                select l.id, l.lot_number, l.status, l.outcome, l.current_bid, l.bid_count, l.reserve_met, l.ends_at,
                  l.hammer_price, a.title as sale_title, a.slug as sale_slug, a.type as sale_type, a.status as sale_status
                from lots l join auctions a on a.id = l.auction_id
                where l.rug_id = i.rug_id and l.status <> 'withdrawn' and a.status <> 'cancelled'
                  and l.created_at >= coalesce((select max(p.created_at) from consignment_items p
                    where p.rug_id = i.rug_id and p.created_at < i.created_at), '-infinity'::timestamptz)
                  -- A re-offered rug (decision 089): its new item does not show the lot that closed before the
                  -- new receipt, and the old item does not show the lot of the new one.
                  and (l.status <> 'closed' or coalesce(l.closed_at, l.ends_at) >= k.received_at)
                  and not exists (select 1 from consignment_items n where n.rug_id = i.rug_id and n.id <> i.id
                    and n.created_at > i.created_at and n.created_at <= l.created_at)
                order by l.created_at desc, l.id desc limit 1
              ) l on true
              left join lateral (
                select o.status, o.hammer_price, o.item_price, o.kind from orders o where o.lot_id = l.id
                order by (o.status not in ('cancelled', 'expired')) desc, o.created_at desc limit 1
              ) o on true
              left join lot_settlements s
                on s.consignment_item_id = i.id and s.lot_id = l.id and s.reversed_at is null and s.outcome = 'sold'
            where k.consignor_id = ${consignorId}::uuid
            order by i.created_at, i.id`,
      ),
  };
}
export type PortalRepository = ReturnType<typeof createPortalRepository>;
