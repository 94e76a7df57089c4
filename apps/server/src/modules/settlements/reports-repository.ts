import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { CONSIGNED_CLOSED_LOTS } from './consigned-lots-sql.ts';

/** One consigned lot that closed in the period, with its hammer and what the journal holds for it. */
export interface ReportLotRow {
  item_id: string;
  lot_id: string;
  consignor_id: string;
  consignor_name: string;
  consignor_kind: 'person' | 'dealer';
  sale_id: string;
  sale_title: string;
  closed_ms: string | number;
  outcome: 'sold' | 'unsold';
  hammer: string | number;
  settled: boolean;
  /** Sums of the journal's lines for this item and lot, by account, every entry (settlements and reversals). */
  ledger_hammer: string | number | null;
  ledger_commission: string | number | null;
  ledger_fees: string | number | null;
  ledger_vat: string | number | null;
  ledger_net: string | number | null;
}

/**
 * The reports' reads (issue 27 §4). Consigned lots are paired with their items exactly as settlement candidates
 * are (settlements/repository.ts): each closed lot of an item's rug that closed after the consignment was received
 * and before the rug's next consignment; the hammer is the buyer's order's (a second-chance price included), a
 * buy-now order's all-in price, else the lot's. The money is the journal's: house accounts' lines of the entries
 * posted for the pair, signs turned so income reads positive.
 */
export function createSettlementReportRepository(db: Db) {
  return {
    lotsClosedBetween: (from: Date, to: Date) =>
      rows<ReportLotRow>(
        db,
        sql`with pairs as (
              select i.id as item_id, l.id as lot_id, k.consignor_id, c.name as consignor_name,
                c.kind as consignor_kind, a.id as sale_id, a.title as sale_title,
                coalesce(l.closed_at, l.ends_at) as closed_at, l.outcome,
                case when l.outcome = 'sold' then coalesce(o.hammer_price,
                  case when o.kind = 'buy_now' then o.item_price end, l.hammer_price, 0) else 0 end as hammer
              from ${CONSIGNED_CLOSED_LOTS}
              where coalesce(l.closed_at, l.ends_at) >= ${from.toISOString()}::timestamptz
                and coalesce(l.closed_at, l.ends_at) < ${to.toISOString()}::timestamptz
            ),
            money as (
              select p.item_id, p.lot_id,
                sum(ll.amount_cents) filter (where ll.account = 'house:hammer_clearing') as ledger_hammer,
                0 - sum(ll.amount_cents) filter (where ll.account = 'house:commission_income') as ledger_commission,
                0 - sum(ll.amount_cents) filter (where ll.account = 'house:fee_income') as ledger_fees,
                0 - sum(ll.amount_cents) filter (where ll.account = 'house:vat_payable') as ledger_vat,
                0 - sum(ll.amount_cents) filter (where ll.account like 'consignor:%') as ledger_net
              from pairs p
                join ledger_entries e on e.lot_id = p.lot_id and e.consignment_item_id = p.item_id
                join ledger_lines ll on ll.entry_id = e.id
              group by p.item_id, p.lot_id
            )
            select p.item_id, p.lot_id, p.consignor_id, p.consignor_name, p.consignor_kind, p.sale_id, p.sale_title,
              extract(epoch from p.closed_at) * 1000 as closed_ms, p.outcome, p.hammer,
              exists (select 1 from lot_settlements s where s.consignment_item_id = p.item_id and s.lot_id = p.lot_id)
                as settled,
              m.ledger_hammer, m.ledger_commission, m.ledger_fees, m.ledger_vat, m.ledger_net
            from pairs p left join money m on m.item_id = p.item_id and m.lot_id = p.lot_id
            order by p.closed_at, p.sale_id, p.lot_id, p.item_id`,
      ),
  };
}
export type SettlementReportRepository = ReturnType<typeof createSettlementReportRepository>;
