import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { keyReused, type Answer } from '../../lib/http-answers.ts';

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

/** The answer a stored key gives this request: the first result, or 422 when the body differs. */
export function replayStored(
  stored: { request_hash: string; status_code: number; response: unknown },
  hash: string,
): Answer {
  if (stored.request_hash !== hash) return keyReused();
  return { statusCode: stored.status_code, body: stored.response };
}

export async function findStoredKey(db: Db, userId: string, key: string) {
  const [row] = await rows<{ request_hash: string; status_code: number; response: unknown }>(
    db,
    sql`select request_hash, status_code, response from idempotency_keys where user_id = ${userId}::uuid and key = ${key}`,
  );
  return row;
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

/** Store the answer under the key, inside the transaction that made the change. */
export async function storeKey(
  tx: Db,
  userId: string,
  request: IdempotencyRequest,
  answer: Answer,
): Promise<void> {
  await tx.execute(
    sql`insert into idempotency_keys (user_id, key, request_hash, status_code, response)
        values (${userId}::uuid, ${request.key}, ${request.hash}, ${answer.statusCode}, ${JSON.stringify(answer.body)}::jsonb)`,
  );
}
