import crypto from 'node:crypto';
import type { StoredAnswer } from '@knotwork/shared/bidding/outcomes';

export interface IdempotencyRequest {
  key: string;
  /** Hash of what the request asked for; the same key with another hash is refused. */
  hash: string;
}

/** What a request asked for: the operation, its target and its body. */
export function requestHash(operation: string, target: string, body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([operation, target, body ?? null]))
    .digest('base64url');
}

/**
 * A request with an Idempotency-Key, as the route hands it to a service: the key, what was asked, and the route's
 * adapter, which makes the answer to store with the key in the request's own transaction (the service itself
 * knows no HTTP).
 */
export interface KeyedRequest<O> extends IdempotencyRequest {
  answer: (outcome: O) => StoredAnswer;
}

/** What a stored key gives this request: the first answer, replayed, or a refusal when the request differs. */
export function replayOf(
  stored: { request_hash: string; status_code: number; response: unknown },
  hash: string,
): { kind: 'replayed'; answer: StoredAnswer } | { kind: 'key_reused' } {
  if (stored.request_hash !== hash) return { kind: 'key_reused' };
  return { kind: 'replayed', answer: { statusCode: stored.status_code, body: stored.response } };
}

/** A unique violation on idempotency_keys: another process stored the same key first. */
export function isKeyConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint;
  return code === '23505' && (constraint === undefined || constraint === 'idempotency_keys_pkey');
}

/** Lock waits that give up, deadlocks and serialisation failures: the client may simply retry. */
export function isTransient(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code;
  return code === '40001' || code === '40P01' || code === '55P03' || code === '57014';
}
