import { sql } from 'drizzle-orm';
import type { IdentityCheckStatus, IdentityDocumentKind } from '@knotwork/shared/schemas/identity';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { pageOffset, type PageQuery } from '../../lib/paging.ts';

export interface IdentityCheckRow {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  document_kind: IdentityDocumentKind;
  storage_key: string;
  content_type: string;
  size_bytes: number | string;
  status: IdentityCheckStatus;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_ms: string | number | null;
  created_ms: string | number;
  deleted_ms: string | number | null;
}

const columns = sql`c.id, c.user_id, trim(u.first_name || ' ' || u.last_name) as user_name, u.email as user_email,
  c.document_kind, c.storage_key, c.content_type, c.size_bytes, c.status, c.reason,
  nullif(trim(coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, '')), '') as reviewed_by,
  extract(epoch from c.reviewed_at) * 1000 as reviewed_ms, extract(epoch from c.created_at) * 1000 as created_ms,
  extract(epoch from c.deleted_at) * 1000 as deleted_ms`;
const from = sql`from identity_checks c join users u on u.id = c.user_id left join users s on s.id = c.reviewed_by`;

/** Purchases that count towards the threshold: paid or awaiting payment, not undone (cancelled, expired, refunded). */
const COUNTED = sql`('awaiting_payment', 'paid', 'shipped', 'delivered', 'partially_refunded')`;

