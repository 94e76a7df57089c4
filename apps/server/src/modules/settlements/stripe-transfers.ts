import Stripe from 'stripe';
import type { TransferFailureReason } from '@knotwork/shared/schemas/settlements-staff';

export interface TransferRequest {
  amountCents: number;
  /** ISO 4217, as the batch stores it (upper case). */
  currency: string;
  destination: string;
  /** The batch number: Stripe groups the batch's transfers under it. */
  transferGroup: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/**
 * What Stripe answered: a transfer, a refusal it answered for certain (no transfer was made: a new attempt may try
 * again under a new key), or nothing certain (network, Stripe's 5xx, a concurrent request under the same key): the
 * attempt stays open and is sent again under the same key, so Stripe makes it at most once.
 */
export type TransferOutcome =
  | { kind: 'succeeded'; transferId: string }
  | { kind: 'failed'; reason: TransferFailureReason; message: string }
  | { kind: 'unknown' };

export type TransferGateway = (req: TransferRequest) => Promise<TransferOutcome>;

/** A payment's Idempotency-Key: one per attempt, so every resend of an attempt is the same request to Stripe. */
export const transferKey = (itemId: string, attempt: number) => `knotwork-payout-${itemId}-${attempt}`;

/** Stripe's refusal codes in the words staff read (TRANSFER_FAILURE_TEXT); anything else is `refused`. */
function reasonOf(err: Stripe.errors.StripeError): TransferFailureReason {
  const code = err.code ?? '';
  if (code === 'resource_missing' || code === 'account_invalid') return 'account_not_found';
  if (
    code === 'insufficient_capabilities_for_transfer' ||
    code === 'transfers_not_allowed' ||
    code === 'account_closed'
  )
    return 'account_cannot_receive';
  if (code === 'balance_insufficient') return 'insufficient_balance';
  return 'refused';
}

/**
 * Stripe Connect transfers through the official SDK (the client of stripe-client.ts: pointed at STRIPE_API_URL in
 * tests, never the real service there). A 4xx other than a concurrent use of the key is a certain refusal.
 */
export function createTransferGateway(stripe: Stripe): TransferGateway {
  return async (req) => {
    try {
      const transfer = await stripe.transfers.create(
        {
          amount: req.amountCents,
          currency: req.currency.toLowerCase(),
          destination: req.destination,
          transfer_group: req.transferGroup,
          description: req.description,
          metadata: req.metadata,
        },
        { idempotencyKey: req.idempotencyKey },
      );
      return { kind: 'succeeded', transferId: transfer.id };
    } catch (err) {
      if (
        err instanceof Stripe.errors.StripeError &&
        !(err instanceof Stripe.errors.StripeIdempotencyError) &&
        !(err instanceof Stripe.errors.StripeRateLimitError) &&
        err.statusCode !== undefined &&
        err.statusCode >= 400 &&
        err.statusCode < 500
      )
        return { kind: 'failed', reason: reasonOf(err), message: err.message.slice(0, 500) };
      return { kind: 'unknown' };
    }
  };
}
