import { sql, type SQL } from 'drizzle-orm';
import type {
  AdminConsignmentListQuery,
  AdminConsignorListQuery,
  AgreementStatus,
  ConsignmentItemStatus,
  PayoutMethod,
} from '@knotwork/shared/schemas/consignors-staff';
import type { Language } from '@knotwork/shared/constants/languages';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { nextDocumentNumber } from '../../db/document-numbers.ts';
import { countOf, pageOffset } from '../../lib/paging.ts';

/** A consignor as staff see them: every column but the encrypted payout details, which no read query selects. */
export interface ConsignorRow {
  id: string;
  kind: 'person' | 'dealer';
  name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  address_city: string | null;
  address_state: string | null;
  address_postal_code: string | null;
  address_country: string | null;
  language: Language;
  vat_registered: boolean;
  vat_number: string | null;
  payout_method: PayoutMethod;
  payout_masked: string | null;
  payout_holder: string | null;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  notes: string;
  identity_checked_ms: string | number | null;
  identity_checked_by: string | null;
  checker_name: string | null;
  created_ms: string | number;
  updated_ms: string | number;
  archived_ms: string | number | null;
}

export interface ConsignorSummaryRow {
  id: string;
  kind: 'person' | 'dealer';
  name: string;
  company: string | null;
  email: string | null;
  payout_method: PayoutMethod;
  identity_checked: boolean;
  consignments: string | number;
  created_ms: string | number;
  archived_ms: string | number | null;
}

export interface ConsignmentSummaryRow {
  id: string;
  number: string;
  consignor_id: string;
  consignor_name: string;
  received_ms: string | number;
  agreement_status: AgreementStatus;
  items: string | number;
  created_ms: string | number;
}

export interface ConsignmentRow extends ConsignmentSummaryRow {
  terms_override: Record<string, unknown> | null;
  agreement_version: string | null;
  agreement_ms: string | number | null;
  agreement_by: string | null;
  agreement_by_name: string | null;
  notes: string;
  created_by: string | null;
  created_by_name: string | null;
}

export interface ConsignmentItemRow {
  id: string;
  consignment_id: string;
  rug_id: string;
  rug_title: string;
  rug_slug: string;
  estimate_low: string | number;
  estimate_high: string | number;
  reserve: string | number | null;
  status: ConsignmentItemStatus;
  created_ms: string | number;
}

/** One journal entry to post with its lines (debit positive); see `postLedgerEntries`. */
export interface LedgerEntryToPost {
  kind: string;
  memo?: string;
  idempotencyKey: string;
  consignorId?: string | null;
  consignmentItemId?: string | null;
  lotId?: string | null;
  orderId?: string | null;
  paymentId?: string | null;
  createdBy?: string | null;
  /** On a reversal: the entry it negates. */
  reversesEntryId?: string | null;
  lines: readonly { account: string; amountCents: number }[];
}

/** What a consignor's insert or update writes, by column; undefined leaves a column as it is. */
export interface ConsignorColumns {
  kind?: 'person' | 'dealer';
  name?: string;
  company?: string | null;
  email?: string | null;
  phone?: string | null;
  address_line1?: string | null;
  address_line2?: string | null;
  address_city?: string | null;
  address_state?: string | null;
  address_postal_code?: string | null;
  address_country?: string | null;
  language?: Language;
  vat_registered?: boolean;
  vat_number?: string | null;
  payout_method?: PayoutMethod;
  payout_details_encrypted?: string | null;
  payout_masked?: string | null;
  payout_holder?: string | null;
  user_id?: string | null;
  notes?: string;
}

const staffName = (alias: string) =>
  sql.raw(`nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`);
const ms = (column: string) => sql.raw(`extract(epoch from ${column}) * 1000`);

const CONSIGNOR_SELECT = sql`select c.id, c.kind, c.name, c.company, c.email, c.phone, c.address_line1,
    c.address_line2, c.address_city, c.address_state, c.address_postal_code, c.address_country, c.language,
    c.vat_registered, c.vat_number, c.payout_method, c.payout_masked, c.payout_holder, c.user_id,
    ${staffName('u')} as user_name, u.email as user_email, c.notes,
    ${ms('c.identity_checked_at')} as identity_checked_ms, c.identity_checked_by, ${staffName('s')} as checker_name,
    ${ms('c.created_at')} as created_ms, ${ms('c.updated_at')} as updated_ms, ${ms('c.archived_at')} as archived_ms
  from consignors c left join users u on u.id = c.user_id left join users s on s.id = c.identity_checked_by`;

