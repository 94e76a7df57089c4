import { sql, type SQL } from 'drizzle-orm';
import type { LotOutcome, SettlementLines } from '@knotwork/shared/consignments/settlement';
import type { PayoutMethod } from '@knotwork/shared/schemas/consignors-staff';
import type {
  AdminPayoutBatchListQuery,
  PayoutFileFormat,
  TransferFailureReason,
} from '@knotwork/shared/schemas/settlements-staff';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { nextDocumentNumber } from '../../db/document-numbers.ts';
import { countOf, pageOffset } from '../../lib/paging.ts';
import { CONSIGNED_CLOSED_LOTS } from './consigned-lots-sql.ts';

const ms = (column: string) => sql.raw(`extract(epoch from ${column}) * 1000`);
const uuids = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
const staffName = (alias: string) =>
  sql.raw(`nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`);

/** One consigned lot: a consignment item and one closed lot of its rug, with the buyer's order and any settlement. */
export interface CandidateRow {
  item_id: string;
  lot_id: string;
  consignor_id: string;
  consignor_name: string;
  consignment_number: string;
  terms_override: Record<string, unknown> | null;
  estimate_low: string | number;
  reserve: string | number | null;
  lot_number: number;
  sale_id: string;
  sale_title: string;
  sale_type: 'timed' | 'live';
  sale_open: boolean;
  rug_title: string;
  outcome: 'sold' | 'unsold';
  lot_hammer: string | number | null;
  order_id: string | null;
  order_status: string | null;
  order_hammer: string | number | null;
  order_item_price: string | number | null;
  order_kind: string | null;
  paid_ms: string | number | null;
  delivered_ms: string | number | null;
  settled_ms: string | number | null;
  net_cents: string | number | null;
  reversed_ms: string | number | null;
}

export interface CandidateFilter {
  settled?: boolean;
  consignorId?: string | undefined;
  saleId?: string | undefined;
  pairs?: readonly { itemId: string; lotId: string }[] | undefined;
}

export interface LotSettlementInsert {
  itemId: string;
  lotId: string;
  consignorId: string;
  orderId: string | null;
  outcome: LotOutcome;
  hammerCents: number;
  lines: SettlementLines;
  staffId: string | null;
}

export interface JournalRow {
  id: string;
  kind: string;
  consignor_id: string | null;
  lot_id: string | null;
  order_id: string | null;
  consignment_item_id: string | null;
  reverses_kind: string | null;
  at_ms: string | number;
  account: string;
  amount_cents: string | number;
  /** A payout's (or its cancelling reversal's) batch number and end-to-end reference; null on other entries. */
  batch_number: string | null;
  end_to_end_id: string | null;
}

export interface PayableRow {
  id: string;
  name: string;
  identity_checked: boolean;
  archived: boolean;
  payout_method: PayoutMethod;
  payout_masked: string | null;
  payout_holder: string | null;
  balance: string | number;
}

export interface BatchRow {
  id: string;
  number: string;
  status: 'created' | 'exported' | 'paid' | 'cancelled';
  currency: string;
  file_kind: PayoutFileFormat | null;
  total_cents: string | number;
  payments: string | number;
  created_ms: string | number;
  created_by: string | null;
  created_by_name: string | null;
  exported_ms: string | number | null;
  paid_ms: string | number | null;
  cancelled_ms: string | number | null;
}

export interface BatchItemRow {
  id: string;
  consignor_id: string;
  consignor_name: string;
  amount_cents: string | number;
  end_to_end_id: string;
  payout_method: PayoutMethod;
  payout_masked: string | null;
  payout_holder: string | null;
  method: 'bank' | 'stripe';
  /** The latest Stripe transfer attempt (decision 088); null columns for a bank payment or one not sent. */
  attempts: string | number;
  transfer_outcome: 'succeeded' | 'failed' | null;
  transfer_id: string | null;
  failure_reason: TransferFailureReason | null;
  failure_message: string | null;
  transfer_ms: string | number | null;
}