/** The SQL of identity checks (migration 0360) and of the purchases they are measured against. */
export function createIdentityRepository(db: Db) {
  return {
    /** The buyer's newest check, if any. */
    async latest(userId: string, tx: Db = db): Promise<IdentityCheckRow | undefined> {
      const [row] = await rows<IdentityCheckRow>(
        tx,
        sql`select ${columns} ${from} where c.user_id = ${userId}::uuid order by c.created_at desc, c.id desc limit 1`,
      );
      return row;
    },

    /** True when any of the buyer's checks was approved (a later refused re-upload does not undo it). */
    async hasApproved(userId: string, tx: Db = db): Promise<boolean> {
      const [row] = await rows<{ ok: boolean }>(
        tx,
        sql`select exists (select 1 from identity_checks where user_id = ${userId}::uuid and status = 'approved') as ok`,
      );
      return Boolean(row?.ok);
    },

    /**
     * The buyer's purchases from the house within the last `months`, per currency (hammer + premium, or the buy-now or
     * fixed price: `item_price`), plus `extraOrderIds` (the orders being paid) whatever their date.
     */
    async purchaseTotals(
      userId: string,
      months: number,
      extraOrderIds: readonly string[] = [],
      tx: Db = db,
    ): Promise<Array<{ currency: string; cents: number }>> {
      const extra = extraOrderIds.length
        ? sql`or o.id in (${sql.join(
            extraOrderIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql``;
      const found = await rows<{ currency: string; cents: string | number }>(
        tx,
        sql`select o.currency, sum(o.item_price) as cents from orders o
            where o.user_id = ${userId}::uuid
              and ((o.status in ${COUNTED} and o.created_at >= now() - make_interval(months => ${months}::int)) ${extra})
            group by o.currency`,
      );
      return found.map((r) => ({ currency: r.currency, cents: num(r.cents) }));
    },

    /** Rates (micros per unit of the house currency) of the currencies asked for that staff have set. */
    async rates(currencies: readonly string[], tx: Db = db): Promise<Map<string, number>> {
      if (currencies.length === 0) return new Map();
      const found = await rows<{ currency: string; rate_micros: string | number }>(
        tx,
        sql`select currency, rate_micros from exchange_rates where currency in (${sql.join(
          currencies.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      );
      return new Map(found.map((r) => [r.currency, num(r.rate_micros)]));
    },

    /** The low estimate of the rug's current lot (or the lot's own), else its fixed price or estimate; cents. */
    async lotAmount(id: string): Promise<number | undefined> {
      const [row] = await rows<{ amount: string | number | null; found: boolean }>(
        db,
        sql`select coalesce(
              (select l.estimate_low from lots l where (l.id = ${id}::uuid or l.rug_id = ${id}::uuid)
                 and l.status in ('scheduled', 'open') order by l.ends_at desc limit 1),
              (select coalesce(r.fixed_price, r.estimate_low) from rugs r where r.id = ${id}::uuid),
              (select l.estimate_low from lots l where l.id = ${id}::uuid)) as amount,
            exists (select 1 from rugs r where r.id = ${id}::uuid)
              or exists (select 1 from lots l where l.id = ${id}::uuid) as found`,
      );
      if (!row?.found) return undefined;
      return row.amount === null ? 0 : num(row.amount);
    },

    async insert(
      input: {
        userId: string;
        kind: IdentityDocumentKind;
        storageKey: string;
        contentType: string;
        sizeBytes: number;
      },
      tx: Db = db,
    ): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into identity_checks (user_id, document_kind, storage_key, content_type, size_bytes)
            values (${input.userId}::uuid, ${input.kind}, ${input.storageKey}, ${input.contentType}, ${input.sizeBytes})
            returning id`,
      );
      return row!.id;
    },

    async find(id: string, tx: Db = db): Promise<IdentityCheckRow | undefined> {
      const [row] = await rows<IdentityCheckRow>(tx, sql`select ${columns} ${from} where c.id = ${id}::uuid`);
      return row;
    },

    /** The check, locked for its review. */
    async lock(
      tx: Db,
      id: string,
    ): Promise<{ id: string; status: IdentityCheckStatus; user_id: string } | undefined> {
      const [row] = await rows<{ id: string; status: IdentityCheckStatus; user_id: string }>(
        tx,
        sql`select id, status, user_id from identity_checks where id = ${id}::uuid for update`,
      );
      return row;
    },

    async review(
      tx: Db,
      id: string,
      staffId: string,
      decision: { status: 'approved' } | { status: 'rejected'; reason: string },
    ): Promise<void> {
      await tx.execute(
        sql`update identity_checks set status = ${decision.status},
              reason = ${decision.status === 'rejected' ? decision.reason : null},
              reviewed_by = ${staffId}::uuid, reviewed_at = clock_timestamp()
            where id = ${id}::uuid`,
      );
    },

    async list(
      status: IdentityCheckStatus | 'all',
      page: PageQuery,
    ): Promise<{ rows: IdentityCheckRow[]; total: number }> {
      const where = status === 'all' ? sql`true` : sql`c.status = ${status}`;
      // The queue reads oldest first (first come, first reviewed); the others newest first.
      const order = status === 'pending' ? sql`c.created_at asc` : sql`c.created_at desc`;
      const found = await rows<IdentityCheckRow & { total: string | number }>(
        db,
        sql`select ${columns}, count(*) over () as total ${from} where ${where}
            order by ${order}, c.id limit ${page.pageSize} offset ${pageOffset(page)}`,
      );
      let total = found[0] ? num(found[0].total) : 0;
      if (!found[0] && page.page > 1) {
        const [c] = await rows<{ n: string | number }>(
          db,
          sql`select count(*) as n from identity_checks c where ${where}`,
        );
        total = num(c?.n ?? 0);
      }
      return { rows: found, total };
    },

    async ofUser(userId: string): Promise<IdentityCheckRow[]> {
      return rows<IdentityCheckRow>(
        db,
        sql`select ${columns} ${from} where c.user_id = ${userId}::uuid order by c.created_at desc, c.id desc limit 50`,
      );
    },

    /** Documents still stored whose upload is older than the retention period, locked (skip locked), oldest first. */
    async expired(
      tx: Db,
      months: number,
      limit: number,
    ): Promise<Array<{ id: string; storage_key: string }>> {
      return rows<{ id: string; storage_key: string }>(
        tx,
        sql`select id, storage_key from identity_checks
            where deleted_at is null and created_at < now() - make_interval(months => ${months}::int)
            order by created_at limit ${limit} for update skip locked`,
      );
    },

    async markDeleted(tx: Db, id: string): Promise<void> {
      await tx.execute(sql`update identity_checks set deleted_at = clock_timestamp() where id = ${id}::uuid`);
    },

    /** Where and how to tell the buyer: their e-mail, first name and language. */
    async contact(
      userId: string,
    ): Promise<{ email: string; first_name: string; language: string } | undefined> {
      const [row] = await rows<{ email: string; first_name: string; language: string }>(
        db,
        sql`select email, first_name, language from users where id = ${userId}::uuid`,
      );
      return row;
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await rows<{ ok: boolean }>(
        db,
        sql`select exists (select 1 from users where id = ${userId}::uuid) as ok`,
      );
      return Boolean(row?.ok);
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