const CONSIGNMENT_SUMMARY_COLUMNS = sql`k.id, k.number, k.consignor_id, c.name as consignor_name,
    ${ms('k.received_at')} as received_ms, k.agreement_status,
    (select count(*) from consignment_items i where i.consignment_id = k.id) as items,
    ${ms('k.created_at')} as created_ms`;

const columnList = (cols: ConsignorColumns): [SQL[], SQL[]] => {
  const entries = Object.entries(cols).filter(([, v]) => v !== undefined);
  return [entries.map(([k]) => sql.raw(k)), entries.map(([, v]) => sql`${v}`)];
};

/** The SQL of consignors, their consignments and the journal (decision 086). */
export function createConsignorRepository(db: Db) {
  return {
    async consignor(tx: Db, id: string): Promise<ConsignorRow | undefined> {
      const [row] = await rows<ConsignorRow>(tx, sql`${CONSIGNOR_SELECT} where c.id = ${id}::uuid`);
      return row;
    },

    /** Newest first; `q` matches the name, the e-mail or the company. */
    async consignorPage(q: AdminConsignorListQuery) {
      const where: SQL[] = [];
      if (q.q) {
        const like = `%${q.q}%`;
        where.push(sql`(c.name ilike ${like} or c.email ilike ${like} or c.company ilike ${like})`);
      }
      if (q.status === 'active') where.push(sql`c.archived_at is null`);
      if (q.status === 'archived') where.push(sql`c.archived_at is not null`);
      const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const [data, total] = await Promise.all([
        rows<ConsignorSummaryRow>(
          db,
          sql`select c.id, c.kind, c.name, c.company, c.email, c.payout_method,
                (c.identity_checked_at is not null) as identity_checked,
                (select count(*) from consignments k where k.consignor_id = c.id) as consignments,
                ${ms('c.created_at')} as created_ms, ${ms('c.archived_at')} as archived_ms
              from consignors c ${cond}
              order by c.created_at desc, c.id limit ${q.pageSize} offset ${pageOffset(q)}`,
        ),
        countOf(db, sql`select count(*) as n from consignors c ${cond}`),
      ]);
      return { rows: data, total };
    },

    async insertConsignor(tx: Db, id: string, cols: ConsignorColumns, staffId: string): Promise<void> {
      const [names, values] = columnList(cols);
      await tx.execute(
        sql`insert into consignors (id, created_by, ${sql.join(names, sql`, `)})
            values (${id}::uuid, ${staffId}::uuid, ${sql.join(values, sql`, `)})`,
      );
    },

    async updateConsignor(tx: Db, id: string, cols: ConsignorColumns): Promise<void> {
      const [names, values] = columnList(cols);
      const sets = names.map((name, i) => sql`${name} = ${values[i]}`);
      await tx.execute(
        sql`update consignors set ${sql.join([...sets, sql`updated_at = clock_timestamp()`], sql`, `)}
            where id = ${id}::uuid`,
      );
    },

    /** The encrypted payout details, for the payout side only: no read query of an answer selects them. */
    async payoutCiphertext(tx: Db, id: string): Promise<{ value: string | null } | undefined> {
      const [row] = await rows<{ value: string | null }>(
        tx,
        sql`select payout_details_encrypted as value from consignors where id = ${id}::uuid`,
      );
      return row;
    },

    /** Locks the consignor's row for the rest of the transaction (its archive state, its consignments). */
    async lockConsignor(tx: Db, id: string): Promise<{ archived: boolean } | undefined> {
      const [row] = await rows<{ archived: boolean }>(
        tx,
        sql`select archived_at is not null as archived from consignors where id = ${id}::uuid for update`,
      );
      return row;
    },

    async setArchived(tx: Db, id: string, archived: boolean): Promise<void> {
      await tx.execute(
        sql`update consignors set archived_at = ${archived ? sql`coalesce(archived_at, clock_timestamp())` : sql`null`},
              updated_at = clock_timestamp()
            where id = ${id}::uuid`,
      );
    },

    async deleteConsignor(tx: Db, id: string): Promise<void> {
      await tx.execute(sql`delete from consignors where id = ${id}::uuid`);
    },

    consignmentCount: (tx: Db, id: string) =>
      countOf(tx, sql`select count(*) as n from consignments where consignor_id = ${id}::uuid`),

    async setIdentityChecked(tx: Db, id: string, staffId: string): Promise<void> {
      await tx.execute(
        sql`update consignors set identity_checked_at = clock_timestamp(), identity_checked_by = ${staffId}::uuid,
              updated_at = clock_timestamp()
            where id = ${id}::uuid`,
      );
    },

    /** The account an e-mail names (case-insensitive), and the consignor already linked to it, if any. */
    async userByEmail(
      tx: Db,
      email: string,
    ): Promise<{ id: string; consignor_id: string | null } | undefined> {
      const [row] = await rows<{ id: string; consignor_id: string | null }>(
        tx,
        sql`select u.id, c.id as consignor_id from users u left join consignors c on c.user_id = u.id
            where lower(u.email) = lower(${email}) limit 1`,
      );
      return row;
    },

    /** Consignors whose e-mail or name is one of `refs`, case-insensitive (the CSV import names them so). */
    async consignorsNamed(
      tx: Db,
      refs: string[],
    ): Promise<{ id: string; name: string; email: string | null; archived: boolean }[]> {
      if (refs.length === 0) return [];
      const lowered = sql.join(
        refs.map((r) => sql`lower(${r})`),
        sql`, `,
      );
      return rows<{ id: string; name: string; email: string | null; archived: boolean }>(
        tx,
        sql`select id, name, email, archived_at is not null as archived from consignors
            where lower(email) in (${lowered}) or lower(name) in (${lowered})`,
      );
    },

    consignmentsOf: (tx: Db, id: string) =>
      rows<ConsignmentSummaryRow>(
        tx,
        sql`select ${CONSIGNMENT_SUMMARY_COLUMNS} from consignments k join consignors c on c.id = k.consignor_id
            where k.consignor_id = ${id}::uuid order by k.received_at desc, k.id limit 200`,
      ),

    // ---- Consignments ----------------------------------------------------------------------------------------

    /** The next receipt number, C-2026-0001, gapless as invoice numbers (db/document-numbers.ts). */
    nextConsignmentNumber: (tx: Db): Promise<string> => nextDocumentNumber(tx, 'consignment'),

    async insertConsignment(
      tx: Db,
      c: {
        number: string;
        consignorId: string;
        receivedAt: string | undefined;
        termsOverride: Record<string, unknown> | null;
        notes: string;
        staffId: string;
      },
    ): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into consignments (number, consignor_id, received_at, terms_override, notes, created_by)
            values (${c.number}, ${c.consignorId}::uuid, coalesce(${c.receivedAt ?? null}::timestamptz, clock_timestamp()),
              ${c.termsOverride === null ? null : JSON.stringify(c.termsOverride)}::jsonb, ${c.notes}, ${c.staffId}::uuid)
            returning id`,
      );
      return row!.id;
    },

    /** Locks the consignment's row, so item changes and the agreement of one receipt are made one at a time. */
    async lockConsignment(
      tx: Db,
      id: string,
    ): Promise<
      { id: string; number: string; consignor_id: string; agreement_status: AgreementStatus } | undefined
    > {
      const [row] = await rows<{
        id: string;
        number: string;
        consignor_id: string;
        agreement_status: AgreementStatus;
      }>(
        tx,
        sql`select id, number, consignor_id, agreement_status from consignments where id = ${id}::uuid for update`,
      );
      return row;
    },

    async consignment(tx: Db, id: string): Promise<ConsignmentRow | undefined> {
      const [row] = await rows<ConsignmentRow>(
        tx,
        sql`select ${CONSIGNMENT_SUMMARY_COLUMNS}, k.terms_override, k.agreement_version,
              ${ms('k.agreement_at')} as agreement_ms, k.agreement_by, ${staffName('a')} as agreement_by_name,
              k.notes, k.created_by, ${staffName('s')} as created_by_name
            from consignments k join consignors c on c.id = k.consignor_id
              left join users a on a.id = k.agreement_by left join users s on s.id = k.created_by
            where k.id = ${id}::uuid`,
      );
      return row;
    },

    items: (tx: Db, consignmentId: string) =>
      rows<ConsignmentItemRow>(
        tx,
        sql`select i.id, i.consignment_id, i.rug_id, r.title as rug_title, r.slug as rug_slug, i.estimate_low,
              i.estimate_high, i.reserve, i.status, ${ms('i.created_at')} as created_ms
            from consignment_items i join rugs r on r.id = i.rug_id
            where i.consignment_id = ${consignmentId}::uuid order by i.created_at, i.id`,
      ),

    /** Newest receipt first; `q` matches the number or the consignor's name. */
    async consignmentPage(q: AdminConsignmentListQuery) {
      const where: SQL[] = [];
      if (q.q) {
        const like = `%${q.q}%`;
        where.push(sql`(k.number ilike ${like} or c.name ilike ${like})`);
      }
      if (q.consignorId) where.push(sql`k.consignor_id = ${q.consignorId}::uuid`);
      if (q.rugId)
        where.push(
          sql`exists (select 1 from consignment_items i where i.consignment_id = k.id and i.rug_id = ${q.rugId}::uuid)`,
        );
      const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const from = sql`from consignments k join consignors c on c.id = k.consignor_id ${cond}`;
      const [data, total] = await Promise.all([
        rows<ConsignmentSummaryRow>(
          db,
          sql`select ${CONSIGNMENT_SUMMARY_COLUMNS} ${from}
              order by k.received_at desc, k.id desc limit ${q.pageSize} offset ${pageOffset(q)}`,
        ),
        countOf(db, sql`select count(*) as n ${from}`),
      ]);
      return { rows: data, total };
    },

    /** The rugs among `ids` that exist. */
    async existingRugs(tx: Db, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const found = await rows<{ id: string }>(
        tx,
        sql`select id from rugs where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
      return new Set(found.map((r) => r.id));
    },

    /** The open consignment items of these rugs (decision 086: at most one per rug), with their receipt's number. */
    async openItemsOf(tx: Db, rugIds: string[]): Promise<{ rug_id: string; number: string }[]> {
      if (rugIds.length === 0) return [];
      return rows<{ rug_id: string; number: string }>(
        tx,
        sql`select i.rug_id, k.number from consignment_items i join consignments k on k.id = i.consignment_id
            where i.status in ('received', 'catalogued', 'in_sale', 'unsold')
              and i.rug_id in (${sql.join(
                rugIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`,
      );
    },

    async insertItem(
      tx: Db,
      consignmentId: string,
      item: { rugId: string; estimateLow: number; estimateHigh: number; reserve: number | null },
    ): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        // created_at orders a receipt's rugs as they were taken in: strictly after the receipt's last one, since
        // PGlite's clock can give two inserts of one request the same instant (ties then fell to the random id).
        sql`insert into consignment_items (consignment_id, rug_id, estimate_low, estimate_high, reserve, created_at)
            values (${consignmentId}::uuid, ${item.rugId}::uuid, ${item.estimateLow}, ${item.estimateHigh},
              ${item.reserve},
              greatest(clock_timestamp(), (select max(created_at) + interval '1 microsecond' from consignment_items
                where consignment_id = ${consignmentId}::uuid)))
            returning id`,
      );
      return row!.id;
    },

    async item(
      tx: Db,
      consignmentId: string,
      itemId: string,
    ): Promise<{ id: string; rug_id: string; status: ConsignmentItemStatus } | undefined> {
      const [row] = await rows<{ id: string; rug_id: string; status: ConsignmentItemStatus }>(
        tx,
        sql`select id, rug_id, status from consignment_items
            where id = ${itemId}::uuid and consignment_id = ${consignmentId}::uuid for update`,
      );
      return row;
    },

    async deleteItem(tx: Db, itemId: string): Promise<void> {
      await tx.execute(sql`delete from consignment_items where id = ${itemId}::uuid`);
    },

    async setAgreement(
      tx: Db,
      id: string,
      a: { status: AgreementStatus; version: string; by: string },
    ): Promise<void> {
      await tx.execute(
        sql`update consignments set agreement_status = ${a.status}, agreement_version = ${a.version},
              agreement_at = clock_timestamp(), agreement_by = ${a.by}::uuid, updated_at = clock_timestamp()
            where id = ${id}::uuid`,
      );
    },

    // ---- The journal -----------------------------------------------------------------------------------------

    /**
     * Posts one balanced entry with its lines, once per idempotency key: a second post of the same key changes
     * nothing and answers the first entry's id. The database refuses an unbalanced entry at commit.
     */
    async postLedgerEntry(
      tx: Db,
      entry: {
        kind: string;
        memo?: string;
        idempotencyKey: string;
        consignorId?: string | null;
        consignmentItemId?: string | null;
        lotId?: string | null;
        orderId?: string | null;
        paymentId?: string | null;
        createdBy?: string | null;
      },
      lines: readonly { account: string; amountCents: number }[],
    ): Promise<{ id: string; created: boolean }> {
      const [inserted] = await rows<{ id: string }>(
        tx,
        sql`insert into ledger_entries (kind, memo, idempotency_key, consignor_id, consignment_item_id, lot_id,
              order_id, payment_id, created_by)
            values (${entry.kind}, ${entry.memo ?? ''}, ${entry.idempotencyKey}, ${entry.consignorId ?? null}::uuid,
              ${entry.consignmentItemId ?? null}::uuid, ${entry.lotId ?? null}::uuid, ${entry.orderId ?? null}::uuid,
              ${entry.paymentId ?? null}::uuid, ${entry.createdBy ?? null}::uuid)
            on conflict (idempotency_key) do nothing
            returning id`,
      );
      if (!inserted) {
        const [existing] = await rows<{ id: string }>(
          tx,
          sql`select id from ledger_entries where idempotency_key = ${entry.idempotencyKey}`,
        );
        return { id: existing!.id, created: false };
      }
      await tx.execute(
        sql`insert into ledger_lines (entry_id, account, amount_cents) values ${sql.join(
          lines.map((l) => sql`(${inserted.id}::uuid, ${l.account}, ${l.amountCents})`),
          sql`, `,
        )}`,
      );
      return { id: inserted.id, created: true };
    },

    /**
     * Many entries at once (a settlement run posts thousands): one insert of the entries, skipping keys already
     * posted, then one insert of the lines of those just created. Same rules as `postLedgerEntry`: once per key,
     * balanced at commit. Answers the ids of the entries created, by idempotency key.
     */
    async postLedgerEntries(tx: Db, entries: readonly LedgerEntryToPost[]): Promise<Map<string, string>> {
      const created = new Map<string, string>();
      // Sorted by key, so two transactions posting overlapping sets wait for each other in one order.
      const sorted = [...entries].sort((a, b) => (a.idempotencyKey < b.idempotencyKey ? -1 : 1));
      for (let i = 0; i < sorted.length; i += 500) {
        const chunk = sorted.slice(i, i + 500);
        const inserted = await rows<{ id: string; idempotency_key: string }>(
          tx,
          sql`insert into ledger_entries (kind, memo, idempotency_key, consignor_id, consignment_item_id, lot_id,
                order_id, payment_id, created_by, reverses_entry_id)
              values ${sql.join(
                chunk.map(
                  (e) => sql`(${e.kind}, ${e.memo ?? ''}, ${e.idempotencyKey}, ${e.consignorId ?? null}::uuid,
                    ${e.consignmentItemId ?? null}::uuid, ${e.lotId ?? null}::uuid, ${e.orderId ?? null}::uuid,
                    ${e.paymentId ?? null}::uuid, ${e.createdBy ?? null}::uuid, ${e.reversesEntryId ?? null}::uuid)`,
                ),
                sql`, `,
              )}
              on conflict (idempotency_key) do nothing
              returning id, idempotency_key`,
        );
        if (inserted.length === 0) continue;
        const byKey = new Map(chunk.map((e) => [e.idempotencyKey, e]));
        const lines = inserted.flatMap((row) =>
          byKey
            .get(row.idempotency_key)!
            .lines.map((l) => sql`(${row.id}::uuid, ${l.account}, ${l.amountCents})`),
        );
        await tx.execute(
          sql`insert into ledger_lines (entry_id, account, amount_cents) values ${sql.join(lines, sql`, `)}`,
        );
        for (const row of inserted) created.set(row.idempotency_key, row.id);
      }
      return created;
    },

    /** The balance of each account (debits positive), over every line; accounts without lines are absent. */
    async balances(tx: Db, accounts: string[]): Promise<Map<string, number>> {
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
  };
}
export type ConsignorRepository = ReturnType<typeof createConsignorRepository>;
