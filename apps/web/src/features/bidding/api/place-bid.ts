import type { BidResponse } from '@knotwork/shared/schemas/bidding';
import { api, ApiError } from '@/lib/api-client.ts';

export interface PlaceBidInput {
  rugId: string;
  /** The bidder's maximum, in cents (whole currency units). */
  amount: number;
  /** One per bid attempt: a retried request (flaky network) is answered with the first result, never bid twice. */
  idempotencyKey: string;
}

/** POST /rug/add-offer/{rugId}: places (or raises) the caller's maximum bid; answers the lot with caller fields. */
export function placeBid({ rugId, amount, idempotencyKey }: PlaceBidInput): Promise<BidResponse> {
  return api<BidResponse>(`/rug/add-offer/${encodeURIComponent(rugId)}`, {
    method: 'POST',
    body: { amount },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A new key for one bid attempt (crypto.randomUUID needs a secure context; localhost and https both are). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The refusal code of a failed bid (BID_TOO_LOW, LOT_CLOSED, ...), if the server sent one. */
export const refusalCode = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.code : undefined;

/** BID_TOO_LOW carries the lot's next minimum at the moment of refusal. */
export function refusalNextMinimum(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const value = (error.body as { nextMinimum?: unknown }).nextMinimum;
  return typeof value === 'number' ? value : undefined;
}
