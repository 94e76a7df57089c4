import { sql } from 'drizzle-orm';
import type { TransferFailureReason } from '@knotwork/shared/schemas/settlements-staff';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';

/** A Stripe payment of a batch with its latest transfer attempt (none yet: the attempt columns are null). */
export interface StripeItemRow {
  id: string;
  currency: string;
  consignor_id: string;
  consignor_name: string;
  amount_cents: string | number;
  end_to_end_id: string;
  attempt_id: string | null;
  attempt: number | null;
  outcome: 'succeeded' | 'failed' | null;
  destination: string | null;
  idempotency_key: string | null;
}

export interface AttemptInsert {
  itemId: string;
  attempt: number;
  idempotencyKey: string;
  destination: string | null;
  amountCents: number;
  currency: string;
  staffId: string;
  /** Failed before anything was sent (no Stripe account to send to). */
  failed?: { reason: TransferFailureReason; message: string };
}

export type AttemptOutcome =
  | { kind: 'succeeded'; transferId: string }
  | { kind: 'failed'; reason: TransferFailureReason; message: string };

/**
 * The SQL of Stripe Connect transfers (decision 088): `payout_transfers` holds one row per attempt, its outcome
 * written once (a trigger refuses any other change).
 */
export function createTransferRepository() {
  return {
    /** The batch's Stripe payments, each with its latest attempt. */
    stripeItems: (tx: Db, batchId: string) =>
      rows<StripeItemRow>(
        tx,
        sql`select bi.id, b.currency, bi.consignor_id, c.name as consignor_name, bi.amount_cents, bi.end_to_end_id,
              t.id as attempt_id, t.attempt, t.outcome, t.destination, t.idempotency_key
            from payout_batch_items bi join consignors c on c.id = bi.consignor_id
              join payout_batches b on b.id = bi.batch_id
              left join lateral (select * from payout_transfers pt where pt.batch_item_id = bi.id
                order by pt.attempt desc limit 1) t on true
            where bi.batch_id = ${batchId}::uuid and bi.method = 'stripe'
            order by bi.end_to_end_id`,
      ),

    /** Opens an attempt (or records one failed at once); the unique (item, attempt) refuses a second of the same number. */
    async insertAttempt(tx: Db, a: AttemptInsert): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into payout_transfers (batch_item_id, attempt, idempotency_key, destination, amount_cents, currency,
              created_by, outcome, failure_reason, failure_message, finished_at)
            values (${a.itemId}::uuid, ${a.attempt}, ${a.idempotencyKey}, ${a.destination}, ${a.amountCents},
              ${a.currency}, ${a.staffId}::uuid, ${a.failed ? 'failed' : null}, ${a.failed?.reason ?? null},
              ${a.failed?.message ?? null}, ${a.failed ? sql`clock_timestamp()` : null})
            returning id`,
      );
      return row!.id;
    },

    /** Writes an attempt's outcome once; false when another send already wrote it. */
    async recordOutcome(tx: Db, attemptId: string, o: AttemptOutcome): Promise<boolean> {
      const found = await rows<{ id: string }>(
        tx,
        o.kind === 'succeeded'
          ? sql`update payout_transfers set outcome = 'succeeded', transfer_id = ${o.transferId},
                  finished_at = clock_timestamp()
                where id = ${attemptId}::uuid and outcome is null returning id`
          : sql`update payout_transfers set outcome = 'failed', failure_reason = ${o.reason},
                  failure_message = ${o.message}, finished_at = clock_timestamp()
                where id = ${attemptId}::uuid and outcome is null returning id`,
      );
      return found.length > 0;
    },

    /** How many Stripe payments of the batch are not transferred, and how many may have moved money. */
    async transferState(tx: Db, batchId: string): Promise<{ untransferred: number; moving: number }> {
      const [row] = await rows<{ untransferred: string | number; moving: string | number }>(
        tx,
        sql`select
              count(*) filter (where bi.method = 'stripe' and not exists (select 1 from payout_transfers t
                where t.batch_item_id = bi.id and t.outcome = 'succeeded')) as untransferred,
              count(*) filter (where exists (select 1 from payout_transfers t
                where t.batch_item_id = bi.id and (t.outcome is null or t.outcome = 'succeeded'))) as moving
            from payout_batch_items bi where bi.batch_id = ${batchId}::uuid`,
      );
      return { untransferred: num(row?.untransferred ?? 0), moving: num(row?.moving ?? 0) };
    },
  };
}
