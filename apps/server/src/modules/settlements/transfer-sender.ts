import {
  adminSettlementMessages as m,
  TRANSFER_FAILURE_TEXT,
} from '@knotwork/shared/schemas/settlements-staff';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/raw.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import type { ConsignorService } from '../consignors/service.ts';
import { createSettlementRepository } from './repository.ts';
import { transferKey, type TransferGateway } from './stripe-transfers.ts';
import { createTransferRepository } from './transfer-repository.ts';

interface OpenAttempt {
  attemptId: string;
  itemId: string;
  consignorId: string;
  endToEndId: string;
  amountCents: number;
  currency: string;
  destination: string;
  idempotencyKey: string;
}

/** What one send did: payments transferred (now or before), refused now, and not known for certain. */
export interface TransfersSent {
  succeeded: number;
  failed: number;
  pending: number;
}

/**
 * Sends a batch's Stripe payments as Connect transfers (decision 088). Under the batch's row lock (which cancelling
 * and marking paid also take) each payment not transferred gets an attempt: the open one again, or the next after a
 * refusal. Stripe is called after that transaction commits, never inside one, and each outcome is written once. Two
 * sends at the same moment send the same attempts under the same Idempotency-Keys: one transfer each.
 */
export function createTransferSender(deps: {
  db: Db;
  consignors: ConsignorService;
  gateway: TransferGateway;
}) {
  const { db, consignors, gateway } = deps;
  const batches = createSettlementRepository(db);
  const transfers = createTransferRepository();

  /** Opens (or finds) an attempt for every Stripe payment not transferred yet; audited when anything is sent. */
  function openAttempts(staffId: string, batchId: string) {
    return db.transaction(async (tx) => {
      const b = await batches.lockBatch(tx, batchId);
      if (!b) throw notFound(m.batchNotFound);
      if (b.status === 'paid') throw conflict(m.batchAlreadyPaid);
      if (b.status === 'cancelled') throw conflict(m.batchIsCancelled);
      const items = await transfers.stripeItems(tx, batchId);
      if (items.length === 0) throw conflict(m.noStripePayments);
      const open: OpenAttempt[] = [];
      let refused = 0;
      for (const it of items) {
        if (it.outcome === 'succeeded') continue;
        const base = {
          itemId: it.id,
          consignorId: it.consignor_id,
          endToEndId: it.end_to_end_id,
          amountCents: num(it.amount_cents),
          currency: it.currency.trim(),
        };
        if (it.attempt_id && it.outcome === null) {
          // Sent before without a certain answer: the same request again, under the same key.
          open.push({
            ...base,
            attemptId: it.attempt_id,
            destination: it.destination!,
            idempotencyKey: it.idempotency_key!,
          });
          continue;
        }
        const attempt = (it.attempt ?? 0) + 1;
        const idempotencyKey = transferKey(it.id, attempt);
        const details = await consignors.payoutDetails(it.consignor_id, tx);
        const destination = details?.method === 'stripe_connect' ? details.accountId : null;
        const attemptId = await transfers.insertAttempt(tx, {
          ...base,
          attempt,
          idempotencyKey,
          destination,
          staffId,
          ...(destination
            ? {}
            : {
                failed: {
                  reason: 'no_stripe_account',
                  message: TRANSFER_FAILURE_TEXT.no_stripe_account,
                },
              }),
        });
        if (destination) open.push({ ...base, attemptId, destination, idempotencyKey });
        else refused += 1;
      }
      if (open.length + refused > 0)
        await recordStaffAction(tx, {
          staffId,
          action: 'send_payout_transfers',
          details: { batchId, number: b.number, transfers: open.length },
        });
      return { number: b.number, open, refused, done: items.length - open.length - refused };
    });
  }

  return {
    async send(staffId: string, batchId: string): Promise<TransfersSent> {
      const { number, open, refused, done } = await openAttempts(staffId, batchId);
      const sent: TransfersSent = { succeeded: done, failed: refused, pending: 0 };
      for (const a of open) {
        const outcome = await gateway({
          amountCents: a.amountCents,
          currency: a.currency,
          destination: a.destination,
          transferGroup: number,
          description: `${number} ${a.endToEndId} consignment proceeds`,
          metadata: {
            knotwork_batch: number,
            knotwork_batch_item: a.itemId,
            knotwork_consignor: a.consignorId,
            end_to_end_id: a.endToEndId,
          },
          idempotencyKey: a.idempotencyKey,
        });
        if (outcome.kind === 'unknown') {
          sent.pending += 1;
          continue;
        }
        // Written once: a concurrent send that got the same answer under the same key writes nothing.
        await db.transaction((tx) => transfers.recordOutcome(tx, a.attemptId, outcome));
        if (outcome.kind === 'succeeded') sent.succeeded += 1;
        else sent.failed += 1;
      }
      return sent;
    },
  };
}