const BATCH_COLUMNS = sql`b.id, b.number, b.status, b.currency, b.file_kind, b.total_cents,
    (select count(*) from payout_batch_items bi where bi.batch_id = b.id) as payments,
    ${ms('b.created_at')} as created_ms, b.created_by, ${staffName('u')} as created_by_name,
    ${ms('b.exported_at')} as exported_ms, ${ms('b.paid_at')} as paid_ms, ${ms('b.cancelled_at')} as cancelled_ms`;

/**
 * The SQL of settlements and payouts (decision 087). The journal's writes go through the consignors service; this
 * reads the journal and writes the settlement claims and the payout batches.
 */
export function createSettlementRepository(db: Db) {
  return {
    /**
     * Every consigned lot: each consignment item with each closed lot of its rug that closed after the consignment
     * was received and before the rug's next consignment (an unsold rug offered again belongs to the same item; a
     * rug bought and consigned again by its buyer does not). The buyer's order is the lot's live one, else its
     * latest (cancelled or expired).
     */
    candidates(tx: Db, f: CandidateFilter): Promise<CandidateRow[]> {
      const where: SQL[] = [];
      if (f.settled === true) where.push(sql`s.consignment_item_id is not null`);
      if (f.settled === false) where.push(sql`s.consignment_item_id is null`);
      if (f.consignorId) where.push(sql`k.consignor_id = ${f.consignorId}::uuid`);
      if (f.saleId) where.push(sql`l.auction_id = ${f.saleId}::uuid`);
      if (f.pairs) {
        // Two arrays as two parameters (a thousand pairs as 2,000 parameters is too much for PGlite).
        const items = `{${f.pairs.map((p) => p.itemId).join(',')}}`;
        const lots = `{${f.pairs.map((p) => p.lotId).join(',')}}`;
        where.push(sql`(i.id, l.id) in (select * from unnest(${items}::uuid[], ${lots}::uuid[]))`);
      }
      const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      return rows<CandidateRow>(
        tx,
        sql`select i.id as item_id, l.id as lot_id, k.consignor_id, c.name as consignor_name,
              k.number as consignment_number, k.terms_override, i.estimate_low, coalesce(i.reserve, l.reserve) as reserve,
              l.lot_number, a.id as sale_id, a.title as sale_title, a.type as sale_type,
              (a.status <> 'closed' and exists (select 1 from lots l2 where l2.auction_id = a.id
                and l2.status in ('scheduled', 'open'))) as sale_open,
              r.title as rug_title, l.outcome, l.hammer_price as lot_hammer,
              o.id as order_id, o.status as order_status, o.hammer_price as order_hammer,
              o.item_price as order_item_price, o.kind as order_kind, ${ms('o.paid_at')} as paid_ms,
              ${ms('coalesce(o.delivered_at, sh.delivered_at)')} as delivered_ms,
              ${ms('s.settled_at')} as settled_ms, s.net_cents, ${ms('s.reversed_at')} as reversed_ms
            from ${CONSIGNED_CLOSED_LOTS}
              join rugs r on r.id = i.rug_id
              left join shipments sh on sh.checkout_id = o.checkout_id
              left join lot_settlements s on s.consignment_item_id = i.id and s.lot_id = l.id
            ${cond}
            order by a.id, l.lot_number, i.id
            limit 20000`,
      );
    },

    /** The orders' statuses, share-locked until the transaction ends: a refund waits for the settlement, or wins. */
    async lockOrders(tx: Db, ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const found = await rows<{ id: string; status: string }>(
        tx,
        sql`select id, status from orders where id in (${uuids([...ids].sort())}) order by id for share`,
      );
      return new Map(found.map((r) => [r.id, r.status]));
    },

    /**
     * Claims lots for settlement: inserts their rows, skipping any already settled. Answers the claimed pairs as
     * `item:lot`; a concurrent claim of the same lot waits for the other transaction and then skips it.
     */
    async claim(tx: Db, settlements: readonly LotSettlementInsert[]): Promise<Set<string>> {
      const claimed = new Set<string>();
      const sorted = [...settlements].sort((a, b) =>
        `${a.itemId}:${a.lotId}` < `${b.itemId}:${b.lotId}` ? -1 : 1,
      );
      for (let i = 0; i < sorted.length; i += 500) {
        const chunk = sorted.slice(i, i + 500);
        const found = await rows<{ item: string; lot: string }>(
          tx,
          sql`insert into lot_settlements (consignment_item_id, lot_id, consignor_id, order_id, outcome, hammer_cents,
                lines, net_cents, settled_by)
              values ${sql.join(
                chunk.map(
                  (s) => sql`(${s.itemId}::uuid, ${s.lotId}::uuid, ${s.consignorId}::uuid, ${s.orderId}::uuid,
                    ${s.outcome}, ${s.hammerCents}, ${JSON.stringify(s.lines)}::jsonb, ${s.lines.netCents},
                    ${s.staffId}::uuid)`,
                ),
                sql`, `,
              )}
              on conflict (consignment_item_id, lot_id) do nothing
              returning consignment_item_id as item, lot_id as lot`,
        );
        for (const r of found) claimed.add(`${r.item}:${r.lot}`);
      }
      return claimed;
    },

    /** Advances paid and not yet recovered, per advance entry (recovered once each: key `advance-recovered:<id>`). */
    unrecoveredAdvances: (tx: Db, consignorIds: readonly string[]) =>
      consignorIds.length === 0
        ? Promise.resolve([])
        : rows<{ id: string; consignor_id: string; amount: string | number }>(
            tx,
            sql`select e.id, e.consignor_id, ll.amount_cents as amount
                from ledger_entries e
                  join ledger_lines ll on ll.entry_id = e.id and ll.account = 'consignor_advances:' || e.consignor_id
                where e.kind = 'advance_paid' and e.consignor_id in (${uuids(consignorIds)})
                  and not exists (select 1 from ledger_entries x where x.idempotency_key = 'advance-recovered:' || e.id)
                order by e.created_at, e.id`,
          ),

    /** Settled lots whose buyer's order has since been refunded in full, not yet reversed. */
    toReverse: (tx: Db) =>
      rows<{ item: string; lot: string; order_status: string }>(
        tx,
        sql`select s.consignment_item_id as item, s.lot_id as lot, o.status as order_status
            from lot_settlements s join orders o on o.id = s.order_id
            where s.reversed_at is null and o.status = 'refunded'`,
      ),

    /** Marks one settlement reversed; false when another transaction already did. */
    async markReversed(tx: Db, item: string, lot: string, reason: string): Promise<boolean> {
      const found = await rows<{ item: string }>(
        tx,
        sql`update lot_settlements set reversed_at = clock_timestamp(), reversed_reason = ${reason}
            where consignment_item_id = ${item}::uuid and lot_id = ${lot}::uuid and reversed_at is null
            returning consignment_item_id as item`,
      );
      return found.length > 0;
    },

    /** The entries a lot's settlement posted (not reversals), with their lines. */
    settlementEntries: (tx: Db, item: string, lot: string) =>
      rows<{
        id: string;
        kind: string;
        consignor_id: string;
        order_id: string | null;
        account: string;
        amount_cents: string | number;
      }>(
        tx,
        sql`select e.id, e.kind, e.consignor_id, e.order_id, ll.account, ll.amount_cents
            from ledger_entries e join ledger_lines ll on ll.entry_id = e.id
            where e.consignment_item_id = ${item}::uuid and e.lot_id = ${lot}::uuid
              and e.idempotency_key like 'settle:%'
            order by e.created_at, e.id, ll.id`,
      ),

    /** The lines of these entries (to reverse a payout). */
    entryLines: (tx: Db, entryIds: readonly string[]) =>
      entryIds.length === 0
        ? Promise.resolve([])
        : rows<{ entry_id: string; account: string; amount_cents: string | number }>(
            tx,
            sql`select entry_id, account, amount_cents from ledger_lines where entry_id in (${uuids(entryIds)})
                order by id`,
          ),

    /** Each account's balance (debit positive) in this transaction; accounts without lines are absent. */
    async balances(tx: Db, accounts: readonly string[]): Promise<Map<string, number>> {
      if (accounts.length === 0) return new Map();
      const found = await rows<{ account: string; balance: string | number }>(
        tx,
        sql`select account, sum(amount_cents) as balance from ledger_lines
            where account in (${sql.join(
              accounts.map((a) => sql`${a}`),
              sql`, `,
            )}) group by account`,
      );
      return new Map(found.map((r) => [r.account, num(r.balance)]));
    },

    /** Consignors whose account is not at zero, or these consignors; locked for update when `lock`. */
    async payables(tx: Db, opts: { ids?: readonly string[]; lock?: boolean }): Promise<PayableRow[]> {
      const ids = opts.ids
        ? [...opts.ids].sort()
        : (
            await rows<{ id: string }>(
              tx,
              sql`select c.id from consignors c
                  where exists (select 1 from ledger_entries e where e.consignor_id = c.id)
                  order by c.id`,
            )
          ).map((r) => r.id);
      if (ids.length === 0) return [];
      if (opts.lock)
        await tx.execute(sql`select id from consignors where id in (${uuids(ids)}) order by id for update`);
      return rows<PayableRow>(
        tx,
        sql`select c.id, c.name, c.identity_checked_at is not null as identity_checked,
              c.archived_at is not null as archived, c.payout_method, c.payout_masked, c.payout_holder,
              coalesce((select sum(ll.amount_cents) from ledger_lines ll where ll.account = 'consignor:' || c.id), 0)
                as balance
            from consignors c where c.id in (${uuids(ids)}) order by c.name, c.id`,
      );
    },

    nextBatchNumber: (tx: Db): Promise<string> => nextDocumentNumber(tx, 'payout_batch'),

    async insertBatch(
      tx: Db,
      b: { id: string; number: string; currency: string; totalCents: number; staffId: string },
    ): Promise<void> {
      await tx.execute(
        sql`insert into payout_batches (id, number, currency, total_cents, created_by)
            values (${b.id}::uuid, ${b.number}, ${b.currency}, ${b.totalCents}, ${b.staffId}::uuid)`,
      );
    },

    async insertBatchItems(
      tx: Db,
      batchId: string,
      items: readonly {
        id: string;
        consignorId: string;
        amountCents: number;
        endToEndId: string;
        entryId: string;
        method: 'bank' | 'stripe';
      }[],
    ): Promise<void> {
      await tx.execute(
        sql`insert into payout_batch_items (id, batch_id, consignor_id, amount_cents, end_to_end_id, payout_entry_id,
              method)
            values ${sql.join(
              items.map(
                (i) => sql`(${i.id}::uuid, ${batchId}::uuid, ${i.consignorId}::uuid, ${i.amountCents},
                  ${i.endToEndId}, ${i.entryId}::uuid, ${i.method})`,
              ),
              sql`, `,
            )}`,
      );
    },

    async batch(tx: Db, id: string): Promise<BatchRow | undefined> {
      const [row] = await rows<BatchRow>(
        tx,
        sql`select ${BATCH_COLUMNS} from payout_batches b left join users u on u.id = b.created_by
            where b.id = ${id}::uuid`,
      );
      return row;
    },

    /** Locks a batch's row for the rest of the transaction: marking paid or cancelling happens once. */
    async lockBatch(tx: Db, id: string): Promise<{ status: BatchRow['status']; number: string } | undefined> {
      const [row] = await rows<{ status: BatchRow['status']; number: string }>(
        tx,
        sql`select status, number from payout_batches where id = ${id}::uuid for update`,
      );
      return row;
    },

    batchItems: (tx: Db, batchId: string) =>
      rows<BatchItemRow & { payout_entry_id: string }>(
        tx,
        sql`select bi.id, bi.consignor_id, c.name as consignor_name, bi.amount_cents, bi.end_to_end_id,
              c.payout_method, c.payout_masked, c.payout_holder, bi.payout_entry_id, bi.method,
              (select count(*) from payout_transfers pt where pt.batch_item_id = bi.id) as attempts,
              t.outcome as transfer_outcome, t.transfer_id, t.failure_reason, t.failure_message,
              ${ms('coalesce(t.finished_at, t.created_at)')} as transfer_ms
            from payout_batch_items bi join consignors c on c.id = bi.consignor_id
              left join lateral (select * from payout_transfers pt where pt.batch_item_id = bi.id
                order by pt.attempt desc limit 1) t on true
            where bi.batch_id = ${batchId}::uuid order by bi.end_to_end_id`,
      ),

    async batchPage(q: AdminPayoutBatchListQuery) {
      const cond = q.status ? sql`where b.status = ${q.status}` : sql``;
      const [data, total] = await Promise.all([
        rows<BatchRow>(
          db,
          sql`select ${BATCH_COLUMNS} from payout_batches b left join users u on u.id = b.created_by ${cond}
              order by b.created_at desc, b.id desc limit ${q.pageSize} offset ${pageOffset(q)}`,
        ),
        countOf(db, sql`select count(*) as n from payout_batches b ${cond}`),
      ]);
      return { rows: data, total };
    },

    async setBatchStatus(
      tx: Db,
      id: string,
      to: 'exported' | 'paid' | 'cancelled',
      staffId: string,
      fileKind?: PayoutFileFormat,
    ): Promise<void> {
      const set =
        to === 'exported'
          ? sql`status = case when status = 'created' then 'exported' else status end, file_kind = ${fileKind ?? null},
              exported_at = clock_timestamp()`
          : to === 'paid'
            ? sql`status = 'paid', paid_at = clock_timestamp(), paid_by = ${staffId}::uuid`
            : sql`status = 'cancelled', cancelled_at = clock_timestamp(), cancelled_by = ${staffId}::uuid`;
      await tx.execute(sql`update payout_batches set ${set} where id = ${id}::uuid`);
    },

    async consignorExists(tx: Db, id: string): Promise<boolean> {
      const found = await rows<{ id: string }>(tx, sql`select id from consignors where id = ${id}::uuid`);
      return found.length > 0;
    },

    /** The consignor's lines on `account` before `to`, entry by entry (a statement's input). */
    journal: (tx: Db, consignorId: string, account: string, to: Date) =>
      rows<JournalRow>(
        tx,
        sql`select e.id, e.kind, e.consignor_id, e.lot_id, e.order_id, e.consignment_item_id,
              re.kind as reverses_kind, ${ms('e.created_at')} as at_ms, ll.account, ll.amount_cents,
              pb.number as batch_number, bi.end_to_end_id
            from ledger_lines ll join ledger_entries e on e.id = ll.entry_id
              left join ledger_entries re on re.id = e.reverses_entry_id
              left join payout_batch_items bi on e.kind in ('payout', 'reversal')
                and bi.payout_entry_id = coalesce(e.reverses_entry_id, e.id)
              left join payout_batches pb on pb.id = bi.batch_id
            where ll.account = ${account} and e.consignor_id = ${consignorId}::uuid
              and e.created_at < ${to.toISOString()}::timestamptz
            order by e.created_at, e.id, ll.id`,
      ),
  };
}
export type SettlementRepository = ReturnType<typeof createSettlementRepository>;
